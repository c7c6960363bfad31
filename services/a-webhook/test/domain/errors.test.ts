import { describe, expect, it } from 'vitest';
import { PLATFORM_NAMES, PLATFORMS, type VerifyInput, verifyWebhook } from '../../src/domain/index.js';
import { problemFrom } from './helpers/problem.js';

const github = { platform: 'github', secret: 's3cr3t', payload: '{}', signature: `sha256=${'0'.repeat(64)}` };

describe('bad input → 400 problems with valid: false', () => {
  it('unknown platform lists every supported name', () => {
    const error = problemFrom(() => verifyWebhook({ ...github, platform: 'bitbucket' }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('unknown_platform');
    expect(error.detail).toBe(`platform must be one of: ${PLATFORM_NAMES.join(', ')}`);
    expect(error.toProblem()).toMatchObject({ valid: false, platforms: [...PLATFORM_NAMES] });
    expect(PLATFORM_NAMES).toHaveLength(PLATFORMS.length);
  });

  it('platform names are matched case-insensitively', () => {
    expect(verifyWebhook({ ...github, platform: ' GitHub ' }).platform).toBe('github');
  });

  it('a missing platform is missing_field', () => {
    const error = problemFrom(() => verifyWebhook({ ...github, platform: undefined as unknown as string }));
    expect(error.code).toBe('missing_field');
    expect(error.errors).toEqual([
      { path: '/platform', code: 'missing_field', message: 'platform is required' },
    ]);
  });

  it('several missing fields are all named', () => {
    const error = problemFrom(() => verifyWebhook({ platform: 'slack', payload: '' }));
    expect(error.code).toBe('missing_field');
    expect(error.detail).toBe('missing required fields for platform slack: secret, signature, timestamp');
    expect(error.errors?.map((e) => e.path)).toEqual(['/secret', '/signature', '/timestamp']);
  });

  it('an empty payload is allowed', () => {
    expect(verifyWebhook({ ...github, payload: '' }).reason).toBe('signature_mismatch');
  });

  it('mode on a platform other than paypal is rejected', () => {
    const error = problemFrom(() => verifyWebhook({ ...github, mode: 'hmac' }));
    expect(error.code).toBe('validation_failed');
    expect(error.errors).toEqual([
      { path: '/mode', code: 'not_allowed', message: 'mode is only used by platform paypal' },
    ]);
    expect(error.toProblem()).toMatchObject({ valid: false });
  });

  const invalid: [string, Partial<VerifyInput> | Record<string, unknown>, string, string][] = [
    ['a non-string payload', { payload: 42 }, '/payload', 'invalid_type'],
    ['an empty secret', { secret: '' }, '/secret', 'too_small'],
    ['an empty secret list', { secret: [] }, '/secret', 'invalid_length'],
    ['11 secrets', { secret: Array.from({ length: 11 }, (_, i) => `s${i}`) }, '/secret', 'invalid_length'],
    ['a non-string secret in the list', { secret: ['ok', 7] }, '/secret/1', 'invalid_type'],
    ['a negative tolerance', { tolerance: -1 }, '/tolerance', 'invalid_value'],
    ['a fractional tolerance', { tolerance: 1.5 }, '/tolerance', 'invalid_value'],
    ['a negative now', { now: -5 }, '/now', 'invalid_value'],
    ['a relative url', { url: '/hook' }, '/url', 'invalid_url'],
    ['an ftp url', { url: 'ftp://example.com/x' }, '/url', 'invalid_url'],
    ['an unknown algo', { algo: 'MD5' }, '/algo', 'invalid_value'],
    ['an unknown encoding', { encoding: 'base32' }, '/encoding', 'invalid_value'],
    ['a boolean timestamp', { timestamp: true }, '/timestamp', 'invalid_type'],
  ];

  it.each(invalid)('%s is validation_failed naming the field', (_label, patch, path, code) => {
    const error = problemFrom(() => verifyWebhook({ ...github, ...patch } as VerifyInput));
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_failed');
    expect(error.errors).toEqual([{ path, code, message: expect.any(String) }]);
  });

  it('every offending field is reported at once', () => {
    const error = problemFrom(() => verifyWebhook({ ...github, tolerance: -1, now: -1, algo: 'x' }));
    expect(error.errors?.map((e) => e.path)).toEqual(['/algo', '/tolerance', '/now']);
  });

  it('algo and encoding names are accepted in any case, with or without the hyphen', () => {
    const result = verifyWebhook({ ...github, platform: 'generic', algo: 'sha512', encoding: 'BASE64' });
    expect(result).toMatchObject({ algorithm: 'HMAC-SHA512', encoding: 'base64' });
  });

  it('twilio needs an http(s) url and a known content_type', () => {
    const twilio = {
      platform: 'twilio',
      secret: 't',
      payload: 'a=1',
      signature: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    };
    expect(problemFrom(() => verifyWebhook(twilio)).errors?.map((e) => e.path)).toEqual(['/url']);
    const error = problemFrom(() =>
      verifyWebhook({ ...twilio, url: 'https://example.com/x', content_type: 'text/plain' }),
    );
    expect(error.code).toBe('validation_failed');
    expect(error.errors?.[0]?.path).toBe('/content_type');
  });

  it('sendgrid needs an EC P-256 public key', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const base = { platform: 'sendgrid', payload: '[]', signature: 'MEQCIA==', timestamp: '1' };
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).publicKey.export({
      type: 'spki',
      format: 'der',
    });
    const bad = [
      String(rsa),
      p384.toString('base64'),
      'not a key',
      '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
    ];
    for (const publicKey of bad) {
      const error = problemFrom(() => verifyWebhook({ ...base, public_key: publicKey }));
      expect(error).toMatchObject({ status: 400, code: 'invalid_public_key' });
      expect(error.toProblem()).toMatchObject({ valid: false });
    }
    expect(problemFrom(() => verifyWebhook(base)).errors).toEqual([
      { path: '/public_key', code: 'missing_field', message: 'public_key is required for platform sendgrid' },
    ]);
  });
});
