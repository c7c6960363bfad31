/**
 * Known answers, SDK cross-checks and scheme details for gitlab, hubspot, square, zendesk, typeform,
 * mailchimp (Mandrill), intercom and segment.
 *
 * Square's known answer is the test vector of Square's own SDK. The other platforms publish no numeric
 * example of their current scheme (Zendesk's one example is in the other byte order, see below), so their
 * known answers were computed independently with node:crypto from the documented recipe — the test
 * recomputes each, so a literal cannot drift from its recipe — and the domain must answer them exactly.
 * HubSpot's and Square's own SDKs are the independent cross-checks.
 */
import { Signature } from '@hubspot/api-client';
import fc from 'fast-check';
import { WebhooksHelper } from 'square';
import { describe, expect, it } from 'vitest';
import { MAX_FORM_PARAMETERS, type VerifyInput, verifyWebhook } from '../../src/domain/index.js';
import { hubspotSignedUri } from '../../src/domain/platforms/hubspot.js';
import { hubspotSignature, hubspotUri, mandrillSignature } from './helpers/more-platforms.js';
import { problemFrom } from './helpers/problem.js';
import { hmacBase64, hmacHex } from './helpers/sign.js';

const ONE_MATCH = {
  valid: true,
  reason: null,
  signatures_found: 1,
  matched_signature_index: 0,
  matched_secret_index: 0,
  ignored: [],
  hints: [],
};
const NO_TIME = { timestamp: null, timestamp_age_s: null, tolerance_s: null };

/** The worked examples, also shown in the README. */
const KNOWN = {
  gitlab: {
    platform: 'gitlab',
    secret: 'gitlab-hook-token-4d2c9e1a',
    payload: '{"object_kind":"push","ref":"refs/heads/main"}',
    signature: 'gitlab-hook-token-4d2c9e1a',
  },
  // HubSpot's own example values (client secret, URI and body of its v2 example, which its SDK's v3 test
  // signs too), signed with the v3 recipe at a fixed timestamp.
  hubspot: {
    platform: 'hubspot',
    secret: 'yyyyyyyy-yyyy-yyyy-yyyy-yyyyyyyyyyyy',
    payload: '{"example_field":"example_value"}',
    url: 'https://www.example.com/webhook_uri',
    timestamp: '1700000000000',
    signature: 'rQEKkaNUiu+1qGF//O/pw4BCzstSqO1PyUnGICmf+7o=',
    now: 1700000042,
  },
  // The test vector of Square's own SDK (square-python-sdk, tests/utilities/test_webhooks_helper.py).
  square: {
    platform: 'square',
    secret: 'Ibxx_5AKakO-3qeNVR61Dw',
    payload:
      '{"merchant_id":"MLEFBHHSJGVHD","type":"webhooks.test_notification","event_id":"ac3ac95b-f97d-458c-a6e6-18981597e05f","created_at":"2022-07-13T20:30:59.037339943Z","data":{"type":"webhooks","id":"bc368e64-01aa-407e-b46e-3231809b1129"}}',
    url: 'https://webhook.site/679a4f3a-dcfa-49ee-bac5-9d0edad886b9',
    signature: 'GF4YkrJgGBDZ9NIYbNXBnMzqb2HoL4RW/S6vkZ9/2N4=',
  },
  // Zendesk's documented signing secret, timestamp and body, signed as its formula says (timestamp + body).
  zendesk: {
    platform: 'zendesk',
    secret: 'dGhpc19zZWNyZXRfaXNfZm9yX3Rlc3Rpbmdfb25seQ==',
    payload: '{"say": "hello"}',
    timestamp: '2021-07-25T10:00:00Z',
    signature: 'gf3v0LzLRHPUnIdhbvwRDVEvzSb07/QN0GYjSNlkBT0=',
    now: 1627207212,
  },
  typeform: {
    platform: 'typeform',
    secret: 'typeform-webhook-secret-8c1d',
    payload:
      '{"event_id":"01HCQ3","event_type":"form_response","form_response":{"form_id":"lT4Z3j","answers":[]}}',
    signature: 'sha256=gTh8MQrb/8ptoVoAs6UR27XtgwvlWh1DaYDuid1SxUY=',
  },
  mailchimp: {
    platform: 'mailchimp',
    secret: 'mandrill-webhook-key-5Q2w',
    payload: 'mandrill_events=%5B%7B%22event%22%3A%22send%22%2C%22ts%22%3A1700000000%7D%5D',
    url: 'https://example.com/webhooks/mandrill',
    signature: 'MAs1W41MrsqHpol03TlKcWGCgXA=',
  },
  intercom: {
    platform: 'intercom',
    secret: 'intercom-client-secret-2b7e',
    payload:
      '{"type":"notification_event","topic":"ping","data":{"item":{"type":"ping","message":"something"}}}',
    signature: 'sha1=38fe6d0c78e3d2881b222f6c1c5b6540b5892205',
  },
  segment: {
    platform: 'segment',
    secret: 'segment-shared-secret-6a4f',
    payload: '{"type":"track","event":"Order Completed","userId":"u_42"}',
    signature: 'a658b83fd4016a56036430defac7a2ff09bcde7e',
  },
} as const;

describe('known answers (computed from the documented recipes with node:crypto)', () => {
  it('the literals are what node:crypto computes from each recipe', () => {
    const k = KNOWN;
    expect(
      hmacBase64(
        'sha256',
        k.hubspot.secret,
        `POST${k.hubspot.url}${k.hubspot.payload}${k.hubspot.timestamp}`,
      ),
    ).toBe(k.hubspot.signature);
    expect(hmacBase64('sha256', k.square.secret, k.square.url + k.square.payload)).toBe(k.square.signature);
    expect(hmacBase64('sha256', k.zendesk.secret, k.zendesk.timestamp + k.zendesk.payload)).toBe(
      k.zendesk.signature,
    );
    expect(`sha256=${hmacBase64('sha256', k.typeform.secret, k.typeform.payload)}`).toBe(
      k.typeform.signature,
    );
    const events = new URLSearchParams(k.mailchimp.payload).get('mandrill_events')!;
    expect(mandrillSignature(k.mailchimp.secret, k.mailchimp.url, { mandrill_events: events })).toBe(
      k.mailchimp.signature,
    );
    expect(`sha1=${hmacHex('sha1', k.intercom.secret, k.intercom.payload)}`).toBe(k.intercom.signature);
    expect(hmacHex('sha1', k.segment.secret, k.segment.payload)).toBe(k.segment.signature);
  });

  it('gitlab: the X-Gitlab-Token equals the secret token', () => {
    expect(verifyWebhook(KNOWN.gitlab)).toEqual({
      ...ONE_MATCH,
      ...NO_TIME,
      platform: 'gitlab',
      scheme: 'gitlab-token',
      algorithm: 'static-token',
      encoding: 'text',
      message: 'signature matches',
    });
  });

  it('hubspot: v3 over POST + URI + body + millisecond timestamp, judged to the millisecond', () => {
    expect(verifyWebhook(KNOWN.hubspot)).toEqual({
      ...ONE_MATCH,
      platform: 'hubspot',
      scheme: 'hubspot-v3',
      algorithm: 'HMAC-SHA256',
      encoding: 'base64',
      message: 'signature matches; timestamp 42 s old (tolerance 300 s)',
      timestamp: 1700000000,
      timestamp_age_s: 42,
      tolerance_s: 300,
    });
  });

  it('square: notification URL + body (the vector of Square’s SDK tests)', () => {
    expect(verifyWebhook(KNOWN.square)).toEqual({
      ...ONE_MATCH,
      ...NO_TIME,
      platform: 'square',
      scheme: 'square-hmac',
      algorithm: 'HMAC-SHA256',
      encoding: 'base64',
      message: 'signature matches',
    });
  });

  it('zendesk: ISO 8601 timestamp text + body', () => {
    expect(verifyWebhook(KNOWN.zendesk)).toEqual({
      ...ONE_MATCH,
      platform: 'zendesk',
      scheme: 'zendesk-hmac',
      algorithm: 'HMAC-SHA256',
      encoding: 'base64',
      message: 'signature matches; timestamp 12 s old (tolerance 300 s)',
      timestamp: 1627207200,
      timestamp_age_s: 12,
      tolerance_s: 300,
    });
  });

  it('zendesk: the example of an older revision of the page signs body + timestamp, so it does not verify', () => {
    // developer.zendesk.com (event-connectors revision): secret, body, timestamp and signature as printed.
    const printed = {
      platform: 'zendesk',
      secret: 'HRkRd4BeOAoUkfZr-mhauJT64rvBASlJRoIyPsd3zeA=',
      payload: '{"say": "hello"}',
      timestamp: '2021-07-25T10:00:00Z',
      signature: 'tRDSF7URY8BLCDlaBcQ7FHu051Zk+aAB0NKMP53teMw=',
      now: 1627207200,
    };
    expect(hmacBase64('sha256', printed.secret, printed.payload + printed.timestamp)).toBe(printed.signature);
    expect(verifyWebhook(printed)).toMatchObject({ valid: false, reason: 'signature_mismatch' });
  });

  it.each([
    ['typeform', 'typeform-sha256', 'HMAC-SHA256', 'base64'],
    ['mailchimp', 'mandrill-sha1', 'HMAC-SHA1', 'base64'],
    ['intercom', 'intercom-sha1', 'HMAC-SHA1', 'hex'],
    ['segment', 'segment-sha1', 'HMAC-SHA1', 'hex'],
  ] as const)('%s', (platform, scheme, algorithm, encoding) => {
    expect(verifyWebhook(KNOWN[platform])).toEqual({
      ...ONE_MATCH,
      ...NO_TIME,
      platform,
      scheme,
      algorithm,
      encoding,
      message: 'signature matches',
    });
  });
});

describe('@hubspot/api-client cross-check (Signature, v3)', () => {
  const clientSecret = 'hubspot-sdk-cross-check-secret';
  const url = 'https://example.com/hooks/hubspot?portalId=62515';

  it('the SDK accepts what we accept, and we accept what the SDK signs, for any body', () => {
    const nowMs = Date.now();
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.constantFrom('POST', 'GET'),
        (body, method) => {
          const timestamp = nowMs - 1000;
          const signature = Signature.getSignature(method, 'v3', {
            clientSecret,
            requestBody: body,
            url,
            timestamp,
          } as never);
          const ours = verifyWebhook({
            platform: 'hubspot',
            secret: clientSecret,
            payload: body,
            url,
            method,
            timestamp: String(timestamp),
            signature,
            now: nowMs / 1000,
          });
          expect(ours.valid).toBe(true);
          const sdk = Signature.isValid({
            signatureVersion: 'v3',
            clientSecret,
            requestBody: body,
            url,
            method,
            timestamp,
            signature: hubspotSignature(clientSecret, method, url, body, String(timestamp)),
          });
          expect(sdk).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('both reject a tampered body; both reject a delivery older than 5 minutes', () => {
    const timestamp = Date.now() - 301_000;
    const body = '[{"eventId":1,"subscriptionType":"contact.creation"}]';
    const signature = hubspotSignature(clientSecret, 'POST', url, body, String(timestamp));
    const input = {
      platform: 'hubspot',
      secret: clientSecret,
      url,
      timestamp: String(timestamp),
      signature,
    };
    expect(verifyWebhook({ ...input, payload: `${body} ` })).toMatchObject({ reason: 'signature_mismatch' });
    expect(verifyWebhook({ ...input, payload: body })).toMatchObject({ reason: 'timestamp_too_old' });
    const sdkInput = { signatureVersion: 'v3', clientSecret, url, method: 'POST', timestamp, signature };
    expect(() => Signature.isValid({ ...sdkInput, requestBody: body })).toThrow(/Timestamp is invalid/);
    const fresh = Date.now();
    const freshSignature = hubspotSignature(clientSecret, 'POST', url, body, String(fresh));
    expect(
      Signature.isValid({
        ...sdkInput,
        timestamp: fresh,
        signature: freshSignature,
        requestBody: `${body} `,
      }),
    ).toBe(false);
  });
});

describe('square WebhooksHelper cross-check', () => {
  const signatureKey = 'square-sdk-cross-check-key';
  const notificationUrl = 'https://example.com/hooks/square?env=sandbox';

  it('the SDK and we agree on signatures from either side, for any body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 200 }), async (body) => {
        const signatureHeader = hmacBase64('sha256', signatureKey, notificationUrl + body);
        expect(
          await WebhooksHelper.verifySignature({
            requestBody: body,
            signatureHeader,
            signatureKey,
            notificationUrl,
          }),
        ).toBe(true);
        const ours = verifyWebhook({
          platform: 'square',
          secret: signatureKey,
          payload: body,
          url: notificationUrl,
          signature: signatureHeader,
        });
        expect(ours.valid).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('the SDK vector and its negative cases answer as in the SDK tests', async () => {
    const { payload, url, secret, signature } = KNOWN.square;
    const sdk = (requestBody: string) =>
      WebhooksHelper.verifySignature({
        requestBody,
        signatureHeader: signature,
        signatureKey: secret,
        notificationUrl: url,
      });
    expect(await sdk(payload)).toBe(true);
    expect(await sdk(payload.replace('2022-07-13', '2022-06-13'))).toBe(false);
    const mismatch = { valid: false, reason: 'signature_mismatch' };
    // test_signature_validation_url_mismatch, _invalid_signature_key, _invalid_signature_header, _body_mismatch
    expect(
      verifyWebhook({ ...KNOWN.square, url: 'https://webhook.site/79a4f3a-dcfa-49ee-bac5-9d0edad886b9' }),
    ).toMatchObject(mismatch);
    expect(verifyWebhook({ ...KNOWN.square, secret: 'MCmhFRxGX82xMwg5FsaoQA' })).toMatchObject(mismatch);
    expect(
      verifyWebhook({ ...KNOWN.square, payload: payload.replace('2022-07-13', '2022-06-13') }),
    ).toMatchObject(mismatch);
    // The SDK's '1z2n3DEJJiUPKcPzQo1ftvbxGdw=' is 20 bytes, not an HMAC-SHA256: malformed here, not a mismatch.
    expect(verifyWebhook({ ...KNOWN.square, signature: '1z2n3DEJJiUPKcPzQo1ftvbxGdw=' })).toMatchObject({
      valid: false,
      reason: 'malformed_signature',
    });
    // test_signature_validation_body_formatted: the same JSON laid out differently.
    const formatted = JSON.stringify(JSON.parse(payload), null, 2);
    expect(verifyWebhook({ ...KNOWN.square, payload: formatted })).toMatchObject({
      ...mismatch,
      hints: ['payload_looks_reserialized'],
    });
  });
});

describe('hubspot details', () => {
  it('decodes exactly the twelve documented percent-encodings in the URI, in either hex case', () => {
    const url =
      'https://example.com/a%3Ab%2Fc%3Fd%40e%21f%24g%27h%28i%29j%2Ak%2Cl%3Bm%3an%2fo?q=%20%C3%A9%3D%25';
    expect(hubspotSignedUri(url)).toBe("https://example.com/a:b/c?d@e!f$g'h(i)j*k,l;m:n/o?q=%20%C3%A9%3D%25");
    expect(hubspotUri(url.replace('%3a', '%3A').replace('%2f', '%2F'))).toBe(hubspotSignedUri(url));
  });

  it('a signature over the decoded URI verifies with the URL as received', () => {
    const url = 'https://example.com/hooks?redirect=https%3A%2F%2Fapp.example.com%2Fdone&ids=1%2C2';
    const secret = 'hubspot-decoding-secret';
    const signature = hubspotSignature(secret, 'POST', url, '[]', '1700000000000');
    const input = {
      platform: 'hubspot',
      secret,
      payload: '[]',
      url,
      timestamp: '1700000000000',
      signature,
      now: 1700000000,
    };
    expect(verifyWebhook(input)).toMatchObject({ valid: true });
    // Signed over the URL as received (not decoded): not what HubSpot signs.
    const undecoded = hmacBase64('sha256', secret, `POST${url}[]1700000000000`);
    expect(verifyWebhook({ ...input, signature: undecoded })).toMatchObject({ reason: 'signature_mismatch' });
  });

  it('method defaults to POST and is signed upper-cased', () => {
    const { secret, url, payload, timestamp } = KNOWN.hubspot;
    const get = hubspotSignature(secret, 'GET', url, payload, timestamp);
    expect(verifyWebhook({ ...KNOWN.hubspot, signature: get })).toMatchObject({
      reason: 'signature_mismatch',
    });
    expect(verifyWebhook({ ...KNOWN.hubspot, signature: get, method: 'get' })).toMatchObject({ valid: true });
  });

  it('the timestamp is milliseconds: fractions of a second count, and no milliseconds hint is given', () => {
    const { secret, url, payload } = KNOWN.hubspot;
    const timestamp = '1700000000123';
    const signature = hubspotSignature(secret, 'POST', url, payload, timestamp);
    expect(verifyWebhook({ ...KNOWN.hubspot, timestamp, signature, now: 1700000010 })).toMatchObject({
      valid: true,
      timestamp: 1700000000.123,
      timestamp_age_s: 9.877,
      hints: [],
    });
  });

  it('a timestamp in seconds is read as milliseconds of 1970: far too old', () => {
    const { secret, url, payload } = KNOWN.hubspot;
    const signature = hubspotSignature(secret, 'POST', url, payload, '1700000000');
    expect(verifyWebhook({ ...KNOWN.hubspot, timestamp: '1700000000', signature })).toMatchObject({
      valid: false,
      reason: 'timestamp_too_old',
      timestamp: 1700000,
    });
  });
});

describe('zendesk details', () => {
  const secret = KNOWN.zendesk.secret;
  const signed = (timestamp: string) => ({
    ...KNOWN.zendesk,
    timestamp,
    signature: hmacBase64('sha256', secret, timestamp + KNOWN.zendesk.payload),
  });

  it('fractional seconds and UTC offsets are read exactly; the signed text is the header as received', () => {
    expect(verifyWebhook(signed('2021-07-25T10:00:00.500Z'))).toMatchObject({
      valid: true,
      timestamp: 1627207200.5,
      timestamp_age_s: 11.5,
    });
    expect(verifyWebhook(signed('2021-07-25T12:00:00+02:00'))).toMatchObject({
      valid: true,
      timestamp: 1627207200,
    });
  });

  it('a signed timestamp that is not an ISO 8601 date-time → invalid_timestamp, after the signature matched', () => {
    for (const text of [
      '1627207200',
      '2021-07-25 10:00:00Z',
      '2021-07-25T10:00:00',
      'Sun, 25 Jul 2021 10:00:00 GMT',
    ]) {
      expect(verifyWebhook(signed(text))).toMatchObject({
        valid: false,
        reason: 'invalid_timestamp',
        matched_signature_index: 0,
        message:
          'signature matches, but the timestamp is not an ISO 8601 date-time such as 2021-07-25T10:00:00Z',
      });
    }
    expect(verifyWebhook({ ...signed('not a date'), secret: 'other-secret-value' })).toMatchObject({
      reason: 'signature_mismatch',
    });
  });

  it('the window is symmetric: five minutes either way', () => {
    expect(verifyWebhook({ ...KNOWN.zendesk, now: 1627207200 - 301 })).toMatchObject({
      reason: 'timestamp_in_future',
    });
    expect(verifyWebhook({ ...KNOWN.zendesk, now: 1627207200 - 300 })).toMatchObject({ valid: true });
  });
});

describe('mailchimp (Mandrill) details', () => {
  const key = 'mandrill-details-key';
  const url = 'https://example.com/webhooks/mandrill?source=tx';

  it('every POST parameter is signed, sorted by name, with form decoding (+ is a space)', () => {
    const payload = 'mandrill_events=%5B%5D&b_extra=two+words&a_first=%C3%A9';
    const signature = mandrillSignature(key, url, {
      mandrill_events: '[]',
      b_extra: 'two words',
      a_first: 'é',
    });
    expect(verifyWebhook({ platform: 'mailchimp', secret: key, url, payload, signature })).toMatchObject({
      valid: true,
    });
  });

  it('the URL is signed exactly as given', () => {
    const payload = 'mandrill_events=%5B%5D';
    const signature = mandrillSignature(key, url, { mandrill_events: '[]' });
    const input = { platform: 'mailchimp', secret: key, payload, signature };
    expect(verifyWebhook({ ...input, url })).toMatchObject({ valid: true });
    expect(verifyWebhook({ ...input, url: `${url}&` })).toMatchObject({ reason: 'signature_mismatch' });
  });

  it(`a form of more than ${MAX_FORM_PARAMETERS} parameters → 400 naming /payload`, () => {
    const payload = 'a=1&'.repeat(MAX_FORM_PARAMETERS + 1);
    const error = problemFrom(() =>
      verifyWebhook({
        platform: 'mailchimp',
        secret: key,
        url,
        payload,
        signature: 'MAs1W41MrsqHpol03TlKcWGCgXA=',
      }),
    );
    expect(error.status).toBe(400);
    expect(error.errors).toEqual([
      expect.objectContaining({ path: '/payload', code: 'too_many_parameters' }),
    ]);
  });
});

describe('prefixes and encodings', () => {
  it('typeform: a bare base64 digest → malformed with signature_missing_prefix; sha1= → no_supported_signature', () => {
    const bare = KNOWN.typeform.signature.slice('sha256='.length);
    expect(verifyWebhook({ ...KNOWN.typeform, signature: bare })).toMatchObject({
      reason: 'malformed_signature',
      hints: ['signature_missing_prefix'],
    });
    expect(verifyWebhook({ ...KNOWN.typeform, signature: `sha1=${bare}` })).toMatchObject({
      reason: 'no_supported_signature',
      ignored: ['sha1'],
    });
    expect(verifyWebhook({ ...KNOWN.typeform, signature: `SHA256=${bare}` })).toMatchObject({ valid: true });
  });

  it('intercom: a bare hex digest → malformed with signature_missing_prefix; sha256= → no_supported_signature', () => {
    const bare = KNOWN.intercom.signature.slice('sha1='.length);
    expect(verifyWebhook({ ...KNOWN.intercom, signature: bare })).toMatchObject({
      reason: 'malformed_signature',
      hints: ['signature_missing_prefix'],
    });
    expect(verifyWebhook({ ...KNOWN.intercom, signature: `sha256=${bare}` })).toMatchObject({
      reason: 'no_supported_signature',
    });
    expect(verifyWebhook({ ...KNOWN.intercom, signature: `sha1=${bare.toUpperCase()}` })).toMatchObject({
      valid: true,
    });
  });

  it('segment and square: the other encoding is named in a hint', () => {
    const hex = Buffer.from(KNOWN.square.signature, 'base64').toString('hex');
    expect(verifyWebhook({ ...KNOWN.square, signature: hex })).toMatchObject({
      reason: 'malformed_signature',
      hints: ['signature_looks_hex'],
    });
    const base64 = Buffer.from(KNOWN.segment.signature, 'hex').toString('base64');
    expect(verifyWebhook({ ...KNOWN.segment, signature: base64 })).toMatchObject({
      reason: 'malformed_signature',
      hints: ['signature_looks_base64'],
    });
  });

  it('gitlab: a token of another length is a mismatch, never malformed; every secret is compared', () => {
    expect(verifyWebhook({ ...KNOWN.gitlab, signature: 'short' })).toMatchObject({
      reason: 'signature_mismatch',
    });
    expect(
      verifyWebhook({ ...KNOWN.gitlab, secret: ['other-token', KNOWN.gitlab.secret, KNOWN.gitlab.secret] }),
    ).toMatchObject({
      valid: true,
      matched_secret_index: 1,
    });
  });
});

describe('the headers input picks each platform’s fields from the documented header names', () => {
  const cases: [VerifyInput, Record<string, string>][] = [
    [
      { platform: 'gitlab', secret: KNOWN.gitlab.secret, payload: KNOWN.gitlab.payload },
      { 'X-Gitlab-Token': KNOWN.gitlab.signature },
    ],
    [
      {
        platform: 'hubspot',
        secret: KNOWN.hubspot.secret,
        payload: KNOWN.hubspot.payload,
        url: KNOWN.hubspot.url,
        now: KNOWN.hubspot.now,
      },
      {
        'x-hubspot-signature-v3': KNOWN.hubspot.signature,
        'X-HubSpot-Request-Timestamp': KNOWN.hubspot.timestamp,
      },
    ],
    [
      {
        platform: 'square',
        secret: KNOWN.square.secret,
        payload: KNOWN.square.payload,
        url: KNOWN.square.url,
      },
      { 'X-Square-HmacSha256-Signature': KNOWN.square.signature },
    ],
    [
      {
        platform: 'zendesk',
        secret: KNOWN.zendesk.secret,
        payload: KNOWN.zendesk.payload,
        now: KNOWN.zendesk.now,
      },
      {
        'X-Zendesk-Webhook-Signature': KNOWN.zendesk.signature,
        'X-Zendesk-Webhook-Signature-Timestamp': KNOWN.zendesk.timestamp,
      },
    ],
    [
      { platform: 'typeform', secret: KNOWN.typeform.secret, payload: KNOWN.typeform.payload },
      { 'typeform-signature': KNOWN.typeform.signature },
    ],
    [
      {
        platform: 'mailchimp',
        secret: KNOWN.mailchimp.secret,
        payload: KNOWN.mailchimp.payload,
        url: KNOWN.mailchimp.url,
      },
      { 'X-Mandrill-Signature': KNOWN.mailchimp.signature },
    ],
    [
      { platform: 'intercom', secret: KNOWN.intercom.secret, payload: KNOWN.intercom.payload },
      { 'X-Hub-Signature': KNOWN.intercom.signature },
    ],
    [
      { platform: 'segment', secret: KNOWN.segment.secret, payload: KNOWN.segment.payload },
      { 'X-Signature': KNOWN.segment.signature },
    ],
  ];

  it.each(cases)('$platform', (input, headers) => {
    const fromHeaders = verifyWebhook({ ...input, headers });
    // Valid on its own, not only equal to the explicit-field answer (which could fail the same way).
    expect(fromHeaders).toMatchObject({ valid: true, reason: null, matched_signature_index: 0 });
    expect(fromHeaders).toEqual(verifyWebhook(KNOWN[input.platform as keyof typeof KNOWN]));
  });
});
