/**
 * discord and generic-ed25519: RFC 8032 §7.1 test vectors, and keys and signatures made by tweetnacl (an
 * Ed25519 implementation independent of node:crypto, which the service verifies with).
 */
import { createPublicKey } from 'node:crypto';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/domain/index.js';
import { ed25519Hex, ed25519Keys } from './helpers/sign.js';
import { problemFrom } from './helpers/problem.js';

/** RFC 8032 §7.1, TEST 1 (empty message) and TEST 2 (the one byte 0x72). */
const RFC8032 = {
  test1: {
    secret: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
    public: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    message: '',
    signature:
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  },
  test2: {
    secret: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
    public: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    message: 'r',
    signature:
      '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  },
} as const;

const KEYS = ed25519Keys(3);
const OTHER = ed25519Keys(4);
const BODY = '{"type":1,"id":"1234567890","application_id":"987654321","token":"aW50ZXJhY3Rpb24"}';
const TS = '1700000000';

describe('generic-ed25519: RFC 8032 test vectors', () => {
  it.each(Object.entries(RFC8032))(
    '%s verifies; tweetnacl derives the same key and signature',
    (_name, v) => {
      const pair = nacl.sign.keyPair.fromSeed(Buffer.from(v.secret, 'hex'));
      expect(Buffer.from(pair.publicKey).toString('hex')).toBe(v.public);
      const signature = nacl.sign.detached(Buffer.from(v.message), pair.secretKey);
      expect(Buffer.from(signature).toString('hex')).toBe(v.signature);
      expect(
        verifyWebhook({
          platform: 'generic-ed25519',
          public_key: v.public,
          payload: v.message,
          signature: v.signature,
        }),
      ).toEqual({
        valid: true,
        platform: 'generic-ed25519',
        scheme: 'generic-ed25519',
        algorithm: 'Ed25519',
        encoding: 'hex',
        reason: null,
        message: 'signature matches',
        timestamp: null,
        timestamp_age_s: null,
        tolerance_s: null,
        signatures_found: 1,
        matched_signature_index: 0,
        matched_secret_index: null,
        ignored: [],
        hints: [],
      });
    },
  );

  it('TEST 2 as payload_base64 (the one byte 0x72)', () => {
    const { public: key, signature } = RFC8032.test2;
    const input = { platform: 'generic-ed25519', public_key: key, payload_base64: 'cg==', signature };
    expect(verifyWebhook(input).valid).toBe(true);
    expect(verifyWebhook({ ...input, payload_base64: 'cw' }).reason).toBe('signature_mismatch');
  });
});

describe('generic-ed25519: key and signature formats', () => {
  const signature = ed25519Hex(KEYS, BODY);
  const raw = Buffer.from(KEYS.publicKey);
  const spki = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
    format: 'jwk',
  });
  const formats: [string, string][] = [
    ['hex', KEYS.publicHex],
    ['HEX upper case', KEYS.publicHex.toUpperCase()],
    ['base64', raw.toString('base64')],
    ['base64url (a JWK x)', raw.toString('base64url')],
    ['PEM', spki.export({ type: 'spki', format: 'pem' }).toString()],
    ['bare base64 DER', spki.export({ type: 'spki', format: 'der' }).toString('base64')],
    ['JWK', JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') })],
  ];
  it.each(formats)('public_key as %s', (_label, publicKey) => {
    expect(
      verifyWebhook({ platform: 'generic-ed25519', public_key: publicKey, payload: BODY, signature }).valid,
    ).toBe(true);
  });

  it('signature as hex or base64 (by length, or as `encoding` says)', () => {
    const bytes = Buffer.from(signature, 'hex');
    const run = (sig: string, encoding?: string) =>
      verifyWebhook({
        platform: 'generic-ed25519',
        public_key: KEYS.publicHex,
        payload: BODY,
        signature: sig,
        encoding,
      });
    expect(run(bytes.toString('base64'))).toMatchObject({ valid: true, encoding: 'base64' });
    expect(run(bytes.toString('base64url'))).toMatchObject({ valid: true, encoding: 'base64' });
    expect(run(signature, 'hex')).toMatchObject({ valid: true, encoding: 'hex' });
    expect(run(signature, 'base64')).toMatchObject({ reason: 'malformed_signature' });
  });

  it('wrong-length or undecodable signature → malformed_signature; a flipped bit → mismatch', () => {
    const run = (sig: string) =>
      verifyWebhook({
        platform: 'generic-ed25519',
        public_key: KEYS.publicHex,
        payload: BODY,
        signature: sig,
      });
    for (const bad of [signature.slice(0, -2), `${signature}00`, 'zz', '']) {
      expect(run(bad)).toMatchObject({
        reason: 'malformed_signature',
        message: expect.stringMatching(/^the signature must be /),
      });
    }
    const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    expect(run(flipped)).toMatchObject({
      reason: 'signature_mismatch',
      message: 'the signature does not verify with the given public key',
    });
    expect(
      verifyWebhook({ platform: 'generic-ed25519', public_key: OTHER.publicHex, payload: BODY, signature })
        .reason,
    ).toBe('signature_mismatch');
  });

  it.each([
    ['31 bytes of hex', 'ab'.repeat(31)],
    [
      'a P-256 key',
      createPublicKey({
        key: {
          kty: 'EC',
          crv: 'P-256',
          x: 'MKBCTNIcKUSDii11ySs3526iDZ8AiTo7Tu6KPAqv7D4',
          y: '4Etl6SRW2YiLUrN5vfvVHuhp7x8PxltmWWlbbM4IFyM',
        },
        format: 'jwk',
      })
        .export({ type: 'spki', format: 'pem' })
        .toString(),
    ],
    [
      'a JWK with the wrong curve',
      JSON.stringify({ kty: 'OKP', crv: 'X25519', x: Buffer.alloc(32).toString('base64url') }),
    ],
    ['text', 'not a key'],
  ])('malformed key (%s) → 400 invalid_public_key', (_label, publicKey) => {
    const error = problemFrom(() =>
      verifyWebhook({ platform: 'generic-ed25519', public_key: publicKey, payload: BODY, signature: 'ab' }),
    );
    expect(error).toMatchObject({ status: 400, code: 'invalid_public_key' });
    expect(error.errors?.[0]?.path).toBe('/public_key');
  });

  it('a private JWK is refused, naming it a private key', () => {
    const jwk = JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: 'AA', d: 'AA' });
    const error = problemFrom(() =>
      verifyWebhook({ platform: 'generic-ed25519', public_key: jwk, payload: BODY, signature: 'ab' }),
    );
    expect(error.detail).toBe(
      'public_key: is a private key; pass the public key (never share the private one)',
    );
  });

  it('signed_content template with {timestamp}: judged only when tolerance is given', () => {
    const signature = ed25519Hex(KEYS, `${TS}:${BODY}`);
    const input = {
      platform: 'generic-ed25519',
      public_key: KEYS.publicHex,
      payload: BODY,
      signature,
      signed_content: '{timestamp}:{body}',
      timestamp: TS,
      now: Number(TS) + 100,
    };
    expect(verifyWebhook(input)).toMatchObject({ valid: true, timestamp: null, tolerance_s: null });
    expect(verifyWebhook({ ...input, tolerance: 60 })).toMatchObject({
      valid: false,
      reason: 'timestamp_too_old',
      timestamp_age_s: 100,
      tolerance_s: 60,
    });
  });
});

describe('discord', () => {
  const signature = ed25519Hex(KEYS, TS + BODY);
  const input = { platform: 'discord', public_key: KEYS.publicHex, payload: BODY, signature, timestamp: TS };

  it('accepts Ed25519 over timestamp + body (signed by tweetnacl), from fields or headers', () => {
    expect(verifyWebhook(input)).toMatchObject({
      valid: true,
      scheme: 'discord-ed25519',
      algorithm: 'Ed25519',
      encoding: 'hex',
      matched_secret_index: null,
      timestamp: null,
      tolerance_s: null,
    });
    const headers = { 'X-Signature-Ed25519': signature, 'X-Signature-Timestamp': TS };
    const { signature: _s, timestamp: _t, ...rest } = input;
    expect(verifyWebhook({ ...rest, headers }).valid).toBe(true);
    const lower = { 'x-signature-ed25519': signature, 'x-signature-timestamp': TS };
    expect(verifyWebhook({ ...rest, headers: lower }).valid).toBe(true);
  });

  it('the body alone, or another timestamp, does not verify', () => {
    expect(verifyWebhook({ ...input, signature: ed25519Hex(KEYS, BODY) }).reason).toBe('signature_mismatch');
    expect(verifyWebhook({ ...input, timestamp: '1700000001' }).reason).toBe('signature_mismatch');
    expect(verifyWebhook({ ...input, public_key: OTHER.publicHex }).reason).toBe('signature_mismatch');
  });

  it('no window by default (as Discord); tolerance applies one, in both directions', () => {
    const late = { ...input, now: Number(TS) + 10_000 };
    expect(verifyWebhook(late)).toMatchObject({ valid: true, tolerance_s: null });
    expect(verifyWebhook({ ...late, tolerance: 300 })).toMatchObject({
      valid: false,
      reason: 'timestamp_too_old',
      tolerance_s: 300,
      timestamp_age_s: 10_000,
    });
    expect(verifyWebhook({ ...input, now: Number(TS) - 10_000, tolerance: 300 }).reason).toBe(
      'timestamp_in_future',
    );
  });

  it('a public key that is not 64 hex digits → 400 invalid_public_key', () => {
    for (const key of [
      KEYS.publicHex.slice(2),
      Buffer.from(KEYS.publicKey).toString('base64'),
      'zz'.repeat(32),
    ]) {
      const error = problemFrom(() => verifyWebhook({ ...input, public_key: key }));
      expect(error).toMatchObject({ status: 400, code: 'invalid_public_key' });
      expect(error.detail).toBe(
        "public_key: must be the application's Ed25519 public key: 64 hex digits (32 bytes)",
      );
    }
  });

  it('a signature of the wrong length → malformed_signature', () => {
    expect(verifyWebhook({ ...input, signature: signature.slice(0, 126) })).toMatchObject({
      reason: 'malformed_signature',
      message: 'X-Signature-Ed25519 must be 128 hex digits (a 64-byte Ed25519 signature)',
    });
  });

  it('missing header → missing_field naming the field and the header', () => {
    const { signature: _s, timestamp: _t, ...rest } = input;
    const error = problemFrom(() =>
      verifyWebhook({ ...rest, headers: { 'X-Signature-Ed25519': signature } }),
    );
    expect(error.detail).toBe(
      'missing required field for platform discord: timestamp (header X-Signature-Timestamp)',
    );
  });
});
