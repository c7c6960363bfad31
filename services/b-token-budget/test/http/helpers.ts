import { type TestJson as Json, testService } from '@dus/testing';
import { expect } from 'vitest';
import { createApp } from '../../src/app.js';

export type { Json };

export const { makeApp, app, postJson, callTool, bothOk } = testService(createApp);

/** GET with a query and POST with the same fields as a JSON body: both must give byte-identical bodies. */
export async function twins(path: string, query: Record<string, string>, body: Record<string, unknown>) {
  const get = await app.request(`${path}?${new URLSearchParams(query)}`);
  const post = await postJson(path, body);
  const [getText, postText] = [await get.text(), await post.text()];
  expect(get.status, getText).toBe(post.status);
  if (get.status === 200) expect(getText).toBe(postText);
  return { status: get.status, json: JSON.parse(postText) as Json };
}
