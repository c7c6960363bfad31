/** One request over REST (POST /verify) and MCP (tools/call verify_webhook), which must agree. */
import { surfaces } from '@dus/testing';
import { expect } from 'vitest';
import { app, verify } from './client.js';
import { recordResponse } from './recorder.js';

/** The MCP surface of the test app (tools/call and the like). */
export const mcp = surfaces(app);

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies inspected field by field
type Json = any;

/** A 200 over REST whose result the MCP tool repeats exactly; returns the body. */
export async function verifyBoth(body: Record<string, unknown>): Promise<Json> {
  const rest = await verify(body);
  expect(rest.status, rest.text).toBe(200);
  const tool = await mcp.callTool('verify_webhook', body);
  recordResponse('mcp verify_webhook', JSON.stringify(tool));
  expect(tool.result.isError).toBeFalsy();
  expect(tool.result.structuredContent).toEqual(rest.json);
  return rest.json;
}

/** A 4xx problem over REST, and the same problem as an MCP tool error; returns the REST body. */
export async function problemBoth(body: Record<string, unknown>): Promise<Json> {
  const rest = await verify(body);
  expect(rest.status, rest.text).toBeGreaterThanOrEqual(400);
  expect(rest.status).toBeLessThan(500);
  const tool = await mcp.callTool('verify_webhook', body);
  recordResponse('mcp verify_webhook', JSON.stringify(tool));
  expect(tool.result.isError).toBe(true);
  expect(tool.result.content[0].text).toBe(rest.json.detail);
  return rest.json;
}
