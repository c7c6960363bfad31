// Raw JSON text input, digest verification (RFC 9530's own example), canonical comparison and keyed
// digests (RFC 4231 test cases) over REST and MCP.
import { createHmac } from 'node:crypto';
import { testConfig } from '@dus/core';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';

const app = createApp(testConfig());
const BASE = '/canonical-digest-api';
// biome-ignore lint/suspicious/noExplicitAny: JSON bodies inspected field by field
type Json = any;

async function both(
  path: string,
  tool: string,
  body: unknown,
): Promise<{ status: number; json: Json; mcp: Json }> {
  const res = await app.request(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  const mcp: Json = await (
    await app.request(`${BASE}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: tool, arguments: body },
      }),
    })
  ).json();
  if (res.status === 200) expect(mcp.result.structuredContent).toEqual(json);
  else expect(mcp.result.isError).toBe(true);
  return { status: res.status, json, mcp };
}

describe('raw JSON text (`json`) beside `value`', () => {
  it('canonicalizes text exactly as a value', async () => {
    const { json } = await both('/v1/canonicalize', 'canonicalize', { json: '{"b":2,"a":1.0,"n":1E2}' });
    expect(json).toEqual({ canonical: '{"a":1,"b":2,"n":100}', bytes: 21 });
  });

  it('finds duplicate names and big integers through MCP too', async () => {
    expect((await both('/v1/canonicalize', 'canonicalize', { json: '{"a":1,"a":2}' })).json.code).toBe(
      'duplicate_key',
    );
    const big = await both('/v1/digest', 'digest', { json: '[9007199254740993]' });
    expect(big.status).toBe(422);
    expect(big.mcp.result.content[0].text).toMatch(/2\^53|exactly/);
  });

  it('value, json and text are exclusive', async () => {
    const { status, json } = await both('/v1/digest', 'digest', { value: 1, json: '1' });
    expect(status).toBe(400);
    expect(json.errors[0].path).toBe('/json');
  });
});

describe('verify_digest', () => {
  const hello = '{"hello": "world"}';
  it('RFC 9530\'s example: sha-256 and sha-512 of {"hello": "world"} in one field', async () => {
    const field =
      'sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:, sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:';
    const { json } = await both('/v1/verify-digest', 'verify_digest', { text: hello, content_digest: field });
    expect(json).toEqual({
      matches: true,
      algorithm: 'sha-256',
      checked: [
        { algorithm: 'sha-256', matches: true },
        { algorithm: 'sha-512', matches: true },
      ],
      unsupported: [],
    });
  });

  it('a mismatch, an unknown algorithm, a bare digest of ambiguous length', async () => {
    const wrong = await both('/v1/verify-digest', 'verify_digest', {
      text: hello,
      content_digest: 'sha-256=:AAAA:, md5=:AAAA:',
    });
    expect(wrong.json).toMatchObject({ matches: false, algorithm: null, unsupported: ['md5'] });
    const bare = await both('/v1/verify-digest', 'verify_digest', {
      text: hello,
      digest: '5f8f04f6a3a892aaabbddb6cf273894493773960d4a325b105fee46eef4304f1',
    });
    expect(bare.json).toMatchObject({ matches: true, algorithm: 'sha-256' });
    const canonical = await both('/v1/verify-digest', 'verify_digest', {
      value: { hello: 'world' },
      digest: 'k6I5cakU5erL8KjSUVTNownDwccvu5kU1Hxg88toFYg',
      algorithm: 'sha-256',
    });
    expect(canonical.json.matches).toBe(true);
  });

  it('a malformed field or digest is a 400 naming it', async () => {
    expect(
      (await both('/v1/verify-digest', 'verify_digest', { text: 'x', content_digest: 'sha-256=abc' })).json
        .errors[0].path,
    ).toBe('/content_digest');
    expect(
      (await both('/v1/verify-digest', 'verify_digest', { text: 'x', digest: '!!' })).json.errors[0].path,
    ).toBe('/digest');
  });
});

describe('compare_documents', () => {
  it.each([
    [{ a: { id: 1, tags: ['x', 'y'] }, b_json: '{"tags":["x","y"],"id":1.0}' }, true, null],
    [{ a: { id: 1, tags: ['x', 'y'] }, b_json: '{"tags":["x","z"],"id":1.0}' }, false, '/tags/1'],
    [{ a: { a: 1, b: 2 }, b: { a: 1 } }, false, '/b'],
    [{ a: [1, 2], b: [1, 2, 3] }, false, '/2'],
    [{ a: { z: 1, a: 1 }, b: { z: 2, a: 2 } }, false, '/a'],
    [{ a: { x: null }, b: { x: 0 } }, false, '/x'],
    [{ a: { 'a/b': 1 }, b: { 'a/b': 2 } }, false, '/a~1b'],
  ])('%j → equal %s, first difference %s', async (body, equal, pointer) => {
    const { json } = await both('/v1/compare', 'compare_documents', body);
    expect(json).toMatchObject({ equal, first_difference: pointer });
    expect(json.a_sha256 === json.b_sha256).toBe(equal);
  });
});

describe('keyed_digest (HMAC, RFC 4231)', () => {
  it('test case 2: key "Jefe", "what do ya want for nothing?"', async () => {
    const { json } = await both('/v1/keyed-digest', 'keyed_digest', {
      text: 'what do ya want for nothing?',
      secret: 'Jefe',
    });
    expect(json.hex).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    const sha512 = await both('/v1/keyed-digest', 'keyed_digest', {
      text: 'what do ya want for nothing?',
      secret: 'Jefe',
      algorithm: 'sha-512',
    });
    expect(sha512.json.hex).toBe(
      '164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737',
    );
  });

  it('of the canonical form of a value, and the secret is never echoed', async () => {
    const { json } = await both('/v1/keyed-digest', 'keyed_digest', {
      value: { b: 1, a: 2 },
      secret: 's3cr3t-value',
    });
    expect(json.hex).toBe(createHmac('sha256', 's3cr3t-value').update('{"a":2,"b":1}').digest('hex'));
    const bad = await both('/v1/keyed-digest', 'keyed_digest', {
      value: 1,
      json: '1',
      secret: 's3cr3t-value',
    });
    expect(JSON.stringify(bad.json)).not.toContain('s3cr3t');
    expect(JSON.stringify(bad.mcp)).not.toContain('s3cr3t');
  });
});
