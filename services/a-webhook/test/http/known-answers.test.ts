import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verify } from './helpers/client.js';

const GITHUB = {
  platform: 'github',
  secret: "It's a Secret to Everybody",
  payload: 'Hello, World!',
  signature: 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
};

const noTimestamp = { timestamp: null, timestamp_age_s: null, tolerance_s: null };
const oneMatch = {
  signatures_found: 1,
  matched_signature_index: 0,
  matched_secret_index: 0,
  ignored: [],
  hints: [],
};

describe('the spec’s known answers through POST /verify', () => {
  it('github: It’s a Secret to Everybody / Hello, World!', async () => {
    const res = await verify(GITHUB);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.json).toEqual({
      valid: true,
      platform: 'github',
      scheme: 'github-sha256',
      algorithm: 'HMAC-SHA256',
      encoding: 'hex',
      reason: null,
      message: 'signature matches',
      ...noTimestamp,
      ...oneMatch,
    });
  });

  it('github: upper-case hex matches; one changed digit does not', async () => {
    expect(
      (await verify({ ...GITHUB, signature: GITHUB.signature.toUpperCase().replace('SHA256', 'sha256') }))
        .json.valid,
    ).toBe(true);
    const changed = GITHUB.signature.replace(/7$/, '8');
    expect((await verify({ ...GITHUB, signature: changed })).json).toMatchObject({
      valid: false,
      reason: 'signature_mismatch',
      matched_signature_index: null,
    });
  });

  const twilioForm = {
    platform: 'twilio',
    secret: '12345',
    url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
    payload:
      'CallSid=CA1234567890ABCDE&Caller=%2B12349013030&Digits=1234&From=%2B12349013030&To=%2B18005551212',
    signature: '0/KCTR6DLpKmkAf8muzZqo1nDgQ=',
  };

  it('twilio form: token 12345 → 0/KCTR6DLpKmkAf8muzZqo1nDgQ=', async () => {
    const res = await verify(twilioForm);
    expect(res.json).toEqual({
      valid: true,
      platform: 'twilio',
      scheme: 'twilio-form',
      algorithm: 'HMAC-SHA1',
      encoding: 'base64',
      reason: null,
      message: 'signature matches',
      ...noTimestamp,
      ...oneMatch,
    });
    const digits = await verify({ ...twilioForm, payload: twilioForm.payload.replace('1234&', '1235&') });
    expect(digits.json.reason).toBe('signature_mismatch');
  });

  it('twilio JSON: bodySHA256 0a1ff763… of {"property": "value", "boolean": true}', async () => {
    const payload = '{"property": "value", "boolean": true}';
    const url =
      'https://mycompany.com/myapp.php?bodySHA256=0a1ff7634d9ab3b95db5c9a2dfe9416e41502b283a80c7cf19632632f96e6620';
    const signature = createHmac('sha1', '12345').update(url).digest('base64');
    const body = {
      platform: 'twilio',
      secret: '12345',
      url,
      payload,
      content_type: 'application/json',
      signature,
    };
    expect((await verify(body)).json).toMatchObject({ valid: true, scheme: 'twilio-json', reason: null });
    expect((await verify({ ...body, payload: payload.replace('true', 'false') })).json).toMatchObject({
      valid: false,
      reason: 'body_hash_mismatch',
      matched_signature_index: 0,
    });
    const noHash = await verify({ ...body, url: 'https://mycompany.com/myapp.php' });
    expect(noHash.json).toMatchObject({ valid: false, reason: 'missing_body_hash' });
  });

  it('paddle: VALID_SECRET, ts 1698796800 → h1=a3004287…', async () => {
    const body = {
      platform: 'paddle',
      secret: 'VALID_SECRET',
      payload: '{"data": ["1", "2"]}',
      signature: 'ts=1698796800;h1=a300428748dce5c70e4da19bffd60769591ea969c99dea3105d0ec9612cf43f9',
      now: 1698796800,
    };
    expect((await verify(body)).json).toEqual({
      valid: true,
      platform: 'paddle',
      scheme: 'paddle-h1',
      algorithm: 'HMAC-SHA256',
      encoding: 'hex',
      reason: null,
      message: 'signature matches; timestamp 0 s old (tolerance 5 s)',
      timestamp: 1698796800,
      timestamp_age_s: 0,
      tolerance_s: 5,
      ...oneMatch,
    });
    expect((await verify({ ...body, now: 1698796806 })).json).toMatchObject({
      valid: false,
      reason: 'timestamp_too_old',
      message: 'signature matches, but the timestamp is 6 s old (tolerance 5 s)',
      timestamp_age_s: 6,
    });
    // Without `now`, the service's clock judges it: that delivery is years old.
    const { now: _now, ...live } = body;
    expect((await verify(live)).json).toMatchObject({ valid: false, reason: 'timestamp_too_old' });
  });

  it('the spec’s example response shape: stripe, two v1 signatures, a v0, 412 s old', async () => {
    const secret = 'whsec_spec-example-secret-42';
    const payload = '{\n  "id": "evt_1"\n}';
    const t = 1700000000;
    const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
    const signature = `t=${t},v1=${'0'.repeat(64)},v1=${v1},v0=${'1'.repeat(64)}`;
    const res = await verify({ platform: 'stripe', secret, payload, signature, now: t + 412 });
    expect(res.json).toEqual({
      valid: false,
      platform: 'stripe',
      scheme: 'stripe-v1',
      algorithm: 'HMAC-SHA256',
      encoding: 'hex',
      reason: 'timestamp_too_old',
      message: 'signature matches (signature 2 of 2), but the timestamp is 412 s old (tolerance 300 s)',
      timestamp: 1700000000,
      timestamp_age_s: 412,
      tolerance_s: 300,
      signatures_found: 2,
      matched_signature_index: 1,
      matched_secret_index: 0,
      ignored: ['v0'],
      hints: [],
    });
  });
});
