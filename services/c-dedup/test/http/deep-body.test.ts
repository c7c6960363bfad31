// A JSON string body nested past the depth limit is refused like a too-deep request body: 400 naming the
// body's own path, on REST and MCP, over a real socket on the production server.
import { listen } from '@dus/core';
import { surfaces } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, makeApp } from './helpers.js';

const depth = 300;
const deepText = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
const requests = [
  { method: 'POST', url: 'https://a.io/x', body: '{"a":1}', headers: { 'content-type': 'application/json' } },
  { method: 'POST', url: 'https://a.io/x', body: deepText, headers: { 'content-type': 'application/json' } },
];
const message = 'nesting exceeds the maximum depth of 256';

let server: Awaited<ReturnType<typeof listen>>;
let socket: ReturnType<typeof surfaces>;
beforeAll(async () => {
  server = await listen(makeApp());
  socket = surfaces(
    { request: (path, init) => fetch(`${server.origin}${path}`, init) },
    '/api-request-deduplicator/mcp',
  );
});
afterAll(() => server.close());

describe('a JSON string body nested deeper than 256 levels', () => {
  it('is 400 validation_failed at /requests/1/body over REST', async () => {
    const res = await socket.postJson('/api/v1/request_deduplicator', { requests });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem: Json = await res.json();
    expect(problem).toMatchObject({
      status: 400,
      code: 'validation_failed',
      index: 1,
      errors: [{ path: '/requests/1/body', code: 'too_deep', message }],
    });
    expect(problem.detail).toMatch(/^request 1: the body cannot be canonicalised: JSON nesting exceeds/);
  });

  it('is the same problem from the MCP tool', async () => {
    const answer: Json = await socket.callTool('request_deduplicator', { requests });
    expect(answer.result.isError).toBe(true);
    expect(JSON.parse(answer.result.content[1].text)).toMatchObject({
      status: 400,
      code: 'validation_failed',
      errors: [{ path: '/requests/1/body', code: 'too_deep', message }],
    });
  });

  it('as text (not a JSON media type) it is an ordinary string', async () => {
    const plain = requests.map((r) => ({ ...r, headers: { 'content-type': 'text/plain' } }));
    const res = await socket.postJson('/api/v1/request_deduplicator', { requests: plain });
    expect(res.status).toBe(200);
  });
});
