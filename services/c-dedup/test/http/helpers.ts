import { type CreateServiceOptions, testConfig } from '@dus/core';
import { expect } from 'vitest';
import { createApp } from '../../src/app.js';

export const makeApp = (overrides: Parameters<typeof testConfig>[0] = {}, options?: CreateServiceOptions) =>
  createApp(testConfig(overrides), undefined, options);
export const app = makeApp();

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies inspected field by field
export type Json = any;

export const postJson = (path: string, body: unknown, target = app) =>
  target.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

export const callTool = async (name: string, args: unknown, target = app): Promise<Json> =>
  (
    await target.request('/api-request-deduplicator/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name, arguments: args },
      }),
    })
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
