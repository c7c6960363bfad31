import { expect } from 'vitest';
import { type CreateServiceOptions, testConfig } from '@dus/core';
import { createApp } from '../../src/app.js';

export const makeApp = (overrides: Parameters<typeof testConfig>[0] = {}, options?: CreateServiceOptions) =>
  createApp(testConfig(overrides), undefined, options);
export const app = makeApp();

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies inspected field by field
export type Json = any;

export const postJson = (path: string, body: unknown, target = app, headers: Record<string, string> = {}) =>
  target.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

export const callTool = async (name: string, args: unknown, target = app): Promise<Json> =>
  (
    await postJson(
      '/mcp',
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      target,
      {
        accept: 'application/json',
      },
    )
  ).json();

/** POST a body and call the tool with it: both must answer the same 200. */
export async function bothOk(path: string, tool: string, body: Record<string, unknown>): Promise<Json> {
  const res = await postJson(path, body);
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  const mcp = await callTool(tool, body);
  expect(mcp.result.isError, JSON.stringify(mcp.result)).toBeFalsy();
  expect(mcp.result.structuredContent).toEqual(json);
  return json;
}
