import { type CreateServiceOptions, surfaces, testConfig } from '@dus/core';
import { expect } from 'vitest';
import { createApp } from '../../src/app.js';

export const makeApp = (overrides: Parameters<typeof testConfig>[0] = {}, options?: CreateServiceOptions) =>
  createApp(testConfig(overrides), undefined, options);
export const app = makeApp();

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies inspected field by field
export type Json = any;

const rest = surfaces(app);
export const { callTool, bothOk } = rest;
export const postJson = (path: string, body: unknown, target = app, headers: Record<string, string> = {}) =>
  (target === app ? rest : surfaces(target)).postJson(path, body, headers);

/** GET with a query and POST with the same fields as a JSON body: both must give byte-identical bodies. */
export async function twins(path: string, query: Record<string, string>, body: Record<string, unknown>) {
  const get = await app.request(`${path}?${new URLSearchParams(query)}`);
  const post = await postJson(path, body);
  const [getText, postText] = [await get.text(), await post.text()];
  expect(get.status, getText).toBe(post.status);
  if (get.status === 200) expect(getText).toBe(postText);
  return { status: get.status, json: JSON.parse(postText) as Json };
}
