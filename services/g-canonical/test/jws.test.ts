// /v1/sign (MCP sign_json) and /v1/verify-signature (MCP verify_json_signature) over REST and MCP on a
// real socket, cross-checked with jose (an independent JOSE implementation): jose verifies every JWS G
// makes, G verifies what jose's CompactSign makes, and tampered JWS give the reasons in the spec's order.
// No key material (d, p, q, dp, dq, qi, k) appears in any answer, problem or log line.
import { createHash, generateKeyPairSync, type JsonWebKey, type KeyObject, randomBytes } from 'node:crypto';
import { createRuntime, testConfig } from '@dus/core';
import * as jose from 'jose';
import { describe, expect, it } from 'vitest';
import { createApp, SERVICE } from '../src/app.js';
import { onSocket } from './socket.js';

const ALGS = ['EdDSA', 'ES256', 'HS256', 'RS256'] as const;
type Alg = (typeof ALGS)[number];

const pair = (type: 'ed25519' | 'ec' | 'rsa', options: object = {}) => {
  const { privateKey, publicKey } = generateKeyPairSync(type as 'ec', options as { namedCurve: string }) as {
    privateKey: KeyObject;
    publicKey: KeyObject;
  };
  return { priv: privateKey.export({ format: 'jwk' }), pub: publicKey.export({ format: 'jwk' }) };
};
const secret = { kty: 'oct', k: randomBytes(32).toString('base64url') };
const KEYS: Record<Alg, { priv: JsonWebKey; pub: JsonWebKey }> = {
  EdDSA: pair('ed25519'),
  ES256: pair('ec', { namedCurve: 'P-256' }),
  HS256: { priv: secret, pub: secret },
  RS256: pair('rsa', { modulusLength: 2048 }),
};
const P384 = pair('ec', { namedCurve: 'P-384' });
const RSA1024 = pair('rsa', { modulusLength: 1024 });

/** Every private value of every key used here: none may appear anywhere in an answer or a log line. */
const SECRETS = [...Object.values(KEYS), P384, RSA1024].flatMap(({ priv }) =>
  ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'].flatMap((m) =>
    typeof priv[m as 'd'] === 'string' ? [priv[m as 'd']!] : [],
  ),
);

const logLines: string[] = [];
const runtime = createRuntime(testConfig(), SERVICE.name, SERVICE.version);
runtime.accessLog = (entry) => logLines.push(JSON.stringify(entry));
for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
  (runtime.logger as unknown as Record<string, unknown>)[level] = (...args: unknown[]) =>
    logLines.push(JSON.stringify(args));
}
const { rest, mcp, both } = onSocket(createApp(testConfig(), { runtime }));

/** Everything the server said, to search for key material. */
const said: string[] = [];
const sign = async (body: unknown) => {
  const answer = await rest('/v1/sign', body);
  const call = await mcp('sign_json', body);
  said.push(JSON.stringify(answer.json), JSON.stringify(call));
  return { ...answer, mcp: call };
};
const check = async (body: unknown) => {
  const answer = await both('/v1/verify-signature', 'verify_json_signature', body);
  said.push(JSON.stringify(answer.json), JSON.stringify(answer.mcp));
  return answer;
};

const b64u = (text: string | Uint8Array) => Buffer.from(text).toString('base64url');
const DOC = { b: 2, a: 1.0, sig: 'x' };
const CANONICAL = '{"a":1,"b":2,"sig":"x"}';
const joseKey = (alg: Alg, jwk: JsonWebKey) => jose.importJWK(jwk as jose.JWK, alg);

describe.each(ALGS)('%s', (alg) => {
  const { priv, pub } = KEYS[alg];

  it('signs detached by default; jose verifies it with the payload re-attached', async () => {
    const { status, json, mcp: call } = await sign({ value: DOC, alg, key: priv });
    expect(status).toBe(200);
    const header = `{"alg":"${alg}"}`;
    const [h, p, s] = json.jws.split('.');
    expect([h, p]).toEqual([b64u(header), '']);
    expect(s).toMatch(/^[A-Za-z0-9_-]+$/);
    if (alg === 'ES256') expect(Buffer.from(s, 'base64url').byteLength).toBe(64);
    expect(json).toMatchObject({ protected_header: header, detached: true, excluded: [] });
    expect(json.signing_input_sha256).toBe(
      createHash('sha256')
        .update(`${b64u(header)}.${b64u(CANONICAL)}`)
        .digest('hex'),
    );
    // ECDSA signatures are randomised: the MCP answer matches in everything else.
    const viaMcp = call.result.structuredContent;
    expect({ ...viaMcp, jws: viaMcp.jws.split('.').slice(0, 2) }).toEqual({ ...json, jws: [h, p] });
    const attached = `${h}.${b64u(CANONICAL)}.${s}`;
    const verified = await jose.compactVerify(attached, await joseKey(alg, pub));
    expect(new TextDecoder().decode(verified.payload)).toBe(CANONICAL);
    expect(verified.protectedHeader).toEqual({ alg });
    await jose.compactVerify(`${h}.${b64u(CANONICAL)}.${viaMcp.jws.split('.')[2]}`, await joseKey(alg, pub));
    expect((await check({ value: DOC, jws: json.jws, key: pub })).json).toEqual({
      valid: true,
      reason: null,
      alg,
      detached: true,
    });
  });

  it('signs attached with kid and exclude; jose verifies it; G verifies it', async () => {
    const { json } = await sign({
      json: '{"sig":"old","b":2,"a":1}',
      alg,
      key: priv,
      detached: false,
      exclude: ['sig', 'absent'],
      kid: 'key-1',
    });
    expect(json).toMatchObject({
      protected_header: `{"alg":"${alg}","kid":"key-1"}`,
      detached: false,
      excluded: ['sig'],
    });
    const verified = await jose.compactVerify(json.jws, await joseKey(alg, pub));
    expect(new TextDecoder().decode(verified.payload)).toBe('{"a":1,"b":2}');
    expect(verified.protectedHeader).toEqual({ alg, kid: 'key-1' });
    const ok = await check({ value: { a: 1, b: 2, sig: 'new' }, jws: json.jws, key: pub, exclude: ['sig'] });
    expect(ok.json).toEqual({ valid: true, reason: null, alg, detached: false });
    const withSig = await check({ value: { a: 1, b: 2, sig: 'new' }, jws: json.jws, key: pub });
    expect(withSig.json).toEqual({ valid: false, reason: 'payload_mismatch', alg, detached: false });
  });

  it('verifies what jose.CompactSign makes, attached and detached; tampering gives the right reason', async () => {
    const privateKey = await joseKey(alg, priv);
    const jws = await new jose.CompactSign(new TextEncoder().encode(CANONICAL))
      .setProtectedHeader({ alg, typ: 'JOSE', kid: 'k' })
      .sign(privateKey);
    const [h, p, s] = jws.split('.') as [string, string, string];
    const verdict = async (token: string, value: unknown = DOC) =>
      (await check({ value, jws: token, key: pub })).json;
    expect(await verdict(jws)).toEqual({ valid: true, reason: null, alg, detached: false });
    expect(await verdict(`${h}..${s}`)).toEqual({ valid: true, reason: null, alg, detached: true });
    // the private JWK's private members are ignored when verifying
    expect((await check({ value: DOC, jws, key: priv })).json.valid).toBe(true);

    const other = await new jose.CompactSign(new TextEncoder().encode('{"a":2}'))
      .setProtectedHeader({ alg })
      .sign(privateKey);
    const reason = async (token: string, value: unknown = DOC) => (await verdict(token, value)).reason;
    expect(await reason(other)).toBe('payload_mismatch');
    expect(await reason(`${other.split('.')[0]}..${other.split('.')[2]}`)).toBe('signature_mismatch');
    expect(await reason(`${h}.${b64u('{"a":1,"b":3,"sig":"x"}')}.${s}`)).toBe('signature_mismatch');
    expect(await reason(`${h}..${s}`, { ...DOC, b: 3 })).toBe('signature_mismatch');
    const flipped = Buffer.from(s, 'base64url');
    flipped[0]! ^= 1;
    expect(await reason(`${h}.${p}.${flipped.toString('base64url')}`)).toBe('signature_mismatch');
    expect(await reason(`${h}.${p}.`)).toBe('signature_mismatch');
    expect(await reason(`${b64u(`{"alg":"${alg}","kid":"other"}`)}.${p}.${s}`)).toBe('signature_mismatch');
    expect(await reason(`${b64u(`{"alg":"${alg}","crit":["exp"],"exp":1}`)}.${p}.${s}`)).toBe(
      'unsupported_crit',
    );
  });
});

describe('verify: the reasons in order', () => {
  const { pub } = KEYS.EdDSA;
  const sig = b64u('signature');
  const head = (header: string) => b64u(header);
  const reasonOf = async (jws: string, key: object = pub) => (await check({ value: DOC, jws, key })).json;

  it.each([
    ['two segments', `${head('{"alg":"EdDSA"}')}.${sig}`],
    ['four segments', `${head('{"alg":"EdDSA"}')}...${sig}`],
    ['an empty header', `..${sig}`],
    ['a header that is not JSON', `${head('{"alg":')}..${sig}`],
    ['a header that is an array', `${head('["EdDSA"]')}..${sig}`],
    ['a header with duplicate names', `${head('{"alg":"EdDSA","alg":"none"}')}..${sig}`],
    ['a header that is not UTF-8', `${b64u(Buffer.from([0x7b, 0xff, 0x7d]))}..${sig}`],
    ['a segment that is not base64url', `${head('{"alg":"EdDSA"}')}.a+b.${sig}`],
    ['a signature that is not base64url', `${head('{"alg":"EdDSA"}')}..${sig}=`],
    ['a segment of impossible length', `${head('{"alg":"EdDSA"}')}.abcde.${sig}`],
  ])('malformed_jws: %s', async (_, jws) => {
    expect(await reasonOf(jws)).toEqual({
      valid: false,
      reason: 'malformed_jws',
      alg: null,
      detached: expect.any(Boolean),
    });
  });

  it('unsupported_alg before crit and key; none included; alg null when not a string', async () => {
    expect(await reasonOf(`${head('{"alg":"none","crit":["x"]}')}..`)).toEqual({
      valid: false,
      reason: 'unsupported_alg',
      alg: 'none',
      detached: true,
    });
    expect((await reasonOf(`${head('{"alg":"HS512"}')}..${sig}`)).reason).toBe('unsupported_alg');
    expect((await reasonOf(`${head('{"alg":"eddsa"}')}..${sig}`)).reason).toBe('unsupported_alg');
    expect(await reasonOf(`${head('{"alg":1}')}..${sig}`)).toMatchObject({
      reason: 'unsupported_alg',
      alg: null,
    });
    expect(await reasonOf(`${head('{}')}..${sig}`)).toMatchObject({ reason: 'unsupported_alg', alg: null });
  });

  it('unsupported_crit before key_mismatch', async () => {
    expect((await reasonOf(`${head('{"alg":"HS256","crit":[]}')}..${sig}`)).reason).toBe('unsupported_crit');
  });

  it('key_mismatch: a key of another type or curve, or whose own alg differs (RFC 8725 §3.1)', async () => {
    const token = (alg: string) => `${head(`{"alg":"${alg}"}`)}..${sig}`;
    expect(await reasonOf(token('HS256'), pub)).toMatchObject({ reason: 'key_mismatch', alg: 'HS256' });
    expect((await reasonOf(token('EdDSA'), KEYS.ES256.pub)).reason).toBe('key_mismatch');
    expect((await reasonOf(token('ES256'), P384.pub)).reason).toBe('key_mismatch');
    expect((await reasonOf(token('RS256'), KEYS.HS256.pub)).reason).toBe('key_mismatch');
    expect((await reasonOf(token('EdDSA'), { ...pub, alg: 'Ed25519' })).reason).toBe('key_mismatch');
    expect((await reasonOf(token('EdDSA'), { ...pub, alg: 'EdDSA' })).reason).toBe('signature_mismatch');
  });

  it('a key that is not a JWK is 422 invalid_key at /key; a member of the wrong type is 400', async () => {
    for (const key of [
      { kty: 'OKP' },
      { kty: 'XYZ' },
      { kty: 'oct', k: '' },
      { kty: 'oct', k: '!!' },
      { kty: 'EC', crv: 'P-256', x: 'AA', y: 'AA' },
    ]) {
      const { status, json } = await check({ value: DOC, jws: `${head('{"alg":"EdDSA"}')}..${sig}`, key });
      expect(status).toBe(422);
      expect(json).toMatchObject({ code: 'invalid_key', errors: [{ path: '/key', code: 'invalid_key' }] });
    }
    const ill = await check({ value: DOC, jws: 'a.b.c', key: { kty: 'OKP', x: 1 } });
    expect(ill.status).toBe(400);
    expect(ill.json.errors[0].path).toBe('/key/x');
    expect((await check({ value: DOC, jws: 'a.b.c' })).json.errors[0].path).toBe('/key');
    expect((await check({ value: [1], jws: 'a.b.c', key: pub, exclude: ['a'] })).json.code).toBe(
      'fields_not_applicable',
    );
  });
});

describe('sign: keys and inputs', () => {
  const invalid = async (alg: Alg, key: object) => {
    const { status, json } = await sign({ value: DOC, alg, key });
    expect(status).toBe(422);
    expect(json).toMatchObject({ code: 'invalid_key', errors: [{ path: '/key', code: 'invalid_key' }] });
    return json.detail as string;
  };

  it('a key that does not fit alg, lacks its private part or is out of bounds is invalid_key at /key', async () => {
    expect(await invalid('EdDSA', KEYS.ES256.priv)).toMatch(/Ed25519/);
    expect(await invalid('ES256', P384.priv)).toMatch(/P-256/);
    expect(await invalid('RS256', KEYS.EdDSA.priv)).toMatch(/RSA/);
    expect(await invalid('HS256', KEYS.RS256.priv)).toMatch(/oct/);
    expect(await invalid('EdDSA', KEYS.EdDSA.pub)).toMatch(/private/);
    expect(await invalid('ES256', KEYS.ES256.pub)).toMatch(/private/);
    expect(await invalid('RS256', KEYS.RS256.pub)).toMatch(/private/);
    expect(await invalid('RS256', RSA1024.priv)).toMatch(/2048/);
    expect(await invalid('HS256', { kty: 'oct', k: randomBytes(31).toString('base64url') })).toMatch(/32/);
    expect(await invalid('HS256', { kty: 'oct', k: randomBytes(1025).toString('base64url') })).toMatch(
      /1024/,
    );
    expect(await invalid('HS256', { kty: 'oct', k: 'not base64url!' })).toMatch(/base64url/);
    expect(await invalid('HS256', { kty: 'oct' })).toMatch(/base64url/);
    expect(await invalid('EdDSA', { ...KEYS.EdDSA.priv, alg: 'ES256' })).toMatch(/alg/);
    expect(await invalid('EdDSA', { ...KEYS.EdDSA.priv, d: 'AAAA' })).toMatch(/OKP private key/);
    const { p, q, dp, dq, qi, ...partial } = KEYS.RS256.priv;
    expect(await invalid('RS256', partial)).toMatch(/RSA private key/);
  });

  it('HMAC keys of 32 and 1024 bytes, RSA moduli of 2048 and 4096 bits are accepted', async () => {
    const k = randomBytes(1024).toString('base64url');
    expect((await sign({ value: 1, alg: 'HS256', key: { kty: 'oct', k } })).status).toBe(200);
    expect((await sign({ value: 1, alg: 'HS256', key: { kty: 'oct', k: k.slice(0, 43) } })).status).toBe(200);
    const rsa4096 = pair('rsa', { modulusLength: 4096 });
    const signed = await sign({ value: 1, alg: 'RS256', key: rsa4096.priv });
    expect(signed.status).toBe(200);
    const [h, , sig] = signed.json.jws.split('.');
    await jose.compactVerify(`${h}.${b64u('1')}.${sig}`, await joseKey('RS256', rsa4096.pub));
    // node:crypto imports an RSA JWK without checking n against p and q: what it signs with such a key
    // does not verify with n and e, so it is refused; a modulus past 4096 bits is refused first.
    const modulus = (bytes: number) => Buffer.alloc(bytes, 0xff).toString('base64url');
    const rsa = (bytes: number) => ({
      value: 1,
      alg: 'RS256',
      key: { ...KEYS.RS256.priv, n: modulus(bytes) },
    });
    expect((await sign(rsa(512))).json).toMatchObject({
      code: 'invalid_key',
      detail: 'key: the private members do not belong to the public ones',
    });
    expect((await sign(rsa(513))).json).toMatchObject({
      code: 'invalid_key',
      detail: 'key: n must be 2048–4096 bits',
    });
    // A 4096-bit key is generated above: slow on a busy machine.
  }, 120_000);

  it('malformed members are 400 validation_failed naming them', async () => {
    const path = async (body: object) => {
      const { status, json } = await sign(body);
      expect(status).toBe(400);
      expect(json.code).toBe('validation_failed');
      return json.errors[0].path;
    };
    expect(await path({ value: 1, key: KEYS.EdDSA.priv })).toBe('/alg');
    expect(await path({ value: 1, alg: 'none', key: KEYS.EdDSA.priv })).toBe('/alg');
    expect(await path({ value: 1, alg: 'EdDSA' })).toBe('/key');
    expect(await path({ value: 1, alg: 'EdDSA', key: { crv: 'Ed25519' } })).toBe('/key/kty');
    expect(await path({ value: 1, alg: 'EdDSA', key: { ...KEYS.EdDSA.priv, d: 7 } })).toBe('/key/d');
    expect(await path({ value: {}, alg: 'EdDSA', key: KEYS.EdDSA.priv, exclude: [] })).toBe('/exclude');
    expect(await path({ value: {}, alg: 'EdDSA', key: KEYS.EdDSA.priv, exclude: ['a', 'a'] })).toBe(
      '/exclude',
    );
    expect(await path({ value: {}, alg: 'EdDSA', key: KEYS.EdDSA.priv, kid: 'k'.repeat(257) })).toBe('/kid');
    expect(await path({ alg: 'EdDSA', key: KEYS.EdDSA.priv })).toBe('/value');
  });

  it('exclude needs an object; the header is canonical JSON (a kid escaped as JCS does)', async () => {
    const notObject = await sign({ value: [1], alg: 'EdDSA', key: KEYS.EdDSA.priv, exclude: ['a'] });
    expect(notObject.json).toMatchObject({ status: 422, code: 'fields_not_applicable' });
    const kid = await sign({ value: null, alg: 'HS256', key: KEYS.HS256.priv, kid: 'é"\n' });
    expect(kid.json.protected_header).toBe('{"alg":"HS256","kid":"é\\"\\n"}');
    expect(kid.json.jws.split('.')[0]).toBe(b64u('{"alg":"HS256","kid":"é\\"\\n"}'));
    expect(
      (await sign({ value: null, alg: 'HS256', key: KEYS.HS256.priv, kid: 'k'.repeat(256) })).status,
    ).toBe(200);
  });
});

describe('no key material anywhere', () => {
  it('in no answer, problem or log line of this file', () => {
    expect(said.length).toBeGreaterThan(100);
    expect(logLines.length).toBeGreaterThan(100);
    expect(SECRETS.length).toBe(1 + 1 + 1 + 6 + 1 + 6);
    for (const text of [...said, ...logLines]) {
      for (const value of SECRETS) expect(text.includes(value), text.slice(0, 200)).toBe(false);
    }
  });
});
