// Exact result messages (several signatures and secrets, the window's wording both ways and disabled), the
// payload limit at its exact byte, and signed-content templates parsed part by part. Every delivery is
// signed here with node:crypto, independently of the code under test.
import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type VerifyInput, verifyWebhook } from '../../src/domain/index.js';
import { parseTemplate, renderTemplate, templateFields } from '../../src/domain/signed-content.js';
import type { VerifyRequest } from '../../src/domain/types.js';
import { problemFrom } from './helpers/problem.js';

const NOW = 1_700_000_000;
const BODY = '{"id":"evt_messages","n":3}';
const hex = (key: string, data: string) => createHmac('sha256', key).update(data).digest('hex');

describe('messages', () => {
  const stripe = (t: number, v1: string[], secret: string | string[], now = NOW) =>
    verifyWebhook({
      platform: 'stripe',
      secret,
      payload: BODY,
      signature: [`t=${t}`, ...v1.map((value) => `v1=${value}`)].join(','),
      now,
    });
  const sigOf = (key: string, t = NOW) => hex(key, `${t}.${BODY}`);

  it('names the matching signature and secret among several, and neither when there is one of each', () => {
    expect(stripe(NOW, [sigOf('k0'), sigOf('k1')], ['k0', 'k1']).message).toBe(
      'signature matches (signature 1 of 2, secret 1 of 2); timestamp 0 s old (tolerance 300 s)',
    );
    expect(stripe(NOW, ['0'.repeat(64), sigOf('k1')], ['k0', 'k1']).message).toBe(
      'signature matches (signature 2 of 2, secret 2 of 2); timestamp 0 s old (tolerance 300 s)',
    );
    expect(stripe(NOW, [sigOf('k1')], ['k0', 'k1']).message).toBe(
      'signature matches (secret 2 of 2); timestamp 0 s old (tolerance 300 s)',
    );
    expect(stripe(NOW, ['0'.repeat(64), sigOf('k0')], 'k0').message).toBe(
      'signature matches (signature 2 of 2); timestamp 0 s old (tolerance 300 s)',
    );
    expect(stripe(NOW, [sigOf('k0')], 'k0').message).toBe(
      'signature matches; timestamp 0 s old (tolerance 300 s)',
    );
  });

  it('a mismatch counts the signatures and the secrets it tried', () => {
    const wrong = ['1'.repeat(64), '2'.repeat(64)];
    expect(stripe(NOW, wrong, ['k0', 'k1']).message).toBe(
      'none of the 2 signatures matches the payload under any of the 2 secrets',
    );
    expect(stripe(NOW, wrong.slice(0, 1), ['k0', 'k1', 'k2']).message).toBe(
      'the signature does not match the payload under any of the 3 secrets',
    );
    expect(stripe(NOW, wrong, 'k0').message).toBe(
      'none of the 2 signatures matches the payload under the secret',
    );
    expect(stripe(NOW, wrong.slice(0, 1), 'k0').message).toBe(
      'the signature does not match the payload under the secret',
    );
  });

  it('tolerance 0 says the window is disabled; an old timestamp is then still valid', () => {
    const result = verifyWebhook({
      platform: 'stripe',
      secret: 'k0',
      payload: BODY,
      signature: `t=${NOW - 5000},v1=${sigOf('k0', NOW - 5000)}`,
      tolerance: 0,
      now: NOW,
    });
    expect(result).toMatchObject({
      valid: true,
      reason: null,
      message: 'signature matches; timestamp window disabled (tolerance 0)',
      tolerance_s: 0,
    });
  });

  it('future timestamps: valid inside the window, timestamp_in_future outside (SendGrid, both ways)', () => {
    const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const publicKey = keys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const sendgrid = (timestamp: number) =>
      verifyWebhook({
        platform: 'sendgrid',
        public_key: publicKey,
        payload: BODY,
        timestamp: String(timestamp),
        signature: sign('sha256', Buffer.from(timestamp + BODY), {
          key: keys.privateKey,
          dsaEncoding: 'der',
        }).toString('base64'),
        now: NOW,
      });
    expect(sendgrid(NOW + 7)).toMatchObject({
      valid: true,
      message: 'signature matches; timestamp 7 s in the future (tolerance 300 s)',
      timestamp_age_s: -7,
    });
    expect(sendgrid(NOW + 412)).toMatchObject({
      valid: false,
      reason: 'timestamp_in_future',
      message: 'signature matches, but the timestamp is 412 s in the future (tolerance 300 s)',
      timestamp_age_s: -412,
      tolerance_s: 300,
    });
    expect(sendgrid(NOW - 301)).toMatchObject({
      reason: 'timestamp_too_old',
      message: 'signature matches, but the timestamp is 301 s old (tolerance 300 s)',
    });
  });

  it('a window without a timestamp to judge (Linear with none) says nothing of it', () => {
    const result = verifyWebhook({
      platform: 'linear',
      secret: 'k0',
      payload: '[1]',
      signature: hex('k0', '[1]'),
    });
    expect(result).toMatchObject({
      valid: true,
      message: 'signature matches',
      timestamp: null,
      timestamp_age_s: null,
      tolerance_s: 60,
      hints: ['no_timestamp_checked'],
    });
  });
});

describe('payload size limits, to the byte', () => {
  const MiB = 1024 * 1024;
  const twilio = (payload: string) =>
    verifyWebhook(
      { platform: 'twilio', secret: 'token', url: 'https://example.com/hook', payload, signature: 'AAAA' },
      { nowS: NOW },
    );

  it('exactly the limit is verified; one byte more is 413 with the exact problem', () => {
    expect(twilio('a'.repeat(MiB)).reason).toBe('malformed_signature');
    // Two-byte characters: half as many UTF-16 units, the same byte count.
    expect(twilio('é'.repeat(MiB / 2)).reason).toBe('malformed_signature');
    for (const payload of ['a'.repeat(MiB + 1), `${'é'.repeat(MiB / 2)}a`, 'a'.repeat(2 * MiB)]) {
      expect(problemFrom(() => twilio(payload)).toProblem()).toEqual({
        type: 'urn:problem:payload_too_large',
        title: 'Payload too large',
        status: 413,
        code: 'payload_too_large',
        detail: `The twilio payload exceeds ${MiB} bytes, the most this service verifies for twilio.`,
        limit_bytes: MiB,
        platform: 'twilio',
      });
    }
  });

  it('payload_base64 bytes are held to the same limit', () => {
    const input = (bytes: number): VerifyInput => ({
      platform: 'twilio',
      secret: 'token',
      url: 'https://example.com/hook',
      payload_base64: Buffer.alloc(bytes, 0x61).toString('base64'),
      signature: 'AAAA',
    });
    expect(verifyWebhook(input(MiB), { nowS: NOW }).reason).toBe('malformed_signature');
    expect(problemFrom(() => verifyWebhook(input(MiB + 1), { nowS: NOW })).status).toBe(413);
  });
});

describe('signed-content templates', () => {
  it('parses into literal and placeholder parts, with no empty literal', () => {
    expect(parseTemplate('{timestamp}.{body}')).toEqual([
      { placeholder: 'timestamp' },
      { literal: '.' },
      { placeholder: 'body' },
    ]);
    expect(parseTemplate('{body}')).toEqual([{ placeholder: 'body' }]);
    expect(parseTemplate('v1:{id}{body}:end')).toEqual([
      { literal: 'v1:' },
      { placeholder: 'id' },
      { placeholder: 'body' },
      { literal: ':end' },
    ]);
    expect(parseTemplate('{{{body}}}')).toEqual([
      { literal: '{' },
      { placeholder: 'body' },
      { literal: '}' },
    ]);
    expect(templateFields(parseTemplate('{method} {url}|{id}|{timestamp}|{body}|{id}') as never)).toEqual([
      'url',
      'webhook_id',
      'timestamp',
    ]);
  });

  it('refusals carry their exact code and message; 256 characters are allowed, 257 are not', () => {
    const placeholders = 'placeholders are {body}, {timestamp}, {id}, {method}, {url} (write {{ for a brace)';
    for (const [template, message] of [
      ['{bodyX', placeholders],
      ['{body}{', placeholders],
      ['{nope}{body}', placeholders],
      ['{}{body}', placeholders],
      ['{body}}', 'a lone } must be written }}'],
      ['{timestamp}', 'must contain {body}'],
    ]) {
      expect(parseTemplate(template!), template).toEqual({
        path: '/signed_content',
        code: 'invalid_template',
        message,
      });
    }
    const exact = `{body}${'x'.repeat(250)}`;
    expect(exact).toHaveLength(256);
    expect(parseTemplate(exact)).toEqual([{ placeholder: 'body' }, { literal: 'x'.repeat(250) }]);
    expect(parseTemplate(`${exact}x`)).toEqual({
      path: '/signed_content',
      code: 'too_long',
      message: 'must be at most 256 characters',
    });
  });

  it('a template that signs no timestamp applies no window, even with a tolerance', () => {
    const id = 'msg_1';
    const result = verifyWebhook({
      platform: 'generic',
      secret: 'k0',
      payload: BODY,
      webhook_id: id,
      signed_content: '{id}.{body}',
      signature: hex('k0', `${id}.${BODY}`),
      timestamp: 'not a time',
      tolerance: 300,
      now: NOW,
    });
    expect(result).toMatchObject({
      valid: true,
      message: 'signature matches',
      timestamp: null,
      tolerance_s: null,
    });
    const timed = verifyWebhook({
      platform: 'generic',
      secret: 'k0',
      payload: BODY,
      signed_content: '{timestamp}.{body}',
      timestamp: String(NOW - 10),
      signature: hex('k0', `${NOW - 10}.${BODY}`),
      tolerance: 300,
      now: NOW,
    });
    expect(timed).toMatchObject({
      valid: true,
      message: 'signature matches; timestamp 10 s old (tolerance 300 s)',
      timestamp: NOW - 10,
    });
  });

  it('renders each placeholder from the request', () => {
    const request = {
      body: 'B',
      timestamp: 'T',
      webhook_id: 'I',
      method: 'PUT',
      url: 'https://u.test/',
    } as unknown as VerifyRequest;
    expect(renderTemplate(parseTemplate('{method} {url}|{id}|{timestamp}|{body}') as never, request)).toEqual(
      ['PUT', ' ', 'https://u.test/', '|', 'I', '|', 'T', '|', 'B'],
    );
  });
});
