// Per-platform edges by exact results: malformed and foreign signatures with their messages and
// hints, surrounding whitespace, and timestamp forms, signed with node:crypto.
import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/domain/index.js';

const NOW = 1_700_000_000;
const verify = (input: Record<string, unknown>) => {
  const r = verifyWebhook(input as never, { nowS: NOW });
  return { valid: r.valid, reason: r.reason, message: r.message, hints: r.hints, ignored: r.ignored };
};

describe('notion', () => {
  const base = { platform: 'notion', secret: 'token', payload: '{"a":1}' };
  const hex = createHmac('sha256', 'token').update('{"a":1}').digest('hex');

  it('verifies sha256=<hex>, the scheme in any case', () => {
    expect(verify({ ...base, signature: `sha256=${hex}` }).valid).toBe(true);
    expect(verify({ ...base, signature: `SHA256=${hex}` }).valid).toBe(true);
  });

  it('names what is wrong with the header', () => {
    expect(verify({ ...base, signature: hex })).toEqual({
      valid: false,
      reason: 'malformed_signature',
      message: 'X-Notion-Signature must be sha256=<64 hex digits>',
      hints: ['signature_missing_prefix'],
      ignored: [],
    });
    expect(verify({ ...base, signature: 'not hex' })).toMatchObject({
      reason: 'malformed_signature',
      hints: [],
    });
    expect(verify({ ...base, signature: 'sha1=abc' })).toEqual({
      valid: false,
      reason: 'no_supported_signature',
      message: 'X-Notion-Signature has no sha256 signature',
      hints: ['signature_has_prefix_of_other_platform'],
      ignored: ['sha1'],
    });
    expect(verify({ ...base, signature: 'sha256=zz' })).toEqual({
      valid: false,
      reason: 'malformed_signature',
      message: 'a sha256= signature must be 64 hex digits',
      hints: [],
      ignored: [],
    });
  });
});

describe('zendesk', () => {
  const at = '2023-11-14T22:13:20Z';
  const signed = (timestamp: string) =>
    createHmac('sha256', 'secret').update(`${timestamp}{"a":1}`).digest('base64');
  const base = { platform: 'zendesk', secret: 'secret', payload: '{"a":1}' };

  it('verifies base64 of HMAC(timestamp + body) with an ISO 8601 timestamp', () => {
    expect(verify({ ...base, signature: signed(at), timestamp: at })).toMatchObject({
      valid: true,
      reason: null,
    });
  });

  it('names a signature that is not the base64 of 32 bytes', () => {
    expect(verify({ ...base, signature: '!!', timestamp: at })).toEqual({
      valid: false,
      reason: 'malformed_signature',
      message: 'X-Zendesk-Webhook-Signature must be the base64 of 32 bytes',
      hints: [],
      ignored: [],
    });
  });

  it('a right signature over a timestamp that is not a date-time says so', () => {
    expect(verify({ ...base, signature: signed('soon'), timestamp: 'soon' })).toMatchObject({
      valid: false,
      reason: 'invalid_timestamp',
      message:
        'signature matches, but the timestamp is not an ISO 8601 date-time such as 2021-07-25T10:00:00Z',
    });
    const before1970 = '1969-12-31T23:59:59Z';
    expect(verify({ ...base, signature: signed(before1970), timestamp: before1970 })).toMatchObject({
      valid: false,
      reason: 'invalid_timestamp',
    });
  });
});

describe('discord', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const key = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
  const body = '{"type":1}';
  const signature = (timestamp: string) =>
    sign(null, Buffer.from(`${timestamp}${body}`), privateKey).toString('hex');
  const base = { platform: 'discord', public_key: key, payload: body };

  it('verifies Ed25519 over timestamp + body; the signature may carry surrounding spaces', () => {
    expect(
      verify({ ...base, signature: ` ${signature('1700000000')} `, timestamp: '1700000000' }).valid,
    ).toBe(true);
  });

  it('a 13-digit timestamp is seconds, not milliseconds: judged as such with a tolerance', () => {
    const ms = '1700000000000';
    expect(verify({ ...base, signature: signature(ms), timestamp: ms }).valid).toBe(true);
    expect(verify({ ...base, signature: signature(ms), timestamp: ms, tolerance: 300 })).toMatchObject({
      valid: false,
      reason: 'timestamp_in_future',
    });
  });
});
