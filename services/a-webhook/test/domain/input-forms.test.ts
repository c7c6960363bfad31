/** The `headers`, `payload_base64`, `method` and `signed_content` inputs, on the domain. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_PAYLOAD_BYTES, PLATFORM_NAMES, PLATFORMS, verifyWebhook } from '../../src/domain/index.js';
import { problemFrom } from './helpers/problem.js';
import { SPEC_EXAMPLE } from './helpers/standard-webhooks.js';

const SECRET = "It's a Secret to Everybody";
/** GitHub's documented test vector ("Validating webhook deliveries"). */
const GITHUB_SIGNATURE = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';
const github = { platform: 'github', secret: SECRET, payload: 'Hello, World!' };

const hex = (data: string | Buffer, key = SECRET) => createHmac('sha256', key).update(data).digest('hex');

describe('headers', () => {
  it('picks the signature from the platform’s header, in any case; explicit fields win', () => {
    for (const name of ['X-Hub-Signature-256', 'x-hub-signature-256', 'X-HUB-SIGNATURE-256']) {
      expect(
        verifyWebhook({ ...github, headers: { [name]: GITHUB_SIGNATURE, 'User-Agent': 'x' } }).valid,
      ).toBe(true);
    }
    const wrong = `sha256=${'0'.repeat(64)}`;
    expect(
      verifyWebhook({ ...github, signature: GITHUB_SIGNATURE, headers: { 'X-Hub-Signature-256': wrong } })
        .valid,
    ).toBe(true);
    expect(
      verifyWebhook({ ...github, signature: wrong, headers: { 'X-Hub-Signature-256': GITHUB_SIGNATURE } })
        .valid,
    ).toBe(false);
  });

  it('every platform declaring a signature header can be fed from headers alone', () => {
    const declaring = PLATFORMS.filter((p) => p.signature_header !== null);
    // Every platform but the two generic ones (whose caller names the header): the loop cannot run empty.
    expect(declaring.map((p) => p.name)).toEqual(
      PLATFORM_NAMES.filter((name) => name !== 'generic' && name !== 'generic-ed25519'),
    );
    for (const platform of declaring) {
      const error = problemFrom(() =>
        verifyWebhook({ platform: platform.name, secret: 's', public_key: 'k', payload: '', headers: {} }),
      );
      expect(error.code).toBe('missing_field');
      expect(error.detail).toContain(`signature (header ${platform.signature_header})`);
    }
  });

  it('a timestamp header is only used by platforms that take a timestamp field (not Stripe’s)', () => {
    const ts = '1700000000';
    const slack = {
      platform: 'slack',
      secret: SECRET,
      payload: 'a=1',
      headers: { 'X-Slack-Request-Timestamp': ts, 'X-Slack-Signature': `v0=${hex(`v0:${ts}:a=1`)}` },
      now: 1_700_000_000,
    };
    expect(verifyWebhook(slack)).toMatchObject({ valid: true, timestamp: 1_700_000_000 });
  });

  it('repeated headers: an array, or names differing in case, are joined with ", "', () => {
    const headers = {
      'webhook-id': SPEC_EXAMPLE.id,
      'webhook-timestamp': String(SPEC_EXAMPLE.timestamp),
      'Webhook-Signature': 'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=',
      'webhook-signature': SPEC_EXAMPLE.signature,
    };
    const input = {
      platform: 'standard-webhooks',
      secret: SPEC_EXAMPLE.secret,
      payload: SPEC_EXAMPLE.payload,
      now: SPEC_EXAMPLE.timestamp,
    };
    expect(verifyWebhook({ ...input, headers })).toMatchObject({
      valid: true,
      signatures_found: 2,
      matched_signature_index: 1,
    });
  });

  it('a JSON member named "__proto__" cannot smuggle in a field', () => {
    const input = JSON.parse(
      `{"platform":"github","secret":"s","payload":"","headers":{"X-A":"1"},"__proto__":{"signature":"${GITHUB_SIGNATURE}"}}`,
    );
    const error = problemFrom(() => verifyWebhook(input));
    expect(error.detail).toBe(
      'missing required field for platform github: signature (header X-Hub-Signature-256)',
    );
  });

  it('PayPal’s transmission headers and Twilio’s Content-Type are picked too', () => {
    const error = problemFrom(() =>
      verifyWebhook({ platform: 'paypal', payload: '{}', cert: 'x', webhook_id: 'W', headers: {} }),
    );
    expect(error.errors?.map((e) => e.message)).toEqual([
      'signature (header PAYPAL-TRANSMISSION-SIG) is required for platform paypal',
      'transmission_id (header PAYPAL-TRANSMISSION-ID) is required for platform paypal',
      'transmission_time (header PAYPAL-TRANSMISSION-TIME) is required for platform paypal',
    ]);
    // Twilio: a JSON Content-Type header makes it a JSON delivery, whose URL must carry bodySHA256.
    const twilio = {
      platform: 'twilio',
      secret: SECRET,
      payload: '{}',
      url: 'https://example.com/twilio',
      signature: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    };
    expect(verifyWebhook({ ...twilio, headers: { 'Content-Type': 'application/json' } })).toMatchObject({
      scheme: 'twilio-json',
      reason: 'missing_body_hash',
    });
    expect(
      verifyWebhook({
        ...twilio,
        content_type: 'application/x-www-form-urlencoded',
        headers: { 'Content-Type': 'application/json' },
      }),
    ).toMatchObject({ scheme: 'twilio-form', reason: 'signature_mismatch' });
  });

  it.each([
    ['an array', [], '/headers', 'invalid_type'],
    ['a string', 'X: y', '/headers', 'invalid_type'],
    [
      '101 headers',
      Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`X-H${i}`, 'v'])),
      '/headers',
      'too_many',
    ],
    ['a name of 257 characters', { ['X'.repeat(257)]: 'v' }, `/headers/${'X'.repeat(256)}`, 'too_long'],
    ['a name that is not a token', { 'Bad Name': 'v' }, '/headers/Bad Name', 'invalid_header_name'],
    ['a name with a slash', { 'a/b': 'v' }, '/headers/a~1b', 'invalid_header_name'],
    ['a number value', { 'X-Hub-Signature-256': 5 }, '/headers/X-Hub-Signature-256', 'invalid_type'],
    ['an array of numbers', { 'X-A': [1] }, '/headers/X-A', 'invalid_type'],
    ['a value over 8192 characters', { 'X-A': 'a'.repeat(8193) }, '/headers/X-A', 'too_long'],
    [
      'joined values over 8192 characters',
      { 'X-A': ['a'.repeat(5000), 'b'.repeat(5000)] },
      '/headers/X-A',
      'too_long',
    ],
  ])('%s → 400 naming %s', (_label, headers, path, code) => {
    const error = problemFrom(() =>
      verifyWebhook({ ...github, signature: GITHUB_SIGNATURE, headers: headers as never }),
    );
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_failed');
    expect(error.errors?.[0]).toMatchObject({ path, code });
  });
});

describe('payload_base64', () => {
  const bytes = Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x3e, 0x3f, 0xfb, 0xef]);
  const binary = { platform: 'github', secret: SECRET, signature: `sha256=${hex(bytes)}` };

  it('signs the decoded bytes: standard or URL-safe alphabet, with or without padding', () => {
    const standard = bytes.toString('base64');
    expect(standard).toMatch(/[+/]/);
    for (const encoded of [standard, standard.replace(/=+$/, ''), bytes.toString('base64url')]) {
      expect(verifyWebhook({ ...binary, payload_base64: encoded }).valid).toBe(true);
    }
  });

  it('GitHub’s test vector as base64', () => {
    const encoded = Buffer.from('Hello, World!').toString('base64');
    expect(encoded).toBe('SGVsbG8sIFdvcmxkIQ==');
    expect(
      verifyWebhook({
        platform: 'github',
        secret: SECRET,
        payload_base64: encoded,
        signature: GITHUB_SIGNATURE,
      }).valid,
    ).toBe(true);
  });

  it('every platform signs the decoded bytes (the same delivery as text and as base64 agree)', () => {
    const ts = '1700000000';
    const cases = [
      { platform: 'stripe', payload: '{"a":"é"}', signature: `t=${ts},v1=${hex(`${ts}.{"a":"é"}`)}` },
      { platform: 'slack', payload: 'a=é', timestamp: ts, signature: `v0=${hex(`v0:${ts}:a=é`)}` },
      {
        platform: 'generic',
        payload: 'é',
        signed_content: '{timestamp}.{body}',
        timestamp: ts,
        signature: hex(`${ts}.é`),
      },
    ];
    for (const { payload, ...rest } of cases) {
      const text = verifyWebhook({ ...rest, secret: SECRET, payload, now: 1_700_000_000 });
      const encoded = verifyWebhook({
        ...rest,
        secret: SECRET,
        payload_base64: Buffer.from(payload).toString('base64'),
        now: 1_700_000_000,
      });
      expect(text.valid).toBe(true);
      expect(encoded).toEqual(text);
    }
  });

  it('a binary body that fails gives hints without breaking (trailing newline, no JSON)', () => {
    const result = verifyWebhook({
      ...binary,
      payload_base64: Buffer.concat([bytes, Buffer.from('\n')]).toString('base64'),
    });
    expect(result).toMatchObject({
      valid: false,
      reason: 'signature_mismatch',
      hints: ['secret_has_whitespace', 'payload_has_trailing_newline'],
    });
  });

  it.each([
    ['whitespace', 'SGVs bG8='],
    ['mixed alphabets', 'ab+_'],
    ['a length of 4n+1', 'SGVsb'],
    ['three = signs', 'SGU==='],
    ['padding on a wrong length', 'SGV='],
    ['non-canonical trailing bits', 'SGVsbG9='],
    ['a character outside base64', 'SGVs*G8='],
  ])('%s → 400 /payload_base64 invalid_base64', (_label, encoded) => {
    const error = problemFrom(() => verifyWebhook({ ...binary, payload_base64: encoded }));
    expect(error.errors).toEqual([
      {
        path: '/payload_base64',
        code: 'invalid_base64',
        message: 'must be base64 (standard or URL-safe alphabet, padding optional, no whitespace)',
      },
    ]);
  });

  it('exactly one of payload and payload_base64', () => {
    const both = problemFrom(() => verifyWebhook({ ...binary, payload: '', payload_base64: '' }));
    expect(both.errors).toEqual([
      {
        path: '/payload_base64',
        code: 'not_allowed',
        message: 'give exactly one of payload or payload_base64, not both',
      },
    ]);
    const neither = problemFrom(() => verifyWebhook(binary));
    expect(neither.detail).toBe('missing required field for platform github: payload (or payload_base64)');
  });

  it('an empty payload_base64 is an empty body', () => {
    expect(verifyWebhook({ ...binary, payload_base64: '', signature: `sha256=${hex('')}` }).valid).toBe(true);
  });

  it('the size limit applies to the decoded bytes', () => {
    const limit = MAX_PAYLOAD_BYTES.linear!;
    const encoded = Buffer.alloc(limit + 1).toString('base64');
    const error = problemFrom(() =>
      verifyWebhook({
        platform: 'linear',
        secret: SECRET,
        payload_base64: encoded,
        signature: '0'.repeat(64),
      }),
    );
    expect(error).toMatchObject({ status: 413, code: 'payload_too_large' });
    const fits = Buffer.alloc(limit).toString('base64');
    expect(
      verifyWebhook({ platform: 'linear', secret: SECRET, payload_base64: fits, signature: '0'.repeat(64) })
        .reason,
    ).toBe('signature_mismatch');
  });
});

describe('method', () => {
  it('is upper-cased and defaults to POST (generic {method})', () => {
    const input = {
      platform: 'generic',
      secret: SECRET,
      payload: 'x',
      signed_content: '{method} {url}\n{body}',
      url: 'https://example.com/hook?a=1',
    };
    const signature = hex('POST https://example.com/hook?a=1\nx');
    expect(verifyWebhook({ ...input, signature }).valid).toBe(true);
    expect(verifyWebhook({ ...input, signature, method: 'post' }).valid).toBe(true);
    expect(verifyWebhook({ ...input, signature, method: 'PUT' }).valid).toBe(false);
  });

  it.each([
    ['a space', 'PO ST'],
    ['an empty string', ''],
    ['33 characters', 'A'.repeat(33)],
  ])('%s → 400 /method', (_l, method) => {
    const error = problemFrom(() => verifyWebhook({ ...github, signature: GITHUB_SIGNATURE, method }));
    expect(error.errors?.[0]).toMatchObject({ path: '/method', code: 'invalid_value' });
  });
});

describe('generic signed_content', () => {
  const ts = '1700000000';
  const base = { platform: 'generic', secret: SECRET, payload: '{"a":1}', timestamp: ts, now: 1_700_000_100 };

  it('{timestamp}.{body}, with the timestamp judged only when tolerance is given', () => {
    const input = { ...base, signed_content: '{timestamp}.{body}', signature: hex(`${ts}.{"a":1}`) };
    expect(verifyWebhook(input)).toMatchObject({ valid: true, timestamp: null, tolerance_s: null });
    expect(verifyWebhook({ ...input, tolerance: 300 })).toMatchObject({
      valid: true,
      timestamp: 1_700_000_000,
      timestamp_age_s: 100,
      tolerance_s: 300,
    });
    expect(verifyWebhook({ ...input, tolerance: 60 })).toMatchObject({
      valid: false,
      reason: 'timestamp_too_old',
    });
    expect(verifyWebhook({ ...input, tolerance: 60, now: 1_699_999_000 }).reason).toBe('timestamp_in_future');
  });

  it('{{ and }} are literal braces; other text is literal', () => {
    const input = {
      ...base,
      webhook_id: 'msg_1',
      signed_content: '{{v1}}:{id}:{body}',
      signature: hex('{v1}:msg_1:{"a":1}'),
    };
    expect(verifyWebhook(input).valid).toBe(true);
  });

  it('with headers and the caller’s header names', () => {
    const signature = hex(`${ts}.{"a":1}`);
    const { timestamp: _t, ...rest } = base;
    const input = {
      ...rest,
      signed_content: '{timestamp}.{body}',
      signature_header: 'X-Acme-Signature',
      timestamp_header: 'X-Acme-Timestamp',
      headers: { 'x-acme-signature': signature, 'x-acme-timestamp': ts },
    };
    expect(verifyWebhook(input).valid).toBe(true);
    const error = problemFrom(() => verifyWebhook({ ...input, headers: { 'x-acme-signature': signature } }));
    expect(error.detail).toBe(
      'missing required field for platform generic: timestamp (header X-Acme-Timestamp)',
    );
  });

  it('the fields a template names are required', () => {
    const error = problemFrom(() =>
      verifyWebhook({
        platform: 'generic',
        secret: SECRET,
        payload: '',
        signature: '00',
        signed_content: '{id}.{url}.{timestamp}.{body}',
      }),
    );
    expect(error.detail).toBe('missing required fields for platform generic: webhook_id, url, timestamp');
  });

  it.each([
    ['{nope}.{body}', 'placeholders are {body}, {timestamp}, {id}, {method}, {url} (write {{ for a brace)'],
    ['{body', 'placeholders are {body}, {timestamp}, {id}, {method}, {url} (write {{ for a brace)'],
    ['{body}}', 'a lone } must be written }}'],
    ['{timestamp}', 'must contain {body}'],
    [`${'x'.repeat(257)}{body}`, 'must be at most 256 characters'],
  ])('%s → 400 /signed_content', (template, message) => {
    const error = problemFrom(() => verifyWebhook({ ...base, signed_content: template, signature: '00' }));
    expect(error.errors).toEqual([{ path: '/signed_content', code: expect.any(String), message }]);
  });

  it('signed_content, signature_header and timestamp_header belong to the generic platforms only', () => {
    const error = problemFrom(() =>
      verifyWebhook({
        ...github,
        signature: GITHUB_SIGNATURE,
        signed_content: '{body}',
        signature_header: 'X-S',
      }),
    );
    expect(error.errors?.map((e) => [e.path, e.code])).toEqual([
      ['/signed_content', 'not_allowed'],
      ['/signature_header', 'not_allowed'],
    ]);
  });
});
