import { isDeepStrictEqual } from 'node:util';
import { type CreateServiceOptions, type ServiceConfig, testConfig } from '@dus/core';

interface RequestTarget {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

// biome-ignore lint/suspicious/noExplicitAny: test code inspects bodies field by field
export type Json = any;

/**
 * The REST and MCP surfaces of a service app for its tests: POST a JSON body, call a tool with the
 * same arguments, and `bothOk` — a 200 whose body the tool's structuredContent equals (throws
 * otherwise, so it works under any test runner).
 */
export function surfaces(app: RequestTarget, mcpPath = '/mcp') {
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const callTool = async (name: string, args: unknown): Promise<Json> =>
    (
      await postJson(
        mcpPath,
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
        { accept: 'application/json' },
      )
    ).json();
  const bothOk = async (path: string, tool: string, body: unknown): Promise<Json> => {
    const res = await postJson(path, body);
    const json: Json = await res.json();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
    const mcp = await callTool(tool, body);
    if (mcp.result?.isError) throw new Error(`${tool} failed: ${JSON.stringify(mcp.result)}`);
    if (!isDeepStrictEqual(mcp.result?.structuredContent, json)) {
      throw new Error(
        `${tool} answered differently from ${path}: ${JSON.stringify(mcp.result?.structuredContent)}`,
      );
    }
    return json;
  };
  return { postJson, callTool, bothOk };
}

/**
 * What a service's tests share: `makeApp(config overrides, options)` on the test configuration, one
 * `app`, and its surfaces (`postJson` may target another app built by `makeApp`).
 */
export function testService<A extends RequestTarget>(
  createApp: (config: ServiceConfig, options?: CreateServiceOptions) => A,
  mcpPath = '/mcp',
) {
  const makeApp = (overrides: Partial<ServiceConfig> = {}, options?: CreateServiceOptions) =>
    createApp(testConfig(overrides), options);
  const app = makeApp();
  const rest = surfaces(app, mcpPath);
  const postJson = (
    path: string,
    body: unknown,
    target: RequestTarget = app,
    headers: Record<string, string> = {},
  ) => (target === app ? rest : surfaces(target, mcpPath)).postJson(path, body, headers);
  return { makeApp, app, postJson, callTool: rest.callTool, bothOk: rest.bothOk };
}
