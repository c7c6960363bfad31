/** Table-driven HTTP tests over the platforms (one fixture each, with variants), from the domain's fixtures. */
import { describe, expect, it } from 'vitest';
import { PLATFORM_NAMES, PLATFORMS_BY_NAME, type VerifyInput } from '../../src/domain/index.js';
import type { VerifyRequest } from '../../src/domain/types.js';
import {
  FIXTURES,
  flipPayload,
  flipSignatureChar,
  garble,
  NOW,
  truncate,
} from '../domain/helpers/fixtures.js';
import { NEXT_FIXTURES } from '../domain/helpers/next-platforms.js';
import { MORE_FIXTURES } from '../domain/helpers/more-platforms.js';
import { WEBHOOK_SIGNATURE_PLATFORMS } from '../domain/helpers/standard-webhooks.js';
import { verify } from './helpers/client.js';
import { OTHER, SECRET } from './helpers/secrets.js';

it('the fixtures, with the standard-webhooks and more-platforms tests, cover every platform', () => {
  const covered = [
    ...FIXTURES.map((fixture) => fixture.platform),
    ...WEBHOOK_SIGNATURE_PLATFORMS,
    ...MORE_FIXTURES.map((fixture) => fixture.platform),
    ...NEXT_FIXTURES.map((fixture) => fixture.platform),
  ];
  expect(new Set(covered)).toEqual(new Set(PLATFORM_NAMES));
});

/** POST /verify, judged at `NOW` unless the body says otherwise. */
const check = (input: VerifyInput | Record<string, unknown>) => verify({ now: NOW, ...input });

describe.each(FIXTURES)('$label over HTTP', (fixture) => {
  const signed = (options: { secret?: string; ts?: number; mutate?: (s: string) => string } = {}) =>
    fixture.sign({ secret: SECRET, ts: NOW, ...options });

  it('valid → 200 valid: true', async () => {
    const res = await check(signed());
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      valid: true,
      platform: fixture.platform,
      reason: null,
      signatures_found: 1,
      matched_signature_index: 0,
      matched_secret_index: fixture.secretKeyed ? 0 : null,
      hints: [],
    });
  });

  it(`one flipped payload byte → ${fixture.tamperedPayload ?? 'still valid (nothing is signed)'}`, async () => {
    const input = signed();
    const res = await check({ ...input, payload: flipPayload(input.payload!) });
    expect(res.json).toMatchObject({
      valid: fixture.tamperedPayload === null,
      reason: fixture.tamperedPayload,
    });
  });

  it('one changed signature character → signature_mismatch', async () => {
    const res = await check(signed({ mutate: flipSignatureChar }));
    expect(res.json).toMatchObject({
      valid: false,
      reason: 'signature_mismatch',
      matched_signature_index: null,
    });
  });

  it('the wrong secret (or key) → signature_mismatch', async () => {
    const input = signed();
    const wrong = fixture.withWrongKey
      ? [fixture.withWrongKey(input)]
      : [
          { ...input, secret: OTHER },
          { ...input, secret: flipPayload(SECRET) },
        ];
    for (const body of wrong) {
      expect((await check(body)).json).toMatchObject({
        valid: false,
        reason: 'signature_mismatch',
        matched_secret_index: null,
      });
    }
  });

  it('a truncated or undecodable signature → malformed_signature', async () => {
    if (!fixture.malformable) {
      // A static token has no encoding: only an empty one is malformed.
      expect((await check({ ...signed(), signature: '' })).json.reason).toBe('malformed_signature');
      return;
    }
    for (const mutate of [truncate, garble]) {
      expect((await check(signed({ mutate }))).json).toMatchObject({
        valid: false,
        reason: 'malformed_signature',
      });
    }
  });

  it('each missing required field → 400 missing_field naming it, with valid: false', async () => {
    const input = signed();
    const descriptor = PLATFORMS_BY_NAME[fixture.platform];
    const mode = { mode: input.mode === 'hmac' ? 'hmac' : null } as VerifyRequest;
    const required = descriptor.requiredFieldsFor?.(mode) ?? descriptor.required_fields;
    expect(required.length).toBeGreaterThanOrEqual(3);
    for (const field of required) {
      const { [field]: _removed, ...rest } = input;
      const res = await check(rest);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(res.json).toMatchObject({
        type: 'urn:problem:missing_field',
        status: 400,
        code: 'missing_field',
        valid: false,
        errors: [{ path: `/${field}`, code: 'missing_field', message: expect.stringContaining(field) }],
      });
      expect(res.json.detail).toContain(field);
    }
  });
});

describe.each(FIXTURES.filter((fixture) => fixture.secretKeyed))('$label: secret rotation', (fixture) => {
  it('the right secret given second → matched_secret_index 1', async () => {
    const res = await check({ ...fixture.sign({ secret: SECRET, ts: NOW }), secret: [OTHER, SECRET] });
    expect(res.json).toMatchObject({ valid: true, matched_secret_index: 1, matched_signature_index: 0 });
  });

  it('no secret of the list matches → signature_mismatch', async () => {
    const res = await check({ ...fixture.sign({ secret: SECRET, ts: NOW }), secret: [OTHER, `${OTHER}2`] });
    expect(res.json).toMatchObject({
      valid: false,
      reason: 'signature_mismatch',
      matched_secret_index: null,
    });
  });
});

describe.each(FIXTURES.filter((fixture) => fixture.window !== null))(
  '$label: timestamp window',
  (fixture) => {
    const window = fixture.window!;
    const signed = (ts: number) => fixture.sign({ secret: SECRET, ts });

    it(`stale by ${window.tolerance + 1} s → timestamp_too_old (the signature matched)`, async () => {
      const ts = NOW - window.tolerance - 1;
      expect((await check(signed(ts))).json).toMatchObject({
        valid: false,
        reason: 'timestamp_too_old',
        timestamp: ts,
        timestamp_age_s: window.tolerance + 1,
        tolerance_s: window.tolerance,
        matched_signature_index: 0,
      });
    });

    it(`${window.tolerance + 1} s in the future → ${window.rejectsFuture ? 'timestamp_in_future' : 'accepted'}`, async () => {
      const res = await check(signed(NOW + window.tolerance + 1));
      expect(res.json).toMatchObject({
        valid: !window.rejectsFuture,
        reason: window.rejectsFuture ? 'timestamp_in_future' : null,
        timestamp_age_s: -(window.tolerance + 1),
      });
    });

    it('tolerance: 0 accepts a ten-year-old delivery', async () => {
      const ts = NOW - 10 * 365 * 86_400;
      expect((await check({ ...signed(ts), tolerance: 0 })).json).toMatchObject({
        valid: true,
        reason: null,
        tolerance_s: 0,
        timestamp_age_s: NOW - ts,
      });
    });

    it('`now` is the clock: without it the service’s own clock judges the delivery', async () => {
      const old = signed(NOW);
      const { now: _now, ...withoutNow } = { now: undefined, ...old };
      expect((await verify(withoutNow)).json).toMatchObject({ valid: false, reason: 'timestamp_too_old' });
      expect((await verify({ ...old, now: NOW + 1 })).json).toMatchObject({
        valid: true,
        timestamp_age_s: 1,
      });
      const fresh = signed(Math.floor(Date.now() / 1000));
      expect((await verify(fresh)).json).toMatchObject({ valid: true, reason: null });
    });
  },
);
