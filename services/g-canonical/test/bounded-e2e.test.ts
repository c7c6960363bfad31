// Issue 43 item 5 on the built server over a real socket, at the sizes: a 64 KB and a 256 KB RSA
// public exponent (once 4 s and 75 s of event loop), EC d = 0 and d = n, an Ed25519 d of another key,
// key_ops ["verify"] and use "enc" — each 422 invalid_key naming the member, on REST and MCP, and the
// server answers at once afterwards.
import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@dus/testing';
import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from './helpers.js';

let server: ServerProcess;

beforeAll(async () => {
  // A deadline far above the kit's: these tests check answers, not speed, on a machine that may be busy.
  server = await startServerProcess(join(import.meta.dirname, '..', 'dist', 'server.js'), {
    CALL_TIMEOUT_MS: '300000',
  });
});
afterAll(() => server.stop('SIGKILL'));

const jwk = (type: 'rsa' | 'ec' | 'ed25519', options: object = {}) =>
  generateKeyPairSync(type as 'ec', options as { namedCurve: string }).privateKey.export({ format: 'jwk' });
const RSA = jwk('rsa', { modulusLength: 2048 });
const EC = jwk('ec', { namedCurve: 'P-256' });
const ED = jwk('ed25519');
const ED2 = jwk('ed25519');
const N = 'ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551';
const b64u = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');

const call = async (args: string) => {
  const rest = await fetch(`${server.origin}/canonical-digest-api/v1/sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: args,
  });
  const mcp = await fetch(`${server.origin}/canonical-digest-api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"sign_json","arguments":${args}}}`,
  });
  return { status: rest.status, rest: await json(rest), mcp: JSON.stringify(await json(mcp)) };
};

describe('sign bounds and checks its key (built server)', () => {
  it.each([
    ['RS256', 'a 64 KB e', { ...RSA, e: Buffer.alloc(64 * 1024, 0xff).toString('base64url') }, '/key/e'],
    ['RS256', 'a 256 KB e', { ...RSA, e: Buffer.alloc(256 * 1024, 0xff).toString('base64url') }, '/key/e'],
    ['ES256', 'd = 0', { ...EC, d: b64u('00'.repeat(32)) }, '/key/d'],
    ['ES256', 'd = n', { ...EC, d: b64u(N) }, '/key/d'],
    ['EdDSA', 'the d of another key', { ...ED, d: ED2.d }, '/key/d'],
    ['ES256', 'key_ops ["verify"]', { ...EC, key_ops: ['verify'] }, '/key/key_ops'],
    ['RS256', 'use "enc"', { ...RSA, use: 'enc' }, '/key/use'],
  ])(
    '%s with %s: 422 invalid_key at the member, REST and MCP',
    async (alg, _what, key, path) => {
      const answer = await call(JSON.stringify({ value: { amount: 500 }, alg, key }));
      expect(answer.status).toBe(422);
      expect(answer.rest).toMatchObject({ code: 'invalid_key', errors: [{ path, code: 'invalid_key' }] });
      expect(answer.mcp).toContain('invalid_key');
      expect(answer.mcp).toContain(path);
    },
    30_000,
  );

  it('a sound key of each kind still signs, and jose verifies it with the public JWK', async () => {
    for (const [alg, key] of [
      ['RS256', RSA],
      ['ES256', EC],
      ['EdDSA', ED],
    ] as const) {
      const answer = await call(JSON.stringify({ value: { amount: 500 }, alg, key, detached: false }));
      expect(answer.status).toBe(200);
      const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = key;
      const verified = await jose.compactVerify(answer.rest.jws, await jose.importJWK(pub as jose.JWK, alg));
      expect(new TextDecoder().decode(verified.payload)).toBe('{"amount":500}');
    }
  }, 300_000);
});
