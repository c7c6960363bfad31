import fc from 'fast-check';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/domain/index.js';

const token = '12345abcdef12345abcdef12345abcde';
const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';

function formBody(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

function ours(input: { url: string; payload: string; signature: string; content_type?: string }): boolean {
  return verifyWebhook({ platform: 'twilio', secret: token, ...input }).valid;
}

describe('twilio SDK cross-check (form bodies)', () => {
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', To: '+18005551212' };

  it('accepts getExpectedTwilioSignature, as validateRequest does', () => {
    const signature = twilio.getExpectedTwilioSignature(token, url, params);
    expect(twilio.validateRequest(token, signature, url, params)).toBe(true);
    expect(ours({ url, payload: formBody(params), signature })).toBe(true);
  });

  it('agrees on tampered parameters, URL and token', () => {
    const signature = twilio.getExpectedTwilioSignature(token, url, params);
    const tampered = { ...params, Digits: '1235' };
    expect(twilio.validateRequest(token, signature, url, tampered)).toBe(false);
    expect(ours({ url, payload: formBody(tampered), signature })).toBe(false);
    const otherUrl = 'https://mycompany.com/myapp.php?foo=1&bar=3';
    expect(twilio.validateRequest(token, signature, otherUrl, params)).toBe(false);
    expect(ours({ url: otherUrl, payload: formBody(params), signature })).toBe(false);
    const wrongToken = twilio.getExpectedTwilioSignature('another-token', url, params);
    expect(twilio.validateRequest(token, wrongToken, url, params)).toBe(false);
    expect(ours({ url, payload: formBody(params), signature: wrongToken })).toBe(false);
  });

  it('agrees on the default port added or removed', () => {
    const withPort = 'https://mycompany.com:443/myapp.php?foo=1&bar=2';
    const signedWithPort = twilio.getExpectedTwilioSignature(token, withPort, params);
    expect(twilio.validateRequest(token, signedWithPort, url, params)).toBe(true);
    expect(ours({ url, payload: formBody(params), signature: signedWithPort })).toBe(true);
    const signedWithout = twilio.getExpectedTwilioSignature(token, url, params);
    expect(twilio.validateRequest(token, signedWithout, withPort, params)).toBe(true);
    expect(ours({ url: withPort, payload: formBody(params), signature: signedWithout })).toBe(true);
    const http = 'http://mycompany.com/hook';
    const signedHttp = twilio.getExpectedTwilioSignature(token, 'http://mycompany.com:80/hook', params);
    expect(twilio.validateRequest(token, signedHttp, http, params)).toBe(true);
    expect(ours({ url: http, payload: formBody(params), signature: signedHttp })).toBe(true);
  });

  it('agrees on repeated parameter names', () => {
    const payload = 'To=%2B1&Media=b&Media=a&Media=c';
    const sdkParams = { To: '+1', Media: ['b', 'a', 'c'] };
    const signature = twilio.getExpectedTwilioSignature(
      token,
      url,
      sdkParams as unknown as Record<string, string>,
    );
    expect(ours({ url, payload, signature })).toBe(true);
    // The SDK drops an exactly repeated pair; a delivery signed either way verifies.
    const duplicated = 'Media=a&Media=a&Media=b';
    const deduped = twilio.getExpectedTwilioSignature(token, url, {
      Media: ['a', 'a', 'b'],
    } as unknown as Record<string, string>);
    expect(ours({ url, payload: duplicated, signature: deduped })).toBe(true);
  });

  it('agrees with the SDK on arbitrary parameters', () => {
    const name = fc.string({ minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(fc.dictionary(name, fc.string({ maxLength: 20 }), { maxKeys: 8 }), (params) => {
        const signature = twilio.getExpectedTwilioSignature(token, url, params);
        expect(ours({ url, payload: formBody(params), signature })).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('twilio SDK cross-check (JSON bodies)', () => {
  const body = '{"property": "value", "boolean": true}';

  it('getExpectedBodyHash matches the spec vector', () => {
    expect(twilio.getExpectedBodyHash(body)).toBe(
      '0a1ff7634d9ab3b95db5c9a2dfe9416e41502b283a80c7cf19632632f96e6620',
    );
  });

  it('agrees with validateRequestWithBody on valid and tampered bodies', () => {
    const signedUrl = `https://mycompany.com/myapp.php?bodySHA256=${twilio.getExpectedBodyHash(body)}`;
    const signature = twilio.getExpectedTwilioSignature(token, signedUrl, {});
    const json = 'application/json';
    expect(twilio.validateRequestWithBody(token, signature, signedUrl, body)).toBe(true);
    expect(ours({ url: signedUrl, payload: body, signature, content_type: json })).toBe(true);
    const tampered = body.replace('true', 'false');
    expect(twilio.validateRequestWithBody(token, signature, signedUrl, tampered)).toBe(false);
    expect(
      verifyWebhook({ platform: 'twilio', secret: token, url: signedUrl, payload: tampered, signature })
        .reason,
    ).toBe('body_hash_mismatch');
    const otherUrl = `https://mycompany.com/other.php?bodySHA256=${twilio.getExpectedBodyHash(body)}`;
    expect(twilio.validateRequestWithBody(token, signature, otherUrl, body)).toBe(false);
    expect(ours({ url: otherUrl, payload: body, signature, content_type: json })).toBe(false);
  });
});
