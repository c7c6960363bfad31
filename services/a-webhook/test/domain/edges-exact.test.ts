// Edge cases by exact values: key forms and refusals, DER shapes, base64 bodies, the `headers` limits, when
// each hint appears, whole problem details, and each platform's exact messages. Keys come from node:crypto and
// every delivery is signed here with node:crypto (an implementation independent of the code under test).
import {
  createHash,
  createHmac,
  createSecretKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
} from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeBase64Body, fromBase64OrBase64Url } from '../../src/domain/base64-body.js';
import { invalidFields } from '../../src/domain/errors.js';
import {
  PLATFORM_NAMES,
  PLATFORMS_BY_NAME,
  type PlatformName,
  type VerifyInput,
  verifyWebhook,
} from '../../src/domain/index.js';
import { isDerEcdsaSignature } from '../../src/domain/keys.js';
import { checkEd25519 } from '../../src/domain/platforms/ed25519-check.js';
import { formParameterVariants, urlVariants } from '../../src/domain/platforms/twilio-signing.js';
import type { VerifyRequest } from '../../src/domain/types.js';
import { problemFrom } from './helpers/problem.js';
import { paypalSignature } from './helpers/sign.js';
import { selfSignedCertificate } from './helpers/x509.js';

const NOW = 1_700_000_000;
/** NOW as Zendesk writes it. */
const NOW_ISO = '2023-11-14T22:13:20Z';
const SECRET = 'edge-secret';
const BODY = '{"id":"evt_1","n":1}';

const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const k256 = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
const ed = generateKeyPairSync('ed25519');
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });

const pem = (key: KeyObject) => key.export({ format: 'pem', type: 'spki' }).toString();
const der64 = (key: KeyObject) => key.export({ format: 'der', type: 'spki' }).toString('base64');
const rawEd = (key: KeyObject) => key.export({ format: 'der', type: 'spki' }).subarray(-32);

const hmacHex = (hash: string, key: string | Buffer, data: string | Buffer) =>
  createHmac(hash, key).update(data).digest('hex');
const hmacB64 = (hash: string, key: string | Buffer, data: string | Buffer) =>
  createHmac(hash, key).update(data).digest('base64');
const edSign = (key: KeyObject, data: string) => sign(null, Buffer.from(data), key);
const ecSign = (data: string) =>
  sign('sha256', Buffer.from(data), { key: p256.privateKey, dsaEncoding: 'der' });

/** The first of `make(0)`, `make(1)`, … whose base64url spelling holds a `-` or `_` (not standard base64). */
function urlSafeOnly<T>(make: (i: number) => T, bytes: (value: T) => Buffer): T {
  for (let i = 0; i < 1000; i++) {
    const value = make(i);
    if (/[-_]/.test(bytes(value).toString('base64url'))) return value;
  }
  throw new Error('no URL-safe spelling found');
}

const PRIVATE = 'is a private key; pass the public key (never share the private one)';

/** The whole 400 `invalid_public_key` problem for `field`. */
function expectKeyProblem(input: VerifyInput, field: 'public_key' | 'cert', message: string): void {
  const error = problemFrom(() => verifyWebhook(input, { nowS: NOW }));
  expect(error.toProblem()).toEqual({
    type: 'urn:problem:invalid_public_key',
    title: 'Invalid public key',
    status: 400,
    detail: `${field}: ${message}`,
    code: 'invalid_public_key',
    errors: [{ path: `/${field}`, code: 'invalid_public_key', message }],
    valid: false,
  });
}

/** The whole 400 `validation_failed` problem with these field errors. */
function expectInvalid(input: VerifyInput, errors: { path: string; code: string; message: string }[]): void {
  const error = problemFrom(() => verifyWebhook(input, { nowS: NOW }));
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  expect(error.toProblem()).toEqual({
    type: 'urn:problem:validation_failed',
    title: 'Request validation failed',
    status: 400,
    detail: `${errors[0]!.path}: ${errors[0]!.message}${more}`,
    code: 'validation_failed',
    errors,
    valid: false,
  });
}

describe('SendGrid keys and signatures', () => {
  const timestamp = String(NOW);
  const base = { platform: 'sendgrid', payload: BODY, timestamp, now: NOW };
  const signature = ecSign(timestamp + BODY).toString('base64');

  it('takes the key as PEM or bare base64 DER, with whitespace around and inside', () => {
    for (const publicKey of [
      `\n  ${pem(p256.publicKey)}`,
      `  ${der64(p256.publicKey)}\n`,
      der64(p256.publicKey).replace(/(.{16})/g, '$1\n\t '),
    ]) {
      expect(verifyWebhook({ ...base, public_key: publicKey, signature }), publicKey).toMatchObject({
        valid: true,
        message: 'signature matches; timestamp 0 s old (tolerance 300 s)',
      });
    }
  });

  it('refuses private keys, other curves and key types, and what is no key, by exact problem', () => {
    const privateKeys = [
      p256.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      p256.privateKey.export({ format: 'pem', type: 'sec1' }).toString(),
    ];
    for (const text of privateKeys)
      expectKeyProblem({ ...base, signature, public_key: text }, 'public_key', PRIVATE);
    for (const text of [pem(k256.publicKey), der64(k256.publicKey), pem(rsa.publicKey), pem(ed.publicKey)]) {
      expectKeyProblem(
        { ...base, signature, public_key: text },
        'public_key',
        'must be an EC P-256 (prime256v1) public key',
      );
    }
    for (const text of [
      '',
      ' \n ',
      'AA==',
      'not a key!',
      pem(p256.publicKey).replaceAll('PUBLIC KEY', 'CERTIFICATE'),
    ]) {
      expectKeyProblem(
        { ...base, signature, public_key: text },
        'public_key',
        'must be a PEM public key or a base64 DER SubjectPublicKeyInfo',
      );
    }
  });

  it('trims the signature; a non-DER signature is malformed with the exact message', () => {
    const input = { ...base, public_key: pem(p256.publicKey) };
    expect(verifyWebhook({ ...input, signature: ` ${signature}\n` }).valid).toBe(true);
    // INTEGER r of 34 bytes: inside the 72-byte bound, but longer than any P-256 (or P-521 scalar) integer.
    const long = derSignature(34, 1);
    for (const bad of ['not base64!', Buffer.from(long).toString('base64')]) {
      expect(verifyWebhook({ ...input, signature: bad })).toEqual({
        valid: false,
        platform: 'sendgrid',
        scheme: 'sendgrid-ecdsa',
        algorithm: 'ECDSA-P256-SHA256',
        encoding: 'base64',
        reason: 'malformed_signature',
        message: 'X-Twilio-Email-Event-Webhook-Signature must be a base64 DER ECDSA signature',
        timestamp: null,
        timestamp_age_s: null,
        tolerance_s: 300,
        signatures_found: 0,
        matched_signature_index: null,
        matched_secret_index: null,
        ignored: [],
        hints: [],
      });
    }
  });

  it('judges a signed timestamp in milliseconds as seconds, with the milliseconds hint', () => {
    const ms = String(NOW * 1000);
    const result = verifyWebhook({
      ...base,
      public_key: pem(p256.publicKey),
      timestamp: ms,
      signature: ecSign(ms + BODY).toString('base64'),
    });
    expect(result).toMatchObject({
      valid: false,
      reason: 'timestamp_in_future',
      timestamp: NOW * 1000,
      hints: ['timestamp_looks_like_milliseconds'],
    });
  });
});

/** SEQUENCE { INTEGER r, INTEGER s } with consistent length bytes. */
function derSignature(rLength: number, sLength: number): Uint8Array {
  const body = [0x02, rLength, ...new Array(rLength).fill(1), 0x02, sLength, ...new Array(sLength).fill(1)];
  return Uint8Array.from([0x30, body.length, ...body]);
}

describe('the DER ECDSA shape', () => {
  it('INTEGERs of 1 to 33 bytes; 34 is refused even when the whole fits in 72 bytes', () => {
    expect(isDerEcdsaSignature(derSignature(33, 1))).toBe(true);
    expect(isDerEcdsaSignature(derSignature(1, 33))).toBe(true);
    expect(derSignature(34, 1).length).toBe(41);
    expect(isDerEcdsaSignature(derSignature(34, 1))).toBe(false);
    expect(isDerEcdsaSignature(derSignature(1, 34))).toBe(false);
    expect(isDerEcdsaSignature(derSignature(34, 34))).toBe(false);
  });

  it('SEQUENCE tag and length byte, INTEGER tags and lengths, nothing trailing, 8 to 72 bytes', () => {
    const smallest = derSignature(1, 1);
    expect(Array.from(smallest)).toEqual([0x30, 6, 2, 1, 1, 2, 1, 1]);
    expect(isDerEcdsaSignature(smallest)).toBe(true);
    const patched = (at: number, value: number) =>
      smallest.map((byte, index) => (index === at ? value : byte));
    for (const [at, value] of [
      [0, 0x31],
      [1, 7],
      [1, 5],
      [2, 0x03],
      [5, 0x03],
      [3, 2],
      [6, 2],
    ] as const) {
      expect(isDerEcdsaSignature(patched(at, value)), `byte ${at} = ${value}`).toBe(false);
    }
    expect(isDerEcdsaSignature(derSignature(0, 2))).toBe(false);
    expect(isDerEcdsaSignature(derSignature(2, 0))).toBe(false);
    expect(isDerEcdsaSignature(Uint8Array.from([0x30, 7, 2, 1, 1, 2, 1, 1, 0]))).toBe(false);
    expect(isDerEcdsaSignature(Uint8Array.from([0x30, 5, 2, 1, 1, 2, 0]))).toBe(false);
    expect(isDerEcdsaSignature(new Uint8Array(0))).toBe(false);
    const longest = derSignature(33, 33);
    expect(longest.length).toBe(72);
    expect(isDerEcdsaSignature(longest)).toBe(true);
    expect(isDerEcdsaSignature(Uint8Array.from([...longest.slice(0, 1), 71, ...longest.slice(2), 0]))).toBe(
      false,
    );
  });
});

describe('PayPal certificates and keys', () => {
  const headers = {
    transmission_id: '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
    transmission_time: '2016-02-18T20:01:35Z',
    webhook_id: '1JE4291016473214C',
  };
  const signature = paypalSignature(rsa.privateKey, headers, BODY);
  const day = 86_400;
  const certificate = (from: number, to: number, publicKey = rsa.publicKey) =>
    selfSignedCertificate({
      publicKey,
      privateKey: rsa.privateKey,
      commonName: 'messageverificationcerts.paypal.test',
      notBefore: new Date(from * 1000),
      notAfter: new Date(to * 1000),
    });
  const current = certificate(NOW - day, NOW + 365 * day);
  const base = { platform: 'paypal', payload: BODY, signature, ...headers };

  it('takes a certificate with whitespace around it, or a bare RSA key (which has no validity period)', () => {
    for (const cert of [`\n  ${current}  `, pem(rsa.publicKey), der64(rsa.publicKey)]) {
      expect(verifyWebhook({ ...base, cert }, { nowS: NOW }), cert).toMatchObject({
        valid: true,
        message: 'signature matches',
        hints: [],
      });
    }
  });

  it('hints an expired certificate only after its last second, a future one only before its first', () => {
    const ending = certificate(NOW - day, NOW);
    expect(verifyWebhook({ ...base, cert: ending }, { nowS: NOW })).toMatchObject({ valid: true, hints: [] });
    expect(verifyWebhook({ ...base, cert: ending }, { nowS: NOW + 1 })).toMatchObject({
      valid: true,
      hints: ['certificate_expired'],
    });
    const starting = certificate(NOW, NOW + day);
    expect(verifyWebhook({ ...base, cert: starting }, { nowS: NOW })).toMatchObject({
      valid: true,
      hints: [],
    });
    expect(verifyWebhook({ ...base, cert: starting }, { nowS: NOW - 1 })).toMatchObject({
      valid: true,
      hints: ['certificate_not_yet_valid'],
    });
  });

  it('a malformed signature keeps the certificate hints and names the modulus size', () => {
    const expired = certificate(NOW - 2 * day, NOW - day);
    for (const bad of ['AAAA', ` ${signature.slice(4)}`]) {
      expect(verifyWebhook({ ...base, cert: expired, signature: bad }, { nowS: NOW })).toMatchObject({
        valid: false,
        reason: 'malformed_signature',
        message: 'PAYPAL-TRANSMISSION-SIG must be the base64 of a 256-byte RSA signature',
        signatures_found: 0,
        hints: ['certificate_expired'],
      });
    }
    expect(verifyWebhook({ ...base, cert: current, signature: ` ${signature}\n` }, { nowS: NOW }).valid).toBe(
      true,
    );
  });

  it('refuses a private key, a certificate of an EC key and what is neither, by exact problem', () => {
    expectKeyProblem(
      { ...base, cert: rsa.privateKey.export({ format: 'pem', type: 'pkcs1' }).toString() },
      'cert',
      PRIVATE,
    );
    expectKeyProblem(
      { ...base, cert: certificate(NOW - day, NOW + day, p256.publicKey) },
      'cert',
      'must hold an RSA public key',
    );
    expectKeyProblem({ ...base, cert: pem(ed.publicKey) }, 'cert', 'must hold an RSA public key');
    for (const cert of ['', 'not a certificate', current.replace('MII', 'MIJ')]) {
      expectKeyProblem({ ...base, cert }, 'cert', 'must be a PEM certificate or an RSA public key');
    }
  });

  it('HMAC mode: trimmed signature, whitespace hint, exact malformed message', () => {
    const hmac = { platform: 'paypal', mode: 'hmac', payload: BODY, secret: 'a secret' };
    const hex = hmacHex('sha256', 'a secret', BODY);
    expect(verifyWebhook({ ...hmac, signature: ` ${hex} ` })).toMatchObject({
      valid: true,
      scheme: 'paypal-hmac',
      encoding: 'hex',
    });
    expect(verifyWebhook({ ...hmac, signature: '0'.repeat(64) })).toMatchObject({
      reason: 'signature_mismatch',
      message: 'the signature does not match the payload under the secret',
      hints: ['secret_has_whitespace'],
    });
    expect(verifyWebhook({ ...hmac, signature: 'zz' })).toMatchObject({
      reason: 'malformed_signature',
      encoding: 'base64',
      message: 'the signature must be 64 hex digits or the base64 of 32 bytes',
    });
  });

  it('missing fields: the native note, and none in HMAC mode', () => {
    const native = problemFrom(() =>
      verifyWebhook({ platform: 'paypal', payload: BODY, signature, ...headers }),
    );
    expect(native.toProblem()).toEqual({
      type: 'urn:problem:missing_field',
      title: 'Missing required field',
      status: 400,
      detail:
        "missing required field for platform paypal: cert. PayPal's native check needs cert (from " +
        'PAYPAL-CERT-URL), transmission_id, transmission_time and webhook_id; to check a shared-secret HMAC ' +
        'of the payload instead, send mode: "hmac" with secret',
      code: 'missing_field',
      errors: [{ path: '/cert', code: 'missing_field', message: 'cert is required for platform paypal' }],
      valid: false,
    });
    const hmac = problemFrom(() =>
      verifyWebhook({ platform: 'paypal', mode: 'hmac', payload: BODY, signature }),
    );
    expect(hmac.detail).toBe('missing required field for platform paypal: secret');
  });
});

describe('Ed25519 keys and signatures', () => {
  const hex = rawEd(ed.publicKey).toString('hex');
  const jwk = ed.publicKey.export({ format: 'jwk' }) as Record<string, string>;
  const generic = { platform: 'generic-ed25519', payload: BODY };
  const hexSignature = edSign(ed.privateKey, BODY).toString('hex');

  it('generic-ed25519 takes hex, PEM and JWK keys with whitespace around them', () => {
    for (const publicKey of [` ${hex}\n`, `\n${pem(ed.publicKey)}`, ` ${JSON.stringify(jwk)} `]) {
      expect(
        verifyWebhook({ ...generic, public_key: publicKey, signature: hexSignature }),
        publicKey,
      ).toMatchObject({ valid: true, encoding: 'hex' });
    }
  });

  it('generic-ed25519 takes base64url keys and signatures with their = padding', () => {
    const urlKey = urlSafeOnly(
      () => generateKeyPairSync('ed25519'),
      (pair) => rawEd(pair.publicKey),
    );
    const payload = urlSafeOnly(
      (i) => `${BODY}${i}`,
      (text) => edSign(urlKey.privateKey, text),
    );
    const publicKey = `${rawEd(urlKey.publicKey).toString('base64url')}=`;
    const signature = `${edSign(urlKey.privateKey, payload).toString('base64url')}==`;
    expect(verifyWebhook({ ...generic, payload, public_key: publicKey, signature })).toMatchObject({
      valid: true,
      encoding: 'base64',
    });
    expect(fromBase64OrBase64Url(publicKey)).toEqual(rawEd(urlKey.publicKey));
    expect(fromBase64OrBase64Url('==')).toEqual(Buffer.alloc(0));
    expect(fromBase64OrBase64Url('-_8')).toEqual(Buffer.from([0xfb, 0xff]));
    expect(fromBase64OrBase64Url('-_8=')).toEqual(Buffer.from([0xfb, 0xff]));
    expect(fromBase64OrBase64Url('-_8==x')).toBeUndefined();
  });

  it('generic-ed25519 refuses a JWK whose x is not 32 bytes of base64url', () => {
    const any =
      'must be an Ed25519 public key: 64 hex digits, the 32 bytes in base64, a PEM public key or an OKP JWK';
    const longer = Buffer.concat([rawEd(ed.publicKey), Buffer.from([0])]).toString('base64url');
    for (const x of [longer, 'not base64url!', rawEd(ed.publicKey).subarray(1).toString('base64url')]) {
      expectKeyProblem(
        { ...generic, public_key: JSON.stringify({ ...jwk, x }), signature: hexSignature },
        'public_key',
        any,
      );
    }
    for (const other of [{ kty: 'EC' }, { crv: 'X25519' }, { x: 1 }, { x: null }]) {
      expectKeyProblem(
        { ...generic, public_key: JSON.stringify({ ...jwk, ...other }), signature: hexSignature },
        'public_key',
        any,
      );
    }
    for (const text of [
      JSON.stringify({ ...jwk, d: jwk.x }),
      ed.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    ]) {
      expectKeyProblem({ ...generic, public_key: text, signature: hexSignature }, 'public_key', PRIVATE);
    }
  });

  it('generic-ed25519: trimmed signature; the malformed message follows the encoding', () => {
    const input = { ...generic, public_key: hex };
    expect(verifyWebhook({ ...input, signature: ` ${hexSignature}\n` })).toMatchObject({
      valid: true,
      encoding: 'hex',
    });
    const malformed = (signature: string, encoding?: string) =>
      verifyWebhook({ ...input, signature, ...(encoding ? { encoding } : {}) });
    expect(malformed('zz', 'hex')).toMatchObject({
      reason: 'malformed_signature',
      encoding: 'hex',
      message: 'the signature must be 128 hex digits (an Ed25519 signature)',
    });
    expect(malformed('z'.repeat(128))).toMatchObject({
      reason: 'malformed_signature',
      encoding: 'hex',
      message: 'the signature must be 128 hex digits (an Ed25519 signature)',
    });
    expect(malformed(hexSignature.slice(2))).toMatchObject({
      reason: 'malformed_signature',
      encoding: 'base64',
      message: 'the signature must be the base64 of 64 bytes (an Ed25519 signature)',
    });
  });

  it('discord: trimmed key and signature; a timestamp in milliseconds is judged as seconds', () => {
    const discord = { platform: 'discord', public_key: ` ${hex.toUpperCase()} `, payload: BODY };
    const ts = String(NOW);
    expect(
      verifyWebhook({
        ...discord,
        timestamp: ts,
        signature: ` ${edSign(ed.privateKey, ts + BODY).toString('hex')} `,
      }),
    ).toMatchObject({ valid: true, timestamp: null, tolerance_s: null });
    const ms = String(NOW * 1000);
    const result = verifyWebhook({
      ...discord,
      timestamp: ms,
      tolerance: 300,
      now: NOW,
      signature: edSign(ed.privateKey, ms + BODY).toString('hex'),
    });
    expect(result).toMatchObject({
      valid: false,
      reason: 'timestamp_in_future',
      timestamp: NOW * 1000,
      tolerance_s: 300,
      hints: ['timestamp_looks_like_milliseconds'],
    });
  });
});

describe('payload_base64', () => {
  const signature = `sha256=${hmacHex('sha256', SECRET, 'Hel')}`;
  const github = { platform: 'github', secret: SECRET, signature };
  const invalid = {
    path: '/payload_base64',
    code: 'invalid_base64',
    message: 'must be base64 (standard or URL-safe alphabet, padding optional, no whitespace)',
  };

  it('at most two = are padding; more, or padding on a length that is no multiple of 4, is refused', () => {
    expect(verifyWebhook({ ...github, payload_base64: 'SGVs' }).valid).toBe(true);
    for (const encoded of ['SGVs====', 'SGVs===', 'SGU==', 'SGVsbA=', 'SGVs\n', ' SGVs']) {
      expectInvalid({ ...github, payload_base64: encoded }, [invalid]);
    }
    expect(decodeBase64Body('SGU=')).toEqual(Buffer.from('He'));
    expect(decodeBase64Body('SGU')).toEqual(Buffer.from('He'));
    expect(decodeBase64Body('-_8')).toEqual(Buffer.from([0xfb, 0xff]));
    expect(decodeBase64Body('+/8=')).toEqual(Buffer.from([0xfb, 0xff]));
    for (const bad of ['SGU==', 'SGVs====', '=', '==', '+_8=', 'SGV'])
      expect(decodeBase64Body(bad)).toBeUndefined();
  });
});

describe('headers', () => {
  const payload = 'Hello, World!';
  const hubSignature = `sha256=${hmacHex('sha256', SECRET, payload)}`;
  const github = { platform: 'github', secret: SECRET, payload };
  const fill = (count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`X-H${i}`, 'v']));

  it('up to 100 headers, names of 256 characters, arrays of 100 values and values of 8192 characters', () => {
    const headers = {
      ...fill(96),
      'X-HUB-signature-256': hubSignature,
      ['N'.repeat(256)]: 'v',
      'X-List': new Array(100).fill('a'),
      'X-Long': 'a'.repeat(8192),
    };
    expect(Object.keys(headers)).toHaveLength(100);
    expect(verifyWebhook({ ...github, headers })).toMatchObject({
      valid: true,
      message: 'signature matches',
    });
    // Names that differ only in case are one header, joined with ", " up to the same 8192 characters.
    const joined = { 'X-Hub-Signature-256': hubSignature, 'X-A': 'a'.repeat(4000), 'x-a': 'b'.repeat(4190) };
    expect(verifyWebhook({ ...github, headers: joined }).valid).toBe(true);
  });

  it('an explicit null field is filled from the header; an explicit value wins', () => {
    const headers = { 'x-hub-signature-256': hubSignature };
    expect(verifyWebhook({ ...github, signature: null as unknown as string, headers }).valid).toBe(true);
    expect(verifyWebhook({ ...github, signature: `sha256=${'0'.repeat(64)}`, headers }).valid).toBe(false);
  });

  it('a repeated header sent as an array is joined with ", " (Standard Webhooks)', () => {
    const key = Buffer.from('edge standard-webhooks key');
    const v1 = hmacB64('sha256', key, `msg_1.${NOW}.${BODY}`);
    const input = {
      platform: 'standard-webhooks',
      secret: `whsec_${key.toString('base64')}`,
      payload: BODY,
      now: NOW,
      headers: {
        'Webhook-Id': 'msg_1',
        'Webhook-Timestamp': String(NOW),
        'Webhook-Signature': [`v1,${'A'.repeat(43)}=`, `v1,${v1}`],
      },
    };
    expect(verifyWebhook(input)).toMatchObject({
      valid: true,
      signatures_found: 2,
      matched_signature_index: 1,
    });
  });

  it('each limit by its exact problem', () => {
    const base = { ...github, signature: hubSignature };
    expectInvalid({ ...base, headers: [] as never }, [
      { path: '/headers', code: 'invalid_type', message: 'must be an object of header names to values' },
    ]);
    expectInvalid({ ...base, headers: fill(101) }, [
      { path: '/headers', code: 'too_many', message: 'must hold at most 100 headers' },
    ]);
    expectInvalid({ ...base, headers: { ['N'.repeat(257)]: 'v' } }, [
      {
        path: `/headers/${'N'.repeat(256)}`,
        code: 'too_long',
        message: 'header names must be at most 256 characters',
      },
    ]);
    expectInvalid({ ...base, headers: { 'X Y': 'v' } }, [
      { path: '/headers/X Y', code: 'invalid_header_name', message: 'must be an HTTP header name (a token)' },
    ]);
    const type = 'must be a string or an array of at most 100 strings';
    expectInvalid({ ...base, headers: { 'X~A': 5 } as never }, [
      { path: '/headers/X~0A', code: 'invalid_type', message: type },
    ]);
    expectInvalid({ ...base, headers: { 'X~/A': 'v' } }, [
      {
        path: '/headers/X~0~1A',
        code: 'invalid_header_name',
        message: 'must be an HTTP header name (a token)',
      },
    ]);
    expectInvalid({ ...base, headers: { 'X-A': new Array(101).fill('a') } }, [
      { path: '/headers/X-A', code: 'invalid_type', message: type },
    ]);
    expectInvalid({ ...base, headers: { 'X-A': ['a', 1] } as never }, [
      { path: '/headers/X-A', code: 'invalid_type', message: type },
    ]);
    const tooLong = 'must be at most 8192 characters';
    expectInvalid({ ...base, headers: { 'X-A': 'a'.repeat(8193) } }, [
      { path: '/headers/X-A', code: 'too_long', message: tooLong },
    ]);
    expectInvalid({ ...base, headers: { 'X-A': 'a'.repeat(4000), 'x-a': 'b'.repeat(4191) } }, [
      { path: '/headers/x-a', code: 'too_long', message: tooLong },
    ]);
    expectInvalid({ ...base, headers: { 'X Y': 'v', 'X-A': 1, 'X-B': 'b'.repeat(8193) } as never }, [
      { path: '/headers/X Y', code: 'invalid_header_name', message: 'must be an HTTP header name (a token)' },
      { path: '/headers/X-A', code: 'invalid_type', message: type },
      { path: '/headers/X-B', code: 'too_long', message: tooLong },
    ]);
  });
});

describe('problem details', () => {
  it('unknown platform: title, detail, errors and the list', () => {
    const list = PLATFORM_NAMES.join(', ');
    const error = problemFrom(() => verifyWebhook({ platform: 'bitbucket' }));
    expect(error.toProblem()).toEqual({
      type: 'urn:problem:unknown_platform',
      title: 'Unknown platform',
      status: 400,
      detail: `platform must be one of: ${list}`,
      code: 'unknown_platform',
      errors: [{ path: '/platform', code: 'unknown_platform', message: `must be one of: ${list}` }],
      valid: false,
      platforms: [...PLATFORM_NAMES],
    });
  });

  it('missing fields: title, one field, several, and the header that could carry each', () => {
    const error = problemFrom(() => verifyWebhook({ platform: 'slack', payload: '', headers: {} }));
    expect(error.toProblem()).toEqual({
      type: 'urn:problem:missing_field',
      title: 'Missing required field',
      status: 400,
      detail:
        'missing required fields for platform slack: secret, signature (header X-Slack-Signature), ' +
        'timestamp (header X-Slack-Request-Timestamp)',
      code: 'missing_field',
      errors: [
        { path: '/secret', code: 'missing_field', message: 'secret is required for platform slack' },
        {
          path: '/signature',
          code: 'missing_field',
          message: 'signature (header X-Slack-Signature) is required for platform slack',
        },
        {
          path: '/timestamp',
          code: 'missing_field',
          message: 'timestamp (header X-Slack-Request-Timestamp) is required for platform slack',
        },
      ],
      valid: false,
    });
    expect(
      problemFrom(() => verifyWebhook({ platform: null as unknown as string, headers: {} })).toProblem(),
    ).toEqual({
      type: 'urn:problem:missing_field',
      title: 'Missing required field',
      status: 400,
      detail: 'missing required field: platform',
      code: 'missing_field',
      errors: [{ path: '/platform', code: 'missing_field', message: 'platform is required' }],
      valid: false,
    });
  });

  it('validation_failed counts the other errors in the detail', () => {
    const github = { platform: 'github', secret: SECRET, payload: '', signature: `sha256=${'0'.repeat(64)}` };
    const algo = {
      path: '/algo',
      code: 'invalid_value',
      message: 'must be one of: SHA-1, SHA-256, SHA-384, SHA-512',
    };
    const tolerance = { path: '/tolerance', code: 'invalid_value', message: 'must be an integer ≥ 0' };
    const now = { path: '/now', code: 'invalid_value', message: 'must be a number ≥ 0 (unix seconds)' };
    expectInvalid({ ...github, algo: 'x' }, [algo]);
    expectInvalid({ ...github, algo: 'x', tolerance: -1 }, [algo, tolerance]);
    expectInvalid({ ...github, algo: 'x', tolerance: -1, now: -1 }, [algo, tolerance, now]);
    expect(problemFrom(() => verifyWebhook({ ...github, algo: 'x', tolerance: -1, now: -1 })).detail).toBe(
      '/algo: must be one of: SHA-1, SHA-256, SHA-384, SHA-512 (and 2 more)',
    );
  });

  it('validation_failed without errors says so', () => {
    expect(invalidFields([]).toProblem()).toEqual({
      type: 'urn:problem:validation_failed',
      title: 'Request validation failed',
      status: 400,
      detail: 'the request does not match the schema',
      code: 'validation_failed',
      errors: [],
      valid: false,
    });
  });
});

describe('hints: when each appears', () => {
  const githubMismatch = (payload: string, secret: string | string[] = SECRET) =>
    verifyWebhook({ platform: 'github', secret, payload, signature: `sha256=${'0'.repeat(64)}` }).hints;

  it('payload_looks_reserialized: any space, tab, CR or newline outside strings, escapes understood', () => {
    for (const payload of [
      '{"a":\t1}',
      '{"a":\r1}',
      '{"a":\n1}',
      '{"a": 1}',
      '{"": 1}',
      '{"a\\"": 1}',
      '{"a\\\\": 1}',
      '[1, 2]',
    ]) {
      expect(githubMismatch(payload), JSON.stringify(payload)).toEqual(['payload_looks_reserialized']);
    }
    for (const payload of ['{"a":"b c\\" d\\t"}', '[1,2]', '{ nope', '[1, 2', 'a b', '"a b"', '1']) {
      expect(githubMismatch(payload), JSON.stringify(payload)).toEqual([]);
    }
  });

  it('payload_looks_reserialized: a JSON document is parsed up to 1 MiB only', () => {
    const document = (length: number) => `{"a": "${'x'.repeat(length - 9)}"}`;
    expect(document(1024 * 1024)).toHaveLength(1024 * 1024);
    expect(githubMismatch(document(1024 * 1024))).toEqual(['payload_looks_reserialized']);
    expect(githubMismatch(document(1024 * 1024 + 1))).toEqual([]);
  });

  it('payload_looks_reserialized: Stripe (indented JSON) only for objects and arrays, never for other text', () => {
    const stripe = (payload: string) =>
      verifyWebhook(
        { platform: 'stripe', secret: 'whsec_x', payload, signature: `t=${NOW},v1=${'0'.repeat(64)}` },
        { nowS: NOW },
      ).hints;
    for (const payload of ['123', '"text"', 'a=1&b=2', '{\n  "a": 1\n}'])
      expect(stripe(payload), payload).toEqual([]);
    expect(stripe('[1]')).toEqual(['payload_looks_reserialized']);
  });

  it('payload_looks_reserialized: not for a platform whose JSON layout is unknown', () => {
    const result = verifyWebhook({
      platform: 'segment',
      secret: SECRET,
      payload: '{"a":1}',
      signature: '0'.repeat(40),
    });
    expect(result).toMatchObject({ reason: 'signature_mismatch', hints: [] });
  });

  it('secret_has_whitespace: any of several secrets, and only for secret-keyed schemes', () => {
    expect(githubMismatch('x', ['clean', 'with space'])).toEqual(['secret_has_whitespace']);
    expect(githubMismatch('x', ['clean', 'other'])).toEqual([]);
    const result = verifyWebhook({
      platform: 'generic-ed25519',
      public_key: rawEd(ed.publicKey).toString('hex'),
      secret: 'with space',
      payload: 'x',
      signature: edSign(ed.privateKey, 'y').toString('hex'),
    });
    expect(result).toMatchObject({ reason: 'signature_mismatch', hints: [] });
  });

  it('signature_looks_hex only for all-hex text, signature_looks_base64 only for a digest size', () => {
    const shopify = (signature: string) =>
      verifyWebhook({ platform: 'shopify', secret: SECRET, payload: 'x', signature });
    expect(shopify('a'.repeat(64))).toMatchObject({
      reason: 'malformed_signature',
      hints: ['signature_looks_hex'],
    });
    for (const signature of [`z${'a'.repeat(63)}`, `${'a'.repeat(63)}z`, 'a'.repeat(62)]) {
      expect(shopify(signature)).toMatchObject({ reason: 'malformed_signature', hints: [] });
    }
    const vercel = (signature: string) =>
      verifyWebhook({ platform: 'vercel', secret: SECRET, payload: 'x', signature });
    expect(vercel('zz')).toMatchObject({ reason: 'malformed_signature', hints: [] });
    expect(vercel(hmacB64('sha1', SECRET, 'x'))).toMatchObject({ hints: ['signature_looks_base64'] });
    // A well-formed signature that merely looks like hex (64 hex digits are the base64 of 48 bytes) is a mismatch.
    const generic = verifyWebhook({
      platform: 'generic',
      secret: SECRET,
      payload: 'x',
      algo: 'SHA-384',
      encoding: 'base64',
      signature: 'a'.repeat(64),
    });
    expect(generic).toMatchObject({ reason: 'signature_mismatch', hints: [] });
  });

  it('signature_has_prefix_of_other_platform: after trimming, and for the signature problems only', () => {
    expect(
      verifyWebhook({
        platform: 'github',
        secret: SECRET,
        payload: 'x',
        signature: `  v0=${'a'.repeat(64)}`,
      }),
    ).toMatchObject({ reason: 'no_supported_signature', hints: ['signature_has_prefix_of_other_platform'] });
    const cloudflare = { platform: 'cloudflare', secret: 'v0=token', payload: 'x' };
    expect(verifyWebhook({ ...cloudflare, signature: 'v0=token' })).toMatchObject({ valid: true, hints: [] });
    expect(verifyWebhook({ ...cloudflare, signature: 'v0=other' })).toMatchObject({
      reason: 'signature_mismatch',
      hints: ['signature_has_prefix_of_other_platform'],
    });
  });

  it('timestamp_looks_like_milliseconds: only above 10^12', () => {
    const slack = (ts: string) =>
      verifyWebhook(
        {
          platform: 'slack',
          secret: SECRET,
          payload: BODY,
          timestamp: ts,
          signature: `v0=${hmacHex('sha256', SECRET, `v0:${ts}:${BODY}`)}`,
        },
        { nowS: NOW },
      );
    expect(slack('1000000000000')).toMatchObject({ valid: true, timestamp: 1e12, hints: [] });
    expect(slack('1000000000001')).toMatchObject({
      valid: true,
      timestamp: 1e12 + 1,
      hints: ['timestamp_looks_like_milliseconds'],
    });
  });
});

describe('prefixed signatures: each failure by its exact message', () => {
  const notionSig = hmacHex('sha256', SECRET, BODY);
  const notion = (signature: string) =>
    verifyWebhook({ platform: 'notion', secret: SECRET, payload: BODY, signature });
  const slackSig = hmacHex('sha256', SECRET, `v0:${NOW}:${BODY}`);
  const slack = (signature: string) =>
    verifyWebhook(
      { platform: 'slack', secret: SECRET, payload: BODY, timestamp: NOW, signature },
      { nowS: NOW },
    );

  it('notion', () => {
    expect(notion(`SHA256=${notionSig}`)).toMatchObject({ valid: true, scheme: 'notion-sha256' });
    const malformed = { reason: 'malformed_signature', signatures_found: 0, ignored: [] };
    expect(notion(notionSig)).toMatchObject({
      ...malformed,
      message: 'X-Notion-Signature must be sha256=<64 hex digits>',
      hints: ['signature_missing_prefix'],
    });
    expect(notion('not-hex')).toMatchObject({
      ...malformed,
      message: 'X-Notion-Signature must be sha256=<64 hex digits>',
      hints: [],
    });
    expect(notion(`md5=${'a'.repeat(32)}`)).toMatchObject({
      reason: 'no_supported_signature',
      message: 'X-Notion-Signature has no sha256 signature',
      signatures_found: 0,
      ignored: ['md5'],
      hints: [],
    });
    expect(notion('sha256=zz')).toMatchObject({
      reason: 'malformed_signature',
      message: 'a sha256= signature must be 64 hex digits',
      signatures_found: 1,
      hints: [],
    });
  });

  it('slack', () => {
    expect(slack(`v0=${slackSig}`)).toMatchObject({ valid: true, scheme: 'slack-v0' });
    expect(slack(slackSig)).toMatchObject({
      reason: 'malformed_signature',
      message: 'X-Slack-Signature must be v0=<64 hex digits>',
      ignored: [],
      hints: ['signature_missing_prefix'],
    });
    expect(slack('not-hex')).toMatchObject({ reason: 'malformed_signature', ignored: [], hints: [] });
    expect(slack(`v2=${slackSig}`)).toMatchObject({
      reason: 'no_supported_signature',
      message: 'X-Slack-Signature has no v0 signature; only version v0 is defined',
      ignored: ['v2'],
      hints: [],
    });
    expect(slack('v0=zz')).toMatchObject({
      reason: 'malformed_signature',
      message: 'a v0= signature must be 64 hex digits',
      signatures_found: 1,
    });
  });

  it('intercom and github', () => {
    const intercom = (signature: string) =>
      verifyWebhook({ platform: 'intercom', secret: SECRET, payload: BODY, signature });
    expect(intercom('xyz')).toMatchObject({
      reason: 'malformed_signature',
      message: 'X-Hub-Signature must be sha1=<40 hex digits>',
      hints: [],
    });
    expect(intercom(hmacHex('sha1', SECRET, BODY))).toMatchObject({ hints: ['signature_missing_prefix'] });
    const github = (signature: string) =>
      verifyWebhook({ platform: 'github', secret: SECRET, payload: BODY, signature });
    expect(github('xyz')).toMatchObject({
      reason: 'malformed_signature',
      algorithm: 'HMAC-SHA256',
      hints: [],
    });
    expect(github(`sha512=${'a'.repeat(128)}`)).toMatchObject({
      reason: 'no_supported_signature',
      scheme: 'github-sha256',
      algorithm: 'HMAC-SHA256',
      message: 'only sha256= (X-Hub-Signature-256) and sha1= (X-Hub-Signature) signatures are supported',
      ignored: ['sha512'],
    });
  });

  it('cloudflare: an empty token', () => {
    expect(
      verifyWebhook({ platform: 'cloudflare', secret: SECRET, payload: BODY, signature: '' }),
    ).toMatchObject({
      reason: 'malformed_signature',
      message: 'cf-webhook-auth is empty',
    });
  });

  it('generic: whitespace hint and the malformed message', () => {
    const generic = { platform: 'generic', secret: 'with space', payload: BODY };
    expect(verifyWebhook({ ...generic, signature: '0'.repeat(64) })).toMatchObject({
      reason: 'signature_mismatch',
      hints: ['secret_has_whitespace'],
    });
    expect(verifyWebhook({ ...generic, algo: 'sha512', encoding: 'base64', signature: 'zz' })).toMatchObject({
      reason: 'malformed_signature',
      message: 'the signature must be the base64 of 64 bytes (HMAC-SHA512)',
    });
  });
});

describe('Stripe-Signature lists', () => {
  const pretty = JSON.stringify({ id: 'evt_1', object: 'event' }, null, 2);
  const v1 = (secret: string, ts: number) => hmacHex('sha256', secret, `${ts}.${pretty}`);
  const stripe = (signature: string, secret: string | string[] = 'plain') =>
    verifyWebhook({ platform: 'stripe', secret, payload: pretty, signature }, { nowS: NOW });
  const zeros = '0'.repeat(64);

  it('the whsec_ hint: only on a mismatch of a well-formed signature when no secret has the prefix', () => {
    expect(stripe(`t=${NOW},v1=${v1('plain', NOW)}`)).toMatchObject({ valid: true, hints: [] });
    expect(stripe(`t=${NOW},v1=${zeros}`)).toMatchObject({ hints: ['secret_missing_whsec_prefix'] });
    expect(stripe(`t=${NOW},v1=${zeros}`, ['whsec_a', 'plain'])).toMatchObject({
      reason: 'signature_mismatch',
      hints: [],
    });
    expect(stripe(`t=${NOW},v1=zz`)).toMatchObject({
      reason: 'malformed_signature',
      message: 'every v1 signature must be 64 hex digits',
      signatures_found: 1,
      hints: [],
    });
  });

  it('t= exactly once; no v1, with and without other versions', () => {
    expect(stripe(`t=1,t=2,v1=${zeros},v0=x`)).toMatchObject({
      reason: 'malformed_signature',
      message: 'Stripe-Signature must carry exactly one t=<unix time>',
      signatures_found: 1,
      ignored: ['v0'],
    });
    expect(stripe(`t=${NOW}`)).toMatchObject({
      reason: 'malformed_signature',
      message: 'Stripe-Signature has no v1=<hex> signature',
      signatures_found: 0,
      ignored: [],
    });
    expect(stripe(`t=${NOW},v0=a,v2=b`)).toMatchObject({
      reason: 'no_supported_signature',
      message: 'Stripe-Signature has no v1 signature (found: v0, v2)',
      ignored: ['v0', 'v2'],
    });
  });

  it('a t= in milliseconds is read as seconds, with the hint', () => {
    const ms = NOW * 1000;
    expect(stripe(`t=${ms},v1=${v1('plain', ms)}`)).toMatchObject({
      valid: true,
      timestamp: ms,
      hints: ['timestamp_looks_like_milliseconds'],
    });
  });
});

describe('Standard Webhooks signature lists', () => {
  const key = Buffer.from('edge standard-webhooks key');
  const secret = `whsec_${key.toString('base64')}`;
  const sig = (ts: string) => hmacB64('sha256', key, `msg_1.${ts}.${BODY}`);
  const sw = (signature: string, ts = String(NOW)) =>
    verifyWebhook(
      { platform: 'standard-webhooks', secret, payload: BODY, webhook_id: 'msg_1', timestamp: ts, signature },
      { nowS: NOW },
    );
  const good = sig(String(NOW));

  it('entries: unpadded, surrounded by spaces, or joined from a repeated header', () => {
    expect(good.endsWith('=')).toBe(true);
    expect(sw(`v1,${good.slice(0, -1)}`)).toMatchObject({ valid: true, signatures_found: 1, ignored: [] });
    expect(sw(`  v1,${good}  `)).toMatchObject({ valid: true, signatures_found: 1, ignored: [] });
    expect(sw(`v1,${good}, v1,${'A'.repeat(43)}=`)).toMatchObject({
      valid: true,
      signatures_found: 2,
      matched_signature_index: 0,
    });
  });

  it('each failure by its exact message', () => {
    expect(sw('v1,')).toMatchObject({
      reason: 'malformed_signature',
      message: 'every v1 signature must be the base64 of 32 bytes',
      signatures_found: 1,
      ignored: [],
    });
    expect(sw('junk v1a,xyz')).toMatchObject({
      reason: 'no_supported_signature',
      message: 'webhook-signature has no v1 signature (found: (no key), v1a)',
      signatures_found: 0,
      ignored: ['(no key)', 'v1a'],
    });
    expect(sw('junk')).toMatchObject({
      reason: 'malformed_signature',
      message: 'webhook-signature must hold v1,<base64> signatures',
      ignored: ['(no key)'],
    });
    expectInvalid(
      {
        platform: 'standard-webhooks',
        secret: 'whsec_',
        payload: BODY,
        webhook_id: 'msg_1',
        timestamp: NOW,
        signature: `v1,${good}`,
      },
      [
        // An empty key is refused as empty (Next II), as standardwebhooks does ("Secret can't be empty.").
        { path: '/secret', code: 'too_small', message: 'must not be empty after the whsec_ prefix' },
      ],
    );
  });

  it('a timestamp in milliseconds is read as seconds, with the hint', () => {
    const ms = String(NOW * 1000);
    expect(sw(`v1,${sig(ms)}`, ms)).toMatchObject({
      valid: false,
      reason: 'timestamp_in_future',
      timestamp: NOW * 1000,
      hints: ['timestamp_looks_like_milliseconds'],
    });
  });
});

describe('base64-signature platforms: exact messages and timestamps', () => {
  it('hubspot', () => {
    const url = 'https://example.com/hooks/hubspot';
    const hubspot = (signature: string, timestamp: string) =>
      verifyWebhook(
        { platform: 'hubspot', secret: SECRET, payload: BODY, url, timestamp, signature },
        { nowS: NOW },
      );
    expect(hubspot('zz', String(NOW * 1000))).toMatchObject({
      reason: 'malformed_signature',
      message: 'X-HubSpot-Signature-v3 must be the base64 of 32 bytes',
    });
    expect(hubspot(hmacB64('sha256', SECRET, `POST${url}${BODY}soon`), 'soon')).toMatchObject({
      reason: 'invalid_timestamp',
      message: 'signature matches, but the timestamp is not an integer unix time in milliseconds',
      matched_signature_index: 0,
    });
  });

  it('hubspot: a delivery time of exactly 10^12 ms is read as milliseconds (September 2001)', () => {
    const url = 'https://example.com/hooks/hubspot';
    const timestamp = '1000000000000';
    const signature = hmacB64('sha256', SECRET, `POST${url}${BODY}${timestamp}`);
    expect(
      verifyWebhook(
        { platform: 'hubspot', secret: SECRET, payload: BODY, url, timestamp, signature },
        { nowS: NOW },
      ),
    ).toMatchObject({
      reason: 'timestamp_too_old',
      timestamp: 1_000_000_000,
      timestamp_age_s: NOW - 1_000_000_000,
      hints: [],
    });
  });

  it('mailchimp and square', () => {
    const url = 'https://example.com/hooks';
    expect(
      verifyWebhook({ platform: 'mailchimp', secret: SECRET, payload: 'a=1', url, signature: 'zz' }),
    ).toMatchObject({
      reason: 'malformed_signature',
      message: 'X-Mandrill-Signature must be the base64 of 20 bytes (HMAC-SHA1)',
    });
    expect(
      verifyWebhook({ platform: 'square', secret: SECRET, payload: BODY, url, signature: 'zz' }),
    ).toMatchObject({
      reason: 'malformed_signature',
      message: 'x-square-hmacsha256-signature must be the base64 of 32 bytes',
    });
  });

  it('zendesk: ISO date-times only, from 1970 on, read with the whitespace around them', () => {
    const zendesk = (timestamp: string, signature = hmacB64('sha256', SECRET, timestamp + BODY)) =>
      verifyWebhook(
        { platform: 'zendesk', secret: SECRET, payload: BODY, timestamp, signature },
        { nowS: NOW },
      );
    expect(zendesk(` ${NOW_ISO} `)).toMatchObject({ valid: true, timestamp: NOW });
    const iso =
      'signature matches, but the timestamp is not an ISO 8601 date-time such as 2021-07-25T10:00:00Z';
    for (const timestamp of ['2023-13-45T99:99:99Z', '1969-12-31T23:59:59Z', '1700000000']) {
      expect(zendesk(timestamp), timestamp).toMatchObject({ reason: 'invalid_timestamp', message: iso });
    }
    expect(zendesk('1970-01-01T00:00:00Z')).toMatchObject({
      reason: 'timestamp_too_old',
      timestamp: 0,
      timestamp_age_s: NOW,
      message: `signature matches, but the timestamp is ${NOW} s old (tolerance 300 s)`,
    });
    expect(zendesk(NOW_ISO, 'zz')).toMatchObject({
      reason: 'malformed_signature',
      message: 'X-Zendesk-Webhook-Signature must be the base64 of 32 bytes',
    });
  });
});

describe('twilio', () => {
  const token = 'twilio-token';
  const url = 'https://example.com/hook?x=1';
  const form = { platform: 'twilio', secret: token, url, payload: 'b=2&a=1' };
  const formSignature = hmacB64('sha1', token, `${url}a1b2`);
  const json = '{"a":1}';
  const jsonUrl = `https://example.com/hook?bodySHA256=${createHash('sha256').update(json).digest('hex')}`;

  it('form: trimmed signature; which secret, URL and parameter form matched', () => {
    expect(verifyWebhook({ ...form, signature: ` ${formSignature}\n` })).toMatchObject({
      valid: true,
      scheme: 'twilio-form',
      hints: [],
    });
    expect(verifyWebhook({ ...form, secret: ['other', token], signature: formSignature })).toMatchObject({
      valid: true,
      matched_secret_index: 1,
      hints: [],
    });
    const ported = hmacB64('sha1', token, `https://example.com:443/hook?x=1a1b2`);
    expect(verifyWebhook({ ...form, signature: ported })).toMatchObject({
      valid: true,
      hints: ['url_default_port_adjusted'],
    });
    // A repeated identical pair, signed as Twilio's SDK drops it: the second parameter form of the same URL.
    const repeated = { ...form, payload: 'a=1&a=1' };
    expect(verifyWebhook({ ...repeated, signature: hmacB64('sha1', token, `${url}a1`) })).toMatchObject({
      valid: true,
      hints: [],
    });
    expect(verifyWebhook({ ...form, secret: 'a b', signature: `${'A'.repeat(27)}=` })).toMatchObject({
      reason: 'signature_mismatch',
      hints: ['secret_has_whitespace'],
    });
  });

  it('json: the media type in any case with parameters; trimmed signature; port variant; body hash', () => {
    const base = { platform: 'twilio', secret: token, payload: json };
    expect(
      verifyWebhook({
        ...base,
        url: jsonUrl,
        content_type: 'Application/JSON ; charset=utf-8',
        signature: ` ${hmacB64('sha1', token, jsonUrl)} `,
      }),
    ).toMatchObject({ valid: true, scheme: 'twilio-json', hints: [] });
    const ported = jsonUrl.replace('example.com', 'example.com:443');
    expect(verifyWebhook({ ...base, url: jsonUrl, signature: hmacB64('sha1', token, ported) })).toMatchObject(
      {
        valid: true,
        scheme: 'twilio-json',
        hints: ['url_default_port_adjusted'],
      },
    );
    const notHex = 'https://example.com/hook?bodySHA256=zz';
    expect(verifyWebhook({ ...base, url: notHex, signature: hmacB64('sha1', token, notHex) })).toMatchObject({
      reason: 'body_hash_mismatch',
      message: 'signature matches the URL, but its bodySHA256 is not the SHA-256 of the payload',
    });
    expect(
      verifyWebhook({ ...base, url, content_type: 'application/json', signature: formSignature }),
    ).toMatchObject({
      reason: 'missing_body_hash',
      scheme: 'twilio-json',
      message: 'url has no bodySHA256 query parameter; Twilio adds it to the URL of JSON deliveries',
      signatures_found: 1,
    });
  });

  it('refuses another content type and more than 1000 form parameters', () => {
    expectInvalid({ ...form, content_type: 'text/plain', signature: formSignature }, [
      {
        path: '/content_type',
        code: 'invalid_value',
        message: 'must be application/x-www-form-urlencoded or application/json',
      },
    ]);
    const payload = Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join('&');
    expectInvalid({ ...form, payload, signature: formSignature }, [
      {
        path: '/payload',
        code: 'too_many_parameters',
        message: 'must be a form body of at most 1000 parameters',
      },
    ]);
  });

  it('URL variants: default port added or removed, user info and IPv6 literals understood', () => {
    expect(urlVariants('not a url')).toEqual(['not a url']);
    expect(urlVariants('https://user:pw@example.com/x')).toEqual([
      'https://user:pw@example.com/x',
      'https://user:pw@example.com:443/x',
    ]);
    expect(urlVariants('http://[::]/hook')).toEqual(['http://[::]/hook', 'http://[::]:80/hook']);
    expect(urlVariants('HTTPS://example.com:443/x')).toEqual([
      'HTTPS://example.com:443/x',
      'HTTPS://example.com/x',
    ]);
    expect(urlVariants('https://example.com:8443/x')).toEqual(['https://example.com:8443/x']);
  });

  it('form parameters: sorted; a deduplicated form only when a pair repeats', () => {
    expect(formParameterVariants('b=2&a=1')).toEqual(['a1b2']);
    expect(formParameterVariants('a=1&a=2')).toEqual(['a1a2']);
    expect(formParameterVariants('a=1&b=2&a=1')).toEqual(['a1a1b2', 'a1b2']);
  });
});

describe('linear: the signed webhookTimestamp', () => {
  const linear = (payload: string, timestamp?: string) =>
    verifyWebhook(
      {
        platform: 'linear',
        secret: SECRET,
        payload,
        signature: hmacHex('sha256', SECRET, payload),
        ...(timestamp === undefined ? {} : { timestamp }),
      },
      { nowS: NOW },
    );

  it('is read from a JSON object, after leading whitespace, as a number or a string', () => {
    for (const payload of [`\n {"webhookTimestamp":${NOW * 1000}}`, `{"webhookTimestamp":"${NOW * 1000}"}`]) {
      expect(linear(payload), payload).toMatchObject({ valid: true, timestamp: NOW, hints: [] });
    }
    expect(linear('{not json')).toMatchObject({
      valid: true,
      timestamp: null,
      hints: ['no_timestamp_checked'],
    });
    expect(linear('{"a":1}', String(NOW))).toMatchObject({ valid: true, timestamp: NOW, hints: [] });
  });

  it('two unreadable times differ; a malformed signature has its exact message', () => {
    expect(linear('{"webhookTimestamp":"xyz"}', 'abc')).toMatchObject({
      valid: false,
      reason: 'invalid_timestamp',
      hints: ['timestamp_differs_from_payload'],
    });
    expect(
      verifyWebhook({ platform: 'linear', secret: SECRET, payload: '{}', signature: 'zz' }),
    ).toMatchObject({
      reason: 'malformed_signature',
      message: 'Linear-Signature must be 64 hex digits',
    });
  });
});

/**
 * The platform modules themselves, given a request without the values `verifyWebhook` always requires:
 * an absent timestamp, URL or id is signed as the empty string.
 */
describe('platform modules with absent values', () => {
  const request = (platform: PlatformName, fields: Partial<VerifyRequest>): VerifyRequest => ({
    platform,
    secrets: [SECRET],
    payload: BODY,
    body: BODY,
    signature: '',
    timestamp: null,
    url: null,
    content_type: null,
    public_key: null,
    mode: null,
    algo: null,
    encoding: null,
    tolerance: null,
    now: null,
    cert: null,
    transmission_id: null,
    transmission_time: null,
    webhook_id: null,
    method: 'POST',
    signed_content: null,
    ...fields,
  });
  const run = (platform: PlatformName, fields: Partial<VerifyRequest>) =>
    PLATFORMS_BY_NAME[platform].verify(request(platform, fields), { nowS: NOW });
  const matched = { signatureIndex: 0, secretIndex: null };

  it('public-key platforms', () => {
    expect(
      run('discord', {
        public_key: rawEd(ed.publicKey).toString('hex'),
        signature: edSign(ed.privateKey, BODY).toString('hex'),
      }),
    ).toMatchObject({ match: matched, failure: null, timestamp: { value: '', allowMilliseconds: false } });
    expect(
      run('sendgrid', { public_key: pem(p256.publicKey), signature: ecSign(BODY).toString('base64') }),
    ).toMatchObject({ match: matched, failure: null, timestamp: { value: '', allowMilliseconds: false } });
  });

  it('HMAC platforms', () => {
    const signedWith = { signatureIndex: 0, secretIndex: 0 };
    expect(run('slack', { signature: `v0=${hmacHex('sha256', SECRET, `v0::${BODY}`)}` })).toMatchObject({
      match: signedWith,
      timestamp: { value: '', allowMilliseconds: false },
    });
    expect(run('square', { signature: hmacB64('sha256', SECRET, BODY) })).toMatchObject({
      match: signedWith,
    });
    expect(run('mailchimp', { payload: 'a=1', signature: hmacB64('sha1', SECRET, 'a1') })).toMatchObject({
      match: signedWith,
    });
    expect(run('twilio', { payload: 'a=1', signature: hmacB64('sha1', SECRET, 'a1') })).toMatchObject({
      scheme: 'twilio-form',
      match: signedWith,
    });
    expect(run('hubspot', { signature: hmacB64('sha256', SECRET, `POST${BODY}`) })).toMatchObject({
      match: signedWith,
      failure: {
        reason: 'invalid_timestamp',
        message: 'signature matches, but the timestamp is not an integer unix time in milliseconds',
      },
    });
    expect(run('zendesk', { signature: hmacB64('sha256', SECRET, BODY) })).toMatchObject({
      match: signedWith,
      failure: { reason: 'invalid_timestamp' },
    });
    const key = Buffer.from('edge standard-webhooks key');
    expect(
      run('standard-webhooks', {
        secrets: [`whsec_${key.toString('base64')}`],
        signature: `v1,${hmacB64('sha256', key, `..${BODY}`)}`,
      }),
    ).toMatchObject({ match: signedWith, timestamp: { value: '', allowMilliseconds: false } });
    expect(
      run('generic', {
        signed_content: [{ placeholder: 'timestamp' }, { literal: '.' }, { placeholder: 'body' }],
        signature: hmacHex('sha256', SECRET, `.${BODY}`),
      }),
    ).toMatchObject({ match: signedWith, timestamp: { value: '', allowMilliseconds: false } });
  });

  it('an Ed25519 check with a key the verifier cannot use is no match', () => {
    const meta = { verifiedWith: 'public_key', scheme: 's', algorithm: 'Ed25519', encoding: 'hex' } as const;
    const check = checkEd25519(meta, createSecretKey(Buffer.alloc(32)), Buffer.alloc(64), [BODY], 'm', null);
    expect(check).toEqual({
      ...meta,
      signaturesFound: 1,
      match: null,
      failure: null,
      ignored: [],
      timestamp: null,
      hints: [],
    });
  });
});
