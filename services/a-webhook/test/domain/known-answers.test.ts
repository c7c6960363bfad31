import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/domain/index.js';

/** The tail of a result that matched the first signature with the first secret, with nothing to add. */
const ONE_MATCH = {
  signatures_found: 1,
  matched_signature_index: 0,
  matched_secret_index: 0,
  ignored: [],
  hints: [],
};

describe('known answers from the spec', () => {
  it('github: It’s a Secret to Everybody / Hello, World!', () => {
    const result = verifyWebhook({
      platform: 'github',
      secret: "It's a Secret to Everybody",
      payload: 'Hello, World!',
      signature: 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
    });
    expect(result).toEqual({
      valid: true,
      platform: 'github',
      scheme: 'github-sha256',
      algorithm: 'HMAC-SHA256',
      encoding: 'hex',
      reason: null,
      message: 'signature matches',
      timestamp: null,
      timestamp_age_s: null,
      tolerance_s: null,
      ...ONE_MATCH,
    });
  });

  it('github: hex is compared case-insensitively', () => {
    const result = verifyWebhook({
      platform: 'github',
      secret: "It's a Secret to Everybody",
      payload: 'Hello, World!',
      signature: 'sha256=757107EA0EB2509FC211221CCE984B8A37570B6D7586C22C46F4379C8B043E17',
    });
    expect(result.valid).toBe(true);
  });

  const twilioForm = {
    platform: 'twilio',
    secret: '12345',
    url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
    payload:
      'CallSid=CA1234567890ABCDE&Caller=%2B12349013030&Digits=1234&From=%2B12349013030&To=%2B18005551212',
    signature: '0/KCTR6DLpKmkAf8muzZqo1nDgQ=',
  };

  it('twilio form: token 12345 → 0/KCTR6DLpKmkAf8muzZqo1nDgQ=', () => {
    expect(verifyWebhook(twilioForm)).toEqual({
      valid: true,
      platform: 'twilio',
      scheme: 'twilio-form',
      algorithm: 'HMAC-SHA1',
      encoding: 'base64',
      reason: null,
      message: 'signature matches',
      timestamp: null,
      timestamp_age_s: null,
      tolerance_s: null,
      ...ONE_MATCH,
    });
  });

  it('twilio form: parameter order in the body does not matter', () => {
    const shuffled =
      'To=%2B18005551212&Digits=1234&CallSid=CA1234567890ABCDE&From=%2B12349013030&Caller=%2B12349013030';
    expect(verifyWebhook({ ...twilioForm, payload: shuffled }).valid).toBe(true);
    expect(
      verifyWebhook({ ...twilioForm, content_type: 'application/x-www-form-urlencoded; charset=utf-8' })
        .valid,
    ).toBe(true);
  });

  it('twilio form: the same URL with :443 added still matches, with a hint', () => {
    const result = verifyWebhook({ ...twilioForm, url: 'https://mycompany.com:443/myapp.php?foo=1&bar=2' });
    expect(result).toMatchObject({ valid: true, hints: ['url_default_port_adjusted'] });
  });

  it('twilio JSON: bodySHA256 of {"property": "value", "boolean": true}', async () => {
    const payload = '{"property": "value", "boolean": true}';
    const bodyHash = '0a1ff7634d9ab3b95db5c9a2dfe9416e41502b283a80c7cf19632632f96e6620';
    const { createHmac } = await import('node:crypto');
    const url = `https://mycompany.com/myapp.php?bodySHA256=${bodyHash}`;
    const signature = createHmac('sha1', '12345').update(url).digest('base64');
    const input = {
      platform: 'twilio',
      secret: '12345',
      url,
      payload,
      content_type: 'application/json',
      signature,
    };
    expect(verifyWebhook(input)).toMatchObject({ valid: true, scheme: 'twilio-json', reason: null });
    // Without content_type, a URL carrying bodySHA256 means a JSON delivery.
    expect(verifyWebhook({ ...input, content_type: undefined })).toMatchObject({
      valid: true,
      scheme: 'twilio-json',
    });
    expect(verifyWebhook({ ...input, payload: `${payload} ` })).toMatchObject({
      valid: false,
      reason: 'body_hash_mismatch',
      matched_signature_index: 0,
      message: 'signature matches the URL, but its bodySHA256 is not the SHA-256 of the payload',
    });
  });

  it('twilio JSON: a URL without bodySHA256 is missing_body_hash', () => {
    const result = verifyWebhook({
      platform: 'twilio',
      secret: '12345',
      url: 'https://mycompany.com/myapp.php',
      payload: '{}',
      content_type: 'application/json',
      signature: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    });
    expect(result).toMatchObject({
      valid: false,
      reason: 'missing_body_hash',
      matched_signature_index: null,
    });
  });

  it('paddle: VALID_SECRET, ts 1698796800', () => {
    const input = {
      platform: 'paddle',
      secret: 'VALID_SECRET',
      payload: '{"data": ["1", "2"]}',
      signature: 'ts=1698796800;h1=a300428748dce5c70e4da19bffd60769591ea969c99dea3105d0ec9612cf43f9',
    };
    expect(verifyWebhook(input, { nowS: 1698796800 })).toEqual({
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
      ...ONE_MATCH,
    });
    expect(verifyWebhook(input, { nowS: 1698796806 })).toMatchObject({
      valid: false,
      reason: 'timestamp_too_old',
      message: 'signature matches, but the timestamp is 6 s old (tolerance 5 s)',
      timestamp_age_s: 6,
    });
  });
});
