import { ProblemError } from '@dus/core';
import { describe, expect, it } from 'vitest';
import {
  PLATFORM_NAMES,
  PLATFORMS_BY_NAME,
  type VerifyInput,
  verifyWebhook,
} from '../../src/domain/index.js';
import { NEXT_FIXTURES } from './helpers/next-platforms.js';
import { MORE_FIXTURES } from './helpers/more-platforms.js';
import { WEBHOOK_SIGNATURE_PLATFORMS } from './helpers/standard-webhooks.js';
import { FIXTURES, flipPayload, flipSignatureChar, garble, NOW, truncate } from './helpers/fixtures.js';

const SECRET = 'whsec_table-test-secret-0123456789abcdef';
const OTHER = 'whsec_another-secret-fedcba9876543210';

function verifyAt(input: VerifyInput, nowS = NOW) {
  return verifyWebhook(input, { nowS });
}

function thrown(run: () => unknown): ProblemError {
  try {
    run();
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected a ProblemError');
}

it('covers every platform, with the standard-webhooks and more-platforms tests', () => {
  const covered = [
    ...FIXTURES.map((fixture) => fixture.platform),
    ...WEBHOOK_SIGNATURE_PLATFORMS,
    ...MORE_FIXTURES.map((fixture) => fixture.platform),
    ...NEXT_FIXTURES.map((fixture) => fixture.platform),
  ];
  expect(new Set(covered)).toEqual(new Set(PLATFORM_NAMES));
});

describe.each(FIXTURES)('$label', (fixture) => {
  const signed = (options: Partial<Parameters<typeof fixture.sign>[0]> = {}) =>
    fixture.sign({ secret: SECRET, ts: NOW, ...options });

  it('accepts a valid delivery', () => {
    const result = verifyAt(signed());
    expect(result).toMatchObject({
      valid: true,
      platform: fixture.platform,
      reason: null,
      signatures_found: 1,
      matched_signature_index: 0,
      matched_secret_index: fixture.secretKeyed ? 0 : null,
      ignored: [],
      hints: [],
    });
    if (fixture.window) {
      expect(result).toMatchObject({
        timestamp: NOW,
        timestamp_age_s: 0,
        tolerance_s: fixture.window.tolerance,
      });
    } else {
      expect(result).toMatchObject({ timestamp: null, timestamp_age_s: null, tolerance_s: null });
    }
  });

  it('rejects a payload with one flipped byte', () => {
    const input = signed();
    const result = verifyAt({ ...input, payload: flipPayload(input.payload!) });
    expect(result.reason).toBe(fixture.tamperedPayload);
    expect(result.valid).toBe(fixture.tamperedPayload === null);
  });

  it('rejects a signature with one changed character', () => {
    const result = verifyAt(signed({ mutate: flipSignatureChar }));
    expect(result).toMatchObject({
      valid: false,
      reason: 'signature_mismatch',
      matched_signature_index: null,
    });
  });

  it('rejects the wrong key', () => {
    const input = signed();
    const wrongKeys = fixture.withWrongKey
      ? [fixture.withWrongKey(input)]
      : [
          { ...input, secret: OTHER },
          { ...input, secret: flipPayload(SECRET) },
        ];
    for (const wrong of wrongKeys) {
      expect(verifyAt(wrong)).toMatchObject({
        valid: false,
        reason: 'signature_mismatch',
        matched_signature_index: null,
        matched_secret_index: null,
      });
    }
  });

  it('reports a truncated or undecodable signature as malformed (an empty one for static tokens)', () => {
    if (!fixture.malformable) {
      expect(verifyAt({ ...signed(), signature: '' })).toMatchObject({
        valid: false,
        reason: 'malformed_signature',
      });
      return;
    }
    expect(verifyAt(signed({ mutate: truncate }))).toMatchObject({
      valid: false,
      reason: 'malformed_signature',
    });
    expect(verifyAt(signed({ mutate: garble }))).toMatchObject({
      valid: false,
      reason: 'malformed_signature',
    });
  });

  it('names every missing required field', () => {
    const input = signed();
    const descriptor = PLATFORMS_BY_NAME[fixture.platform];
    const request = { mode: input.mode === 'hmac' ? 'hmac' : null } as Parameters<
      NonNullable<typeof descriptor.requiredFieldsFor>
    >[0];
    const required = descriptor.requiredFieldsFor?.(request) ?? descriptor.required_fields;
    expect(required.length).toBeGreaterThan(0);
    for (const field of required) {
      const { [field]: _removed, ...rest } = input;
      const error = thrown(() => verifyAt(rest as VerifyInput));
      expect(error.status).toBe(400);
      expect(error.code).toBe('missing_field');
      expect(error.detail).toContain(field);
      expect(error.errors).toEqual([
        { path: `/${field}`, code: 'missing_field', message: expect.any(String) },
      ]);
      expect(error.toProblem()).toMatchObject({ valid: false, code: 'missing_field' });
    }
  });
});

describe.each(FIXTURES.filter((fixture) => fixture.secretKeyed))('$label with rotated secrets', (fixture) => {
  it('matches a rotated secret given second', () => {
    const result = verifyAt({ ...fixture.sign({ secret: SECRET, ts: NOW }), secret: [OTHER, SECRET] });
    expect(result).toMatchObject({
      valid: true,
      reason: null,
      matched_secret_index: 1,
      matched_signature_index: 0,
    });
  });

  it('rejects when no rotated secret matches', () => {
    const result = verifyAt({ ...fixture.sign({ secret: SECRET, ts: NOW }), secret: [OTHER, `${OTHER}2`] });
    expect(result).toMatchObject({ valid: false, reason: 'signature_mismatch', matched_secret_index: null });
  });
});

describe.each(FIXTURES.filter((fixture) => fixture.window !== null))('$label timestamp window', (fixture) => {
  const window = fixture.window!;
  const signed = (options: { ts: number }) => fixture.sign({ secret: SECRET, ...options });

  it('rejects a stale delivery whose signature is right', () => {
    const ts = NOW - window.tolerance - 1;
    expect(verifyAt(signed({ ts }))).toMatchObject({
      valid: false,
      reason: 'timestamp_too_old',
      timestamp: ts,
      timestamp_age_s: window.tolerance + 1,
      tolerance_s: window.tolerance,
      matched_signature_index: 0,
    });
  });

  it('accepts a delivery exactly at the tolerance', () => {
    expect(verifyAt(signed({ ts: NOW - window.tolerance }))).toMatchObject({ valid: true });
  });

  it(`${window.rejectsFuture ? 'rejects' : 'accepts'} a delivery from the future`, () => {
    const ts = NOW + window.tolerance + 1;
    const result = verifyAt(signed({ ts }));
    expect(result).toMatchObject({
      valid: !window.rejectsFuture,
      reason: window.rejectsFuture ? 'timestamp_in_future' : null,
      timestamp_age_s: -(window.tolerance + 1),
    });
  });

  it('accepts any age with tolerance 0', () => {
    const ts = NOW - 10 * 365 * 86_400;
    expect(verifyAt({ ...signed({ ts }), tolerance: 0 })).toMatchObject({
      valid: true,
      reason: null,
      tolerance_s: 0,
      timestamp_age_s: NOW - ts,
    });
  });

  it('widens the window with a larger tolerance', () => {
    const ts = NOW - window.tolerance - 1;
    expect(verifyAt({ ...signed({ ts }), tolerance: window.tolerance + 1 })).toMatchObject({ valid: true });
  });

  it('judges against the `now` of the request', () => {
    const ts = NOW - 1_000_000;
    const input = signed({ ts });
    expect(verifyAt(input)).toMatchObject({ reason: 'timestamp_too_old' });
    expect(verifyAt({ ...input, now: ts + 1 })).toMatchObject({ valid: true, timestamp_age_s: 1 });
  });
});
