// What G checks in a JWK before it signs or verifies (issue 43 item 5): a bounded RSA exponent, a
// private part that belongs to the public part, `key_ops` and `use`. Exact problems; what is signed
// verifies with jose and the JWK's own public part.
import { generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { ProblemError } from '@dus/core';
import * as jose from 'jose';
import { describe, expect, it } from 'vitest';
import { type Jwk, signJson, verifyJws } from '../src/domain/index.js';
import { checkRsaExponent } from '../src/domain/jwk-checks.js';
import { onSocket } from './socket.js';

const pair = (type: 'ed25519' | 'ec' | 'rsa', options: object = {}) => {
  const { privateKey, publicKey } = generateKeyPairSync(type as 'ec', options as { namedCurve: string }) as {
    privateKey: KeyObject;
    publicKey: KeyObject;
  };
  return {
    priv: privateKey.export({ format: 'jwk' }) as Jwk & JsonWebKey,
    pub: publicKey.export({ format: 'jwk' }) as Jwk & JsonWebKey,
  };
};
const ED = pair('ed25519');
const ED2 = pair('ed25519');
const EC = pair('ec', { namedCurve: 'P-256' });
const EC2 = pair('ec', { namedCurve: 'P-256' });
const RSA = pair('rsa', { modulusLength: 2048 });
const OCT = { kty: 'oct', k: Buffer.alloc(32, 7).toString('base64url') };

const hex = (text: string) => Buffer.from(text, 'hex').toString('base64url');
/** P-256 (FIPS 186-5, SEC 2): the base point G, the field prime p and the order n. */
const GX = '6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296';
const GY = '4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5';
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const int32 = (value: bigint) => hex(value.toString(16).padStart(64, '0'));

function problem(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    const { status, code, detail, errors } = error as ProblemError;
    return { status, code, detail, errors };
  }
  throw new Error('did not throw');
}
const invalidKey = (path: string, message: string) => ({
  status: 422,
  code: 'invalid_key',
  detail: `${path.slice(1).replace('/', '.')}: ${message}`,
  errors: [{ path, code: 'invalid_key', message }],
});
const sign = (alg: 'EdDSA' | 'ES256' | 'HS256' | 'RS256', key: object) =>
  signJson({ document: { a: 1 }, alg, key: key as Jwk, detached: false });

/** jose's verdict on a compact JWS with a public JWK. */
async function joseVerifies(jws: string, alg: string, pub: object) {
  const { payload } = await jose.compactVerify(jws, await jose.importJWK(pub as jose.JWK, alg));
  return new TextDecoder().decode(payload);
}

// Some tests generate RSA keys: slow on a busy machine.
describe('RSA public exponent: odd, 2^16 < e < 2^256 (FIPS 186-5 §A.1.1)', { timeout: 120_000 }, () => {
  const E_MESSAGE = 'e must be an odd integer above 65536 and below 2^256 (FIPS 186-5 §A.1.1)';
  const withE = (bytes: Buffer | string) => ({
    kty: 'RSA',
    e: typeof bytes === 'string' ? bytes : bytes.toString('base64url'),
  });
  const big = (value: bigint) =>
    Buffer.from(
      value
        .toString(16)
        .padStart(2, '0')
        .replace(/^(.(..)*)$/, '0$1'),
      'hex',
    );

  it.each([
    ['3', big(3n)],
    ['65535', big(65535n)],
    ['65536 (even)', big(65536n)],
    ['65537 + 1 (even)', big(65538n)],
    ['2^256 + 1', big((1n << 256n) + 1n)],
    ['64 KB of 0xff', Buffer.alloc(64 * 1024, 0xff)],
    ['empty', Buffer.alloc(0)],
    ['zero', Buffer.alloc(3)],
  ])('refuses e = %s at /key/e', (_name, bytes) => {
    expect(problem(() => checkRsaExponent(withE(bytes)))).toEqual(invalidKey('/key/e', E_MESSAGE));
  });

  it('refuses an e that is not base64url, or one over 64 characters (leading zeros)', () => {
    expect(problem(() => checkRsaExponent(withE('AQ+B')))).toEqual(invalidKey('/key/e', E_MESSAGE));
    const padded = Buffer.concat([Buffer.alloc(46), big(65537n)]).toString('base64url');
    expect(padded.length).toBe(66);
    expect(problem(() => checkRsaExponent(withE(padded)))).toEqual(invalidKey('/key/e', E_MESSAGE));
  });

  it.each([
    ['65537', big(65537n)],
    ['65539', big(65539n)],
    ['2^256 − 1', big((1n << 256n) - 1n)],
    ['65537 after leading zeros (64 characters)', Buffer.concat([Buffer.alloc(45), big(65537n)])],
  ])('accepts e = %s', (_name, bytes) => {
    expect(() => checkRsaExponent(withE(bytes))).not.toThrow();
  });

  it('other key types and an RSA key without e are not its business', () => {
    expect(() => checkRsaExponent({ kty: 'EC', e: 'AA' })).not.toThrow();
    expect(() => checkRsaExponent({ kty: 'RSA' })).not.toThrow();
  });

  it('is checked when signing and when verifying, before the key is built', () => {
    const huge = { ...RSA.priv, e: Buffer.alloc(64 * 1024, 0xff).toString('base64url') };
    expect(problem(() => sign('RS256', huge))).toEqual(invalidKey('/key/e', E_MESSAGE));
    const signed = sign('RS256', RSA.priv).jws;
    expect(
      problem(() => verifyJws({ document: { a: 1 }, jws: signed, key: { ...RSA.pub, e: huge.e } })),
    ).toEqual(invalidKey('/key/e', E_MESSAGE));
  });

  it('a key generated with e = 65539 signs, and jose verifies it', async () => {
    const odd = pair('rsa', { modulusLength: 2048, publicExponent: 65539 });
    expect(odd.pub.e).toBe('AQAD');
    expect(await joseVerifies(sign('RS256', odd.priv).jws, 'RS256', odd.pub)).toBe('{"a":1}');
  });
});

describe('a private part that belongs to its public part', { timeout: 120_000 }, () => {
  it.each([
    ['0', 0n],
    ['n', N],
    ['n + 1', N + 1n],
  ])('ES256 with d = %s is refused at /key/d', (_name, d) => {
    expect(problem(() => sign('ES256', { ...EC.priv, d: int32(d) }))).toEqual(
      invalidKey('/key/d', 'd must be 1 … n − 1 of P-256'),
    );
  });

  it('ES256 with the d of another key is refused at /key/d', () => {
    expect(problem(() => sign('ES256', { ...EC.priv, d: EC2.priv.d }))).toEqual(
      invalidKey('/key/d', 'd does not match x and y'),
    );
    // x right, y of the negated point (−P is on the curve too): refused
    const negated = int32(P - BigInt(`0x${Buffer.from(EC.priv.y!, 'base64url').toString('hex')}`));
    expect(problem(() => sign('ES256', { ...EC.priv, y: negated }))).toEqual(
      invalidKey('/key/d', 'd does not match x and y'),
    );
  });

  it('ES256 at the ends of the range: d = 1 (G) and d = n − 1 (−G) sign, and jose verifies them', async () => {
    const one = { kty: 'EC', crv: 'P-256', x: hex(GX), y: hex(GY) };
    const minusOne = { ...one, y: int32(P - BigInt(`0x${GY}`)) };
    for (const [pub, d] of [
      [one, 1n],
      [minusOne, N - 1n],
    ] as const) {
      const jws = sign('ES256', { ...pub, d: int32(d) }).jws;
      expect(await joseVerifies(jws, 'ES256', pub)).toBe('{"a":1}');
    }
    // A short d (leading zeros left out) is the same integer.
    const short = sign('ES256', { ...one, d: hex('01') }).jws;
    expect(await joseVerifies(short, 'ES256', one)).toBe('{"a":1}');
  });

  it('EdDSA with the d of another key is refused at /key/d', () => {
    expect(problem(() => sign('EdDSA', { ...ED.priv, d: ED2.priv.d }))).toEqual(
      invalidKey('/key/d', 'd does not match x'),
    );
    expect(problem(() => sign('EdDSA', { ...ED.priv, x: ED2.priv.x }))).toEqual(
      invalidKey('/key/d', 'd does not match x'),
    );
  });

  it('RS256 whose private members are not those of n and e (dp and d of another key) is refused', () => {
    const other = pair('rsa', { modulusLength: 2048 }).priv;
    expect(problem(() => sign('RS256', { ...RSA.priv, dp: other.dp, d: other.d }))).toEqual(
      invalidKey('/key', 'the private members do not belong to the public ones'),
    );
  });

  it.each([
    ['EdDSA', ED],
    ['ES256', EC],
    ['RS256', RSA],
  ] as const)(
    '%s: what is signed verifies with jose and the public JWK, attached and detached',
    async (alg, keys) => {
      expect(await joseVerifies(sign(alg, keys.priv).jws, alg, keys.pub)).toBe('{"a":1}');
      const detached = signJson({ document: { b: [2], a: 1 }, alg, key: keys.priv });
      const [h, , s] = detached.jws.split('.');
      const payload = Buffer.from('{"a":1,"b":[2]}').toString('base64url');
      expect(await joseVerifies(`${h}.${payload}.${s}`, alg, keys.pub)).toBe('{"a":1,"b":[2]}');
    },
  );
});

describe('key_ops (RFC 7517 §4.3) and use (§4.2)', () => {
  it.each([
    ['EdDSA', ED.priv],
    ['ES256', EC.priv],
    ['HS256', OCT],
    ['RS256', RSA.priv],
  ] as const)('%s: key_ops without "sign" or a use other than "sig" cannot sign', (alg, key) => {
    expect(problem(() => sign(alg, { ...key, key_ops: ['verify'] }))).toEqual(
      invalidKey('/key/key_ops', 'key_ops does not list "sign"'),
    );
    expect(problem(() => sign(alg, { ...key, key_ops: [] }))).toEqual(
      invalidKey('/key/key_ops', 'key_ops does not list "sign"'),
    );
    expect(problem(() => sign(alg, { ...key, use: 'enc' }))).toEqual(
      invalidKey('/key/use', 'use must be "sig" to sign or verify'),
    );
    expect(problem(() => sign(alg, { ...key, use: 'SIG' }))).toMatchObject({
      errors: [{ path: '/key/use' }],
    });
    expect(sign(alg, { ...key, key_ops: ['verify', 'sign'], use: 'sig' }).jws.split('.')).toHaveLength(3);
  });

  it('verifying needs "verify" in key_ops and use "sig" when they are given', () => {
    const jws = sign('EdDSA', ED.priv).jws;
    const verify = (key: object) => verifyJws({ document: { a: 1 }, jws, key: key as Jwk });
    expect(verify({ ...ED.pub, key_ops: ['verify'], use: 'sig' }).valid).toBe(true);
    expect(problem(() => verify({ ...ED.pub, key_ops: ['sign'] }))).toEqual(
      invalidKey('/key/key_ops', 'key_ops does not list "verify"'),
    );
    expect(problem(() => verify({ ...ED.pub, use: 'enc' }))).toEqual(
      invalidKey('/key/use', 'use must be "sig" to sign or verify'),
    );
    expect(problem(() => verify({ ...OCT, use: 'enc' }))).toMatchObject({ errors: [{ path: '/key/use' }] });
  });
});

describe('over a socket (REST and MCP)', () => {
  const s = onSocket();

  it('a key_ops that is not an array of strings, or a use that is not a string, is 400 naming it', async () => {
    for (const [member, value] of [
      ['key_ops', 'sign'],
      ['key_ops', [1]],
      ['use', 1],
    ] as const) {
      const { status, json } = await s.rest('/v1/sign', {
        value: 1,
        alg: 'HS256',
        key: { ...OCT, [member]: value },
      });
      expect(status).toBe(400);
      expect(json).toMatchObject({ code: 'validation_failed', errors: [{ path: `/key/${member}` }] });
    }
  });

  it('the refusals are 422 invalid_key naming the member on both surfaces', async () => {
    for (const [key, path] of [
      [{ ...EC.priv, d: int32(0n) }, '/key/d'],
      [{ ...ED.priv, d: ED2.priv.d }, '/key/d'],
      [{ ...RSA.priv, e: Buffer.alloc(64 * 1024, 0xff).toString('base64url') }, '/key/e'],
      [{ ...RSA.priv, key_ops: ['verify'] }, '/key/key_ops'],
      [{ ...EC.priv, use: 'enc' }, '/key/use'],
    ] as const) {
      const alg = key.kty === 'EC' ? 'ES256' : key.kty === 'OKP' ? 'EdDSA' : 'RS256';
      const answer = await s.both('/v1/sign', 'sign_json', { value: 1, alg, key });
      expect(answer.status).toBe(422);
      expect(answer.json).toMatchObject({ code: 'invalid_key', errors: [{ path, code: 'invalid_key' }] });
      expect(JSON.stringify(answer.mcp)).toContain(path);
    }
  });
});
