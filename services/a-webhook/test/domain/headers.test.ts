import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/domain/index.js';

const secret = 'header-test-secret';
const payload = '{"id":1}';
const ts = 1_700_000_000;
const hex = (data: string) => createHmac('sha256', secret).update(data).digest('hex');

describe('signature header parsing', () => {
  it('stripe: only v0 is no_supported_signature, with v0 ignored', () => {
    const result = verifyWebhook({
      platform: 'stripe',
      secret,
      payload,
      signature: `t=${ts},v0=${'a'.repeat(64)}`,
    });
    expect(result).toMatchObject({
      reason: 'no_supported_signature',
      ignored: ['v0'],
      message: 'Stripe-Signature has no v1 signature (found: v0)',
      signatures_found: 0,
    });
  });

  it('stripe: no t= is malformed; a bad t= with the right signature is invalid_timestamp', () => {
    const v1 = hex(`${ts}.${payload}`);
    expect(verifyWebhook({ platform: 'stripe', secret, payload, signature: `v1=${v1}` }).reason).toBe(
      'malformed_signature',
    );
    const odd = `t=soon,v1=${hex(`soon.${payload}`)}`;
    expect(verifyWebhook({ platform: 'stripe', secret, payload, signature: odd })).toMatchObject({
      reason: 'invalid_timestamp',
      matched_signature_index: 0,
      timestamp: null,
      message: 'signature matches, but the timestamp is not an integer unix time',
    });
  });

  it('stripe: a stale timestamp with a wrong signature is a mismatch (signature is checked first)', () => {
    const signature = `t=${ts - 1000},v1=${'0'.repeat(64)}`;
    expect(verifyWebhook({ platform: 'stripe', secret, payload, signature }, { nowS: ts })).toMatchObject({
      reason: 'signature_mismatch',
      timestamp: ts - 1000,
      timestamp_age_s: 1000,
    });
  });

  it('stripe: one well-formed and one garbled v1 is judged on the well-formed one', () => {
    const signature = `t=${ts},v1=zz,v1=${hex(`${ts}.${payload}`)}`;
    expect(verifyWebhook({ platform: 'stripe', secret, payload, signature }, { nowS: ts })).toMatchObject({
      valid: true,
      signatures_found: 2,
      matched_signature_index: 1,
    });
  });

  it('stripe: unknown and keyless elements are listed as ignored without echoing odd text', () => {
    const signature = `t=${ts},v1=${hex(`${ts}.${payload}`)},junk,x-weird key!=1`;
    expect(verifyWebhook({ platform: 'stripe', secret, payload, signature }, { nowS: ts }).ignored).toEqual([
      '(no key)',
      '(invalid key)',
    ]);
  });

  it('paddle: several h1 (secret rotation on Paddle’s side), the second matching', () => {
    const signature = `ts=${ts};h1=${'1'.repeat(64)};h1=${hex(`${ts}:${payload}`)}`;
    expect(verifyWebhook({ platform: 'paddle', secret, payload, signature }, { nowS: ts })).toMatchObject({
      valid: true,
      signatures_found: 2,
      matched_signature_index: 1,
      message: 'signature matches (signature 2 of 2); timestamp 0 s old (tolerance 5 s)',
    });
  });

  it('paddle: missing ts or h1', () => {
    expect(
      verifyWebhook({ platform: 'paddle', secret, payload, signature: `h1=${'1'.repeat(64)}` }).reason,
    ).toBe('malformed_signature');
    expect(
      verifyWebhook({ platform: 'paddle', secret, payload, signature: `ts=${ts};h2=abc` }),
    ).toMatchObject({
      reason: 'no_supported_signature',
      ignored: ['h2'],
    });
  });

  it('github: sha1= from X-Hub-Signature; unknown schemes are not supported', () => {
    const sha1 = createHmac('sha1', secret).update(payload).digest('hex');
    expect(verifyWebhook({ platform: 'github', secret, payload, signature: `sha1=${sha1}` })).toMatchObject({
      valid: true,
      scheme: 'github-sha1',
      algorithm: 'HMAC-SHA1',
    });
    expect(
      verifyWebhook({ platform: 'github', secret, payload, signature: `sha512=${'a'.repeat(128)}` }),
    ).toMatchObject({ reason: 'no_supported_signature', ignored: ['sha512'] });
    expect(verifyWebhook({ platform: 'github', secret, payload, signature: `sha256=${sha1}` })).toMatchObject(
      {
        reason: 'malformed_signature',
        message: 'a sha256= signature must be 64 hex digits',
      },
    );
  });

  it('slack: a version other than v0 is not supported', () => {
    expect(
      verifyWebhook(
        { platform: 'slack', secret, payload, timestamp: ts, signature: `v1=${'a'.repeat(64)}` },
        { nowS: ts },
      ),
    ).toMatchObject({ reason: 'no_supported_signature', ignored: ['v1'] });
  });

  it('slack: a non-numeric timestamp that was signed is invalid_timestamp', () => {
    const signature = `v0=${hex(`v0:yesterday:${payload}`)}`;
    expect(
      verifyWebhook({ platform: 'slack', secret, payload, timestamp: 'yesterday', signature }),
    ).toMatchObject({
      reason: 'invalid_timestamp',
      matched_signature_index: 0,
    });
  });

  it('cloudflare: token compare across rotated secrets', () => {
    const result = verifyWebhook({
      platform: 'cloudflare',
      secret: ['old-token', 'new-token'],
      payload,
      signature: 'new-token',
    });
    expect(result).toMatchObject({
      valid: true,
      matched_secret_index: 1,
      scheme: 'cf-webhook-auth',
      encoding: 'text',
    });
    expect(
      verifyWebhook({ platform: 'cloudflare', secret: 'new-token', payload, signature: 'new-toke' }).reason,
    ).toBe('signature_mismatch');
  });

  it('surrounding whitespace in a signature header is ignored', () => {
    expect(
      verifyWebhook({
        platform: 'vercel',
        secret,
        payload,
        signature: ` ${createHmac('sha1', secret).update(payload).digest('hex')} `,
      }).valid,
    ).toBe(true);
  });
});
