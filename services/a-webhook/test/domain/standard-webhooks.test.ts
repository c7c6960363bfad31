/**
 * standard-webhooks and svix: the Standard Webhooks reference example, deliveries signed by the official
 * `standardwebhooks` and `svix` libraries, and agreement with their own verify().
 */
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/domain/index.js';
import { problemFrom } from './helpers/problem.js';
import {
  HEADER_NAMES,
  libraryAccepts,
  librarySign,
  SPEC_EXAMPLE,
  SW_OTHER,
  SW_SECRET,
  signedHeaders,
  WEBHOOK_SIGNATURE_PLATFORMS,
} from './helpers/standard-webhooks.js';

const PAYLOAD = '{"type":"user.created","data":{"id":"user_29w83sxmDNGwOuEthce5gg56FcC","name":"Zoë"}}';
const NOW = 1_700_000_000;

describe('the Standard Webhooks reference example', () => {
  it('the library signs it as its test expects, and so do we (explicit fields)', () => {
    const { secret, id, timestamp, payload, signature } = SPEC_EXAMPLE;
    expect(librarySign('standard-webhooks', secret, id, timestamp, payload)).toBe(signature);
    expect(
      verifyWebhook({
        platform: 'standard-webhooks',
        secret,
        payload,
        webhook_id: id,
        timestamp,
        signature,
        now: timestamp,
      }),
    ).toEqual({
      valid: true,
      platform: 'standard-webhooks',
      scheme: 'standard-webhooks-v1',
      algorithm: 'HMAC-SHA256',
      encoding: 'base64',
      reason: null,
      message: 'signature matches; timestamp 0 s old (tolerance 300 s)',
      timestamp,
      timestamp_age_s: 0,
      tolerance_s: 300,
      signatures_found: 1,
      matched_signature_index: 0,
      matched_secret_index: 0,
      ignored: [],
      hints: [],
    });
  });

  it('a secret without the whsec_ prefix is the same base64 key (as the library takes it)', () => {
    const { secret, id, timestamp, payload, signature } = SPEC_EXAMPLE;
    const bare = secret.slice('whsec_'.length);
    expect(librarySign('standard-webhooks', bare, id, timestamp, payload)).toBe(signature);
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
    };
    const result = verifyWebhook({
      platform: 'standard-webhooks',
      secret: bare,
      payload,
      headers,
      now: timestamp,
    });
    expect(result.valid).toBe(true);
  });
});

describe.each(WEBHOOK_SIGNATURE_PLATFORMS)('%s', (platform) => {
  const names = HEADER_NAMES[platform];
  const headers = signedHeaders(platform, { timestamp: NOW, payload: PAYLOAD });
  const run = (input: Record<string, unknown>) =>
    verifyWebhook({ platform, secret: SW_SECRET, payload: PAYLOAD, headers, now: NOW, ...input });

  it('accepts the library-signed delivery from headers (names in any case)', () => {
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    for (const given of [headers, upper]) {
      expect(run({ headers: given })).toMatchObject({ valid: true, timestamp: NOW, tolerance_s: 300 });
    }
  });

  it('explicit fields work without headers, and win over headers', () => {
    const fields = {
      headers: undefined,
      webhook_id: headers[names.id],
      timestamp: headers[names.timestamp],
      signature: headers[names.signature],
    };
    expect(run(fields).valid).toBe(true);
    expect(run({ webhook_id: 'msg_other' })).toMatchObject({ valid: false, reason: 'signature_mismatch' });
    expect(
      run({ headers: { ...headers, [names.id]: 'msg_other' }, webhook_id: headers[names.id] }).valid,
    ).toBe(true);
  });

  it('one flipped byte of body, signature, id or secret → signature_mismatch', () => {
    const sig = headers[names.signature]!;
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    for (const input of [
      { payload: PAYLOAD.replace('Zoë', 'Zoe') },
      { headers: { ...headers, [names.signature]: flipped } },
      { headers: { ...headers, [names.id]: `${headers[names.id]}x` } },
      { secret: SW_OTHER },
    ]) {
      expect(run(input)).toMatchObject({
        valid: false,
        reason: 'signature_mismatch',
        matched_secret_index: null,
      });
    }
  });

  it('a stale or future timestamp fails only after the signature matched; tolerance 0 accepts', () => {
    const old = signedHeaders(platform, { timestamp: NOW - 301, payload: PAYLOAD });
    expect(run({ headers: old })).toMatchObject({
      valid: false,
      reason: 'timestamp_too_old',
      timestamp_age_s: 301,
      matched_signature_index: 0,
    });
    expect(run({ headers: signedHeaders(platform, { timestamp: NOW - 300, payload: PAYLOAD }) }).valid).toBe(
      true,
    );
    const future = signedHeaders(platform, { timestamp: NOW + 301, payload: PAYLOAD });
    expect(run({ headers: future })).toMatchObject({ valid: false, reason: 'timestamp_in_future' });
    expect(run({ headers: old, tolerance: 0 })).toMatchObject({ valid: true, tolerance_s: 0 });
  });

  it('several signatures (the library test’s list): v1 entries are tried, others listed as ignored', () => {
    const decoy = 'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=';
    const list = [decoy, 'v2,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=', headers[names.signature], decoy];
    const result = run({ headers: { ...headers, [names.signature]: list.join(' ') } });
    expect(result).toMatchObject({
      valid: true,
      signatures_found: 3,
      matched_signature_index: 1,
      ignored: ['v2'],
      message: 'signature matches (signature 2 of 3); timestamp 0 s old (tolerance 300 s)',
    });
  });

  it('a repeated signature header (an array) is joined as HTTP does, and still parsed', () => {
    const decoy = 'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=';
    const result = run({ headers: { ...headers, [names.signature]: [decoy, headers[names.signature]!] } });
    expect(result).toMatchObject({ valid: true, signatures_found: 2, matched_signature_index: 1 });
  });

  it('rotated secrets: the right one given second → matched_secret_index 1', () => {
    expect(run({ secret: [SW_OTHER, SW_SECRET] })).toMatchObject({ valid: true, matched_secret_index: 1 });
    expect(run({ secret: [SW_OTHER, SW_OTHER] })).toMatchObject({
      valid: false,
      reason: 'signature_mismatch',
    });
  });

  it('only other versions → no_supported_signature; garbled or truncated v1 → malformed_signature', () => {
    const sig = headers[names.signature]!;
    expect(run({ headers: { ...headers, [names.signature]: `v1a,${sig.slice(3)}` } })).toMatchObject({
      reason: 'no_supported_signature',
      ignored: ['v1a'],
      message: `${names.signature} has no v1 signature (found: v1a)`,
    });
    for (const bad of [sig.slice(0, -4), `v1,!${sig.slice(4)}`, 'v1,', sig.slice(3)]) {
      expect(run({ headers: { ...headers, [names.signature]: bad } }).reason).toBe('malformed_signature');
    }
  });

  it('hundreds of other versions: the ignored list and its message stay at 20 distinct keys', () => {
    const others = Array.from({ length: 600 }, (_, i) => `v${i + 2},AAAA`).join(' ');
    const result = run({ headers: { ...headers, [names.signature]: others } });
    expect(result.reason).toBe('no_supported_signature');
    expect(result.ignored).toEqual(Array.from({ length: 20 }, (_, i) => `v${i + 2}`));
    expect(result.message!.length).toBeLessThan(300);
  });

  it('a secret that is not base64 → 400 naming it (never a mismatch, never echoed)', () => {
    const error = problemFrom(() => run({ secret: ['whsec_not base64!', SW_SECRET] }));
    expect(error.code).toBe('validation_failed');
    expect(error.errors).toEqual([
      {
        path: '/secret/0',
        code: 'invalid_secret',
        message: 'must be the signing secret: base64, optionally prefixed with whsec_',
      },
    ]);
    expect(JSON.stringify(error.toProblem())).not.toContain('not base64');
  });

  it('missing headers → missing_field naming the field and its header', () => {
    const error = problemFrom(() => run({ headers: { [names.signature]: headers[names.signature]! } }));
    expect(error.code).toBe('missing_field');
    expect(error.detail).toBe(
      `missing required fields for platform ${platform}: timestamp (header ${names.timestamp}), ` +
        `webhook_id (header ${names.id})`,
    );
  });

  it('never answers with the expected signature (not a signing oracle)', () => {
    const expected = headers[names.signature]!.slice(3);
    for (const input of [
      { payload: `${PAYLOAD} ` },
      { headers: { ...headers, [names.signature]: 'v1,AAAA' } },
      { headers: { ...headers, [names.signature]: 'v2,AAAA' } },
    ]) {
      const text = JSON.stringify(run(input));
      expect(text).not.toContain(expected);
      expect(text).not.toContain(Buffer.from(expected, 'base64').toString('hex'));
    }
  });

  it('agrees with the library’s own verify() at the real clock', () => {
    const now = Math.floor(Date.now() / 1000);
    const fresh = signedHeaders(platform, { timestamp: now, payload: PAYLOAD });
    const cases: [Record<string, string>, string, string][] = [
      [fresh, PAYLOAD, SW_SECRET],
      [fresh, `${PAYLOAD} `, SW_SECRET],
      [fresh, PAYLOAD, SW_OTHER],
      [signedHeaders(platform, { timestamp: now - 400, payload: PAYLOAD }), PAYLOAD, SW_SECRET],
      [signedHeaders(platform, { timestamp: now + 400, payload: PAYLOAD }), PAYLOAD, SW_SECRET],
      [{ ...fresh, [names.signature]: `v2,x ${fresh[names.signature]}` }, PAYLOAD, SW_SECRET],
    ];
    for (const [given, payload, secret] of cases) {
      const ours = verifyWebhook({ platform, secret, payload, headers: given, now }).valid;
      expect(ours).toBe(libraryAccepts(platform, secret, given, payload));
    }
  });
});

it('the svix and standardwebhooks libraries sign a delivery identically with the same key (one scheme)', () => {
  const sw = signedHeaders('standard-webhooks', { timestamp: NOW, payload: PAYLOAD });
  const sv = signedHeaders('svix', { timestamp: NOW, payload: PAYLOAD });
  expect(sw['webhook-signature']).toBe(sv['svix-signature']);
});
