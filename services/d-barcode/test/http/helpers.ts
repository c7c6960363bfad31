import { type CreateServiceOptions, testConfig } from '@dus/core';
import { createApp } from '../../src/app.js';

export const makeApp = (overrides: Parameters<typeof testConfig>[0] = {}, options?: CreateServiceOptions) =>
  createApp(testConfig(overrides), options);
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
