// The JWS domain functions with exact answers and exact problems (the words of every invalid_key).
import { generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { JsonValue, ProblemError } from '@dus/core';
import { describe, expect, it } from 'vitest';
import {
  type Jwk,
  signJson,
  signingKey,
  verifyJws,
  verifyingKey,
  withoutMembers,
} from '../src/domain/index.js';

const jwkOf = (type: 'ed25519' | 'ec' | 'rsa', options: object = {}) => {
  const { privateKey } = generateKeyPairSync(type as 'ec', options as { namedCurve: string }) as {
    privateKey: KeyObject;
  };
  return privateKey.export({ format: 'jwk' }) as Jwk & JsonWebKey;
};
const ED = jwkOf('ed25519');
const EC = jwkOf('ec', { namedCurve: 'P-256' });
const RSA = jwkOf('rsa', { modulusLength: 2048 });
const RSA1024 = jwkOf('rsa', { modulusLength: 1024 });
const OCT = { kty: 'oct', k: Buffer.alloc(32, 7).toString('base64url') };

function problem(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    const { status, code, detail, errors } = error as ProblemError;
    return { status, code, detail, errors };
  }
  throw new Error('did not throw');
}
const invalidKey = (message: string) => ({
  status: 422,
  code: 'invalid_key',
  detail: `key: ${message}`,
  errors: [{ path: '/key', code: 'invalid_key', message }],
});

describe('signingKey', () => {
  it.each([
    ['EdDSA', 'EdDSA needs an OKP Ed25519 key (with no other alg)', EC],
    ['ES256', 'ES256 needs an EC P-256 key (with no other alg)', ED],
    ['HS256', 'HS256 needs an oct key (with no other alg)', ED],
    ['RS256', 'RS256 needs an RSA key (with no other alg)', OCT],
    ['RS256', 'RS256 needs an RSA key (with no other alg)', { ...RSA, crv: 'P-256' }],
    ['EdDSA', 'EdDSA needs an OKP Ed25519 key (with no other alg)', { ...ED, alg: 'ES256' }],
    ['EdDSA', 'EdDSA needs the private key (d)', { ...ED, d: undefined }],
    ['HS256', 'k must be base64url', { kty: 'oct', k: 'a+b' }],
    ['HS256', 'k must be 32–1024 bytes', { kty: 'oct', k: Buffer.alloc(31).toString('base64url') }],
    ['HS256', 'k must be 32–1024 bytes', { kty: 'oct', k: Buffer.alloc(1025).toString('base64url') }],
    ['ES256', 'is not a valid EC private key', { ...EC, x: 'AA' }],
    ['RS256', 'n must be 2048–4096 bits', RSA1024],
    ['RS256', 'n must be 2048–4096 bits', { ...RSA, n: Buffer.alloc(513, 0xff).toString('base64url') }],
  ] as const)('%s with an unfit key: %s (%#)', (alg, message, key) => {
    expect(problem(() => signingKey(alg, key as Jwk))).toEqual(invalidKey(message));
  });

  it('accepts the bounds and a key whose own alg is the alg', () => {
    expect(
      signingKey('HS256', { kty: 'oct', k: Buffer.alloc(32).toString('base64url') }).symmetricKeySize,
    ).toBe(32);
    expect(
      signingKey('HS256', { kty: 'oct', k: Buffer.alloc(1024).toString('base64url') }).symmetricKeySize,
    ).toBe(1024);
    expect(signingKey('EdDSA', { ...ED, alg: 'EdDSA' }).asymmetricKeyType).toBe('ed25519');
    expect(signingKey('RS256', RSA).asymmetricKeyDetails?.modulusLength).toBe(2048);
    const n4096 = Buffer.alloc(512, 0xff).toString('base64url');
    expect(signingKey('RS256', { ...RSA, n: n4096 }).asymmetricKeyDetails?.modulusLength).toBe(4096);
  });
});

describe('verifyingKey', () => {
  it.each([
    ['kty must be OKP, EC, RSA or oct', { kty: 'XYZ' }],
    ['kty must be OKP, EC, RSA or oct', { kty: 'constructor' }],
    ['kty must be OKP, EC, RSA or oct', { kty: '__proto__' }],
    ['k must be non-empty base64url', { kty: 'oct' }],
    ['k must be non-empty base64url', { kty: 'oct', k: '' }],
    ['k must be non-empty base64url', { kty: 'oct', k: 'a/b' }],
    ['is not a valid OKP public key', { kty: 'OKP', crv: 'Ed25519' }],
    ['is not a valid EC public key', { kty: 'EC', crv: 'P-256', x: EC.x }],
    ['is not a valid RSA public key', { kty: 'RSA', n: RSA.n }],
  ])('%s (%#)', (message, key) => {
    expect(problem(() => verifyingKey(key as Jwk))).toEqual(invalidKey(message));
  });

  it('reads only the public members: a partial or broken private part is ignored', () => {
    expect(verifyingKey({ kty: 'RSA', n: RSA.n, e: RSA.e, d: RSA.d, p: 'AA' }).type).toBe('public');
    expect(verifyingKey({ ...ED, d: 'AA' }).type).toBe('public');
    expect(verifyingKey({ ...EC, d: 'AA' }).type).toBe('public');
    expect(verifyingKey({ kty: 'oct', k: 'AA' }).symmetricKeySize).toBe(1);
  });
});

describe('withoutMembers', () => {
  it('leaves out the named members that are present, sorted; absent names are ignored', () => {
    const doc = JSON.parse('{"z":1,"__proto__":2,"a":3,"m":4}') as JsonValue;
    const { content, excluded } = withoutMembers(doc, ['z', 'a', 'absent']);
    expect(excluded).toEqual(['a', 'z']);
    expect(JSON.stringify(content)).toBe('{"__proto__":2,"m":4}');
    expect(withoutMembers([1], undefined)).toEqual({ content: [1], excluded: [] });
  });

  it.each([[[1]], [null], [1], ['s']])('exclude on %j is fields_not_applicable', (doc) => {
    expect(problem(() => withoutMembers(doc as JsonValue, ['a']))).toEqual({
      status: 422,
      code: 'fields_not_applicable',
      detail: '"exclude" names members of an object, but the document is not an object.',
      errors: undefined,
    });
  });
});

describe('signJson and verifyJws', () => {
  const b64u = (text: string) => Buffer.from(text).toString('base64url');

  it('HS256 is deterministic: the exact JWS', () => {
    const signed = signJson({ document: { b: 1, a: [true] }, alg: 'HS256', key: OCT, kid: 'k' });
    const header = '{"alg":"HS256","kid":"k"}';
    expect(signed.protected_header).toBe(header);
    expect(signed.jws.startsWith(`${b64u(header)}..`)).toBe(true);
    const attached = signJson({
      document: { b: 1, a: [true] },
      alg: 'HS256',
      key: OCT,
      kid: 'k',
      detached: false,
    });
    expect(attached.jws).toBe(`${b64u(header)}.${b64u('{"a":[true],"b":1}')}.${signed.jws.split('.')[2]}`);
    expect(attached).toMatchObject({
      detached: false,
      excluded: [],
      signing_input_sha256: signed.signing_input_sha256,
    });
  });

  it('exact verdicts, detached told by the middle segment', () => {
    const { jws } = signJson({ document: 1, alg: 'EdDSA', key: ED });
    const [h, , s] = jws.split('.');
    expect(verifyJws({ document: 1, jws, key: ED })).toEqual({
      valid: true,
      reason: null,
      alg: 'EdDSA',
      detached: true,
    });
    expect(verifyJws({ document: 2, jws, key: ED })).toEqual({
      valid: false,
      reason: 'signature_mismatch',
      alg: 'EdDSA',
      detached: true,
    });
    const malformed = (token: string) => verifyJws({ document: 1, jws: token, key: ED });
    expect(malformed(`${h}.${s}`)).toEqual({
      valid: false,
      reason: 'malformed_jws',
      alg: null,
      detached: false,
    });
    expect(malformed(`${h}...${s}`)).toEqual({
      valid: false,
      reason: 'malformed_jws',
      alg: null,
      detached: false,
    });
    expect(malformed(`${b64u('null')}..${s}`)).toMatchObject({ reason: 'malformed_jws', detached: true });
    expect(malformed(`${b64u('1')}..${s}`)).toMatchObject({ reason: 'malformed_jws' });
    expect(malformed(`${b64u('"x"')}..${s}`)).toMatchObject({ reason: 'malformed_jws' });
    // the same signature with the payload attached is the same signing input
    expect(malformed(`${h}.${b64u('1')}.${s}`)).toEqual({
      valid: true,
      reason: null,
      alg: 'EdDSA',
      detached: false,
    });
    expect(malformed(`${h}.${b64u('2')}.${s}`)).toEqual({
      valid: false,
      reason: 'signature_mismatch',
      alg: 'EdDSA',
      detached: false,
    });
  });
});
