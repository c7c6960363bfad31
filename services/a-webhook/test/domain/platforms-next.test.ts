/**
 * The twelve platforms of "Next II": each worked example of the spec verifies and is what /sign writes;
 * tampered, wrong-secret, stale, future and malformed deliveries fail with the spec's reasons.
 */
import { describe, expect, it } from 'vitest';
import { PLATFORMS_BY_NAME, signWebhook, verifyWebhook } from '../../src/domain/index.js';
import type { PlatformName, VerifyInput } from '../../src/domain/types.js';
import {
  EXAMPLE_ID,
  EXAMPLE_PAYLOAD,
  exampleHeaders,
  NEXT_FIXTURES,
  NEXT_NOW,
  type NextFixture,
  nextHeaders,
  TWITCH_EXAMPLE_TIME,
} from './helpers/next-platforms.js';
import { problemFrom } from './helpers/problem.js';

const flip = (digest: string) => digest.slice(0, 10) + (digest[10] === 'a' ? 'b' : 'a') + digest.slice(11);
const shorten = (digest: string) => digest.slice(0, -4);

function deliver(
  fixture: NextFixture,
  options: {
    secret?: string | string[];
    signedWith?: string;
    unix?: number;
    mutate?: (d: string) => string;
  } = {},
  extra: Partial<VerifyInput> = {},
) {
  const signedWith = options.signedWith ?? fixture.secrets[0];
  const headers = nextHeaders(fixture, {
    secret: signedWith,
    unix: options.unix ?? NEXT_NOW,
    ...(options.mutate ? { mutate: options.mutate } : {}),
  });
  return verifyWebhook({
    platform: fixture.platform,
    secret: options.secret ?? signedWith,
    payload: EXAMPLE_PAYLOAD,
    headers,
    now: NEXT_NOW,
    ...extra,
  });
}

describe.each(NEXT_FIXTURES)('$platform', (fixture) => {
  const descriptor = PLATFORMS_BY_NAME[fixture.platform as PlatformName];

  it('is listed with the table’s headers, algorithm, encoding, scheme and window', () => {
    expect(descriptor).toMatchObject({
      name: fixture.platform,
      scheme: fixture.scheme,
      algorithm: 'HMAC-SHA256',
      encoding: fixture.encoding,
      signature_header: fixture.signatureHeader,
      default_tolerance_s: fixture.window?.tolerance ?? null,
      rejects_future_timestamps: fixture.window?.rejectsFuture ?? false,
      required_fields: fixture.required,
    });
    const prefix = fixture.wrap('', '').match(/^(sha256=|v0=|v1,)$/)?.[1];
    const listed = fixture.wrap('', '1').match(/,(v[01]=)$/)?.[1];
    expect(descriptor.signature_prefixes).toEqual([prefix ?? listed].filter(Boolean));
    expect(descriptor.payload_json_style).toBe(
      fixture.idHeader === null || fixture.platform === 'twitch' ? 'compact' : null,
    );
    if (fixture.timestampHeader !== null) expect(descriptor.timestamp_header).toBe(fixture.timestampHeader);
    if (fixture.idHeader !== null) expect(descriptor.header_fields).toEqual({ webhook_id: fixture.idHeader });
  });

  it('the worked example verifies (and is what node:crypto computes)', () => {
    const headers = exampleHeaders(fixture);
    const time = headers[fixture.timestampHeader ?? ''] ?? '1700000000';
    expect(
      fixture.wrap(fixture.digest(fixture.example.secret, EXAMPLE_PAYLOAD, time, EXAMPLE_ID), time),
    ).toBe(fixture.example.signature);
    const result = verifyWebhook({
      platform: fixture.platform,
      secret: fixture.example.secret,
      payload: EXAMPLE_PAYLOAD,
      headers,
      now: NEXT_NOW,
    });
    expect(result).toEqual({
      valid: true,
      platform: fixture.platform,
      scheme: fixture.scheme,
      algorithm: 'HMAC-SHA256',
      encoding: fixture.encoding,
      reason: null,
      message: fixture.window
        ? `signature matches; timestamp ${fixture.platform === 'twitch' ? -0.123 : 0} s old (tolerance ${fixture.window.tolerance} s)`.replace(
            '-0.123 s old',
            '0.123 s in the future',
          )
        : 'signature matches',
      timestamp: fixture.window ? (fixture.platform === 'twitch' ? 1_700_000_000.123 : NEXT_NOW) : null,
      timestamp_age_s: fixture.window ? (fixture.platform === 'twitch' ? -0.123 : 0) : null,
      tolerance_s: fixture.window?.tolerance ?? null,
      signatures_found: 1,
      matched_signature_index: 0,
      matched_secret_index: 0,
      ignored: [],
      hints: [],
    });
  });

  it('/sign writes the worked example’s header from the same inputs', () => {
    const headers = exampleHeaders(fixture);
    const signed = signWebhook({
      platform: fixture.platform,
      secret: fixture.example.secret,
      payload: EXAMPLE_PAYLOAD,
      timestamp: headers[fixture.timestampHeader ?? ''] ?? '1700000000',
      ...(fixture.idHeader ? { webhook_id: EXAMPLE_ID } : {}),
    });
    expect(signed.signature).toBe(fixture.example.signature);
    expect(signed.headers).toEqual(headers);
    expect(signed.scheme).toBe(fixture.scheme);
  });

  it('a fresh delivery verifies; rotation matches index 1', () => {
    expect(deliver(fixture)).toMatchObject({ valid: true, reason: null, matched_secret_index: 0 });
    const rotated = deliver(fixture, { secret: [fixture.secrets[1], fixture.secrets[0]] });
    expect(rotated).toMatchObject({
      valid: true,
      matched_secret_index: 1,
      message: expect.stringContaining('secret 2 of 2'),
    });
  });

  it('a tampered payload, signature or secret → signature_mismatch', () => {
    const tampered = verifyWebhook({
      platform: fixture.platform,
      secret: fixture.secrets[0],
      payload: EXAMPLE_PAYLOAD.replace('evt_a3', 'evt_a4'),
      headers: nextHeaders(fixture, { secret: fixture.secrets[0], unix: NEXT_NOW }),
      now: NEXT_NOW,
    });
    expect(tampered).toMatchObject({
      valid: false,
      reason: 'signature_mismatch',
      matched_secret_index: null,
    });
    expect(deliver(fixture, { mutate: flip })).toMatchObject({ valid: false, reason: 'signature_mismatch' });
    const wrong = deliver(fixture, { secret: fixture.secrets[1] });
    expect(wrong).toMatchObject({
      valid: false,
      reason: 'signature_mismatch',
      message: 'the signature does not match the payload under the secret',
    });
  });

  it('a digest of the wrong length → malformed_signature', () => {
    expect(deliver(fixture, { mutate: shorten })).toMatchObject({
      valid: false,
      reason: 'malformed_signature',
    });
  });

  if (fixture.window !== null) {
    const { tolerance, rejectsFuture } = fixture.window;
    it(`stale by a second → timestamp_too_old; tolerance 0 accepts; ${tolerance} s old is still fine`, () => {
      const stale = deliver(fixture, { unix: NEXT_NOW - tolerance - 1 });
      expect(stale).toMatchObject({
        valid: false,
        reason: 'timestamp_too_old',
        timestamp_age_s: tolerance + 1,
        tolerance_s: tolerance,
        message: `signature matches, but the timestamp is ${tolerance + 1} s old (tolerance ${tolerance} s)`,
      });
      expect(deliver(fixture, { unix: NEXT_NOW - tolerance - 1 }, { tolerance: 0 })).toMatchObject({
        valid: true,
      });
      expect(deliver(fixture, { unix: NEXT_NOW - tolerance })).toMatchObject({ valid: true });
    });

    it(`${tolerance + 1} s in the future → ${rejectsFuture ? 'timestamp_in_future' : 'accepted'}`, () => {
      const future = deliver(fixture, { unix: NEXT_NOW + tolerance + 1 });
      expect(future).toMatchObject({
        valid: !rejectsFuture,
        reason: rejectsFuture ? 'timestamp_in_future' : null,
        timestamp_age_s: -(tolerance + 1),
      });
    });
  } else {
    it('signs no timestamp: nothing is judged', () => {
      expect(deliver(fixture, {}, { now: 1 })).toMatchObject({
        valid: true,
        timestamp: null,
        tolerance_s: null,
      });
    });
  }

  it('without any field → 400 missing_field naming the required ones', () => {
    const error = problemFrom(() => verifyWebhook({ platform: fixture.platform }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('missing_field');
    expect(error.errors?.map((e) => e.path)).toEqual(fixture.required.map((field) => `/${field}`));
  });
});

describe('scheme details', () => {
  const fixture = (name: string) => NEXT_FIXTURES.find((f) => f.platform === name)!;
  const verifyWith = (name: string, signature: string, extra: Partial<VerifyInput> = {}) => {
    const f = fixture(name);
    const headers = nextHeaders(f, { secret: f.secrets[0], unix: NEXT_NOW });
    return verifyWebhook({
      platform: name,
      secret: f.secrets[0],
      payload: EXAMPLE_PAYLOAD,
      headers: { ...headers, [f.signatureHeader]: signature },
      now: NEXT_NOW,
      ...extra,
    });
  };

  it.each(['meta', 'zoom', 'twitch'])(
    '%s: a bare digest lacks its prefix; another prefix is unsupported',
    (name) => {
      const f = fixture(name);
      const digest = f.digest(f.secrets[0], EXAMPLE_PAYLOAD, f.time(NEXT_NOW), EXAMPLE_ID);
      const prefix = f.wrap('', '').replace('=', '');
      expect(verifyWith(name, digest)).toMatchObject({
        reason: 'malformed_signature',
        message: `${f.signatureHeader} must be ${prefix}=<64 hex digits>`,
        hints: ['signature_missing_prefix'],
      });
      expect(verifyWith(name, `sha1=${digest.slice(0, 40)}`)).toMatchObject({
        reason: name === 'meta' || name === 'twitch' ? 'no_supported_signature' : 'no_supported_signature',
        message: `${f.signatureHeader} has no ${prefix}= signature`,
        ignored: ['sha1'],
      });
      expect(verifyWith(name, `${prefix.toUpperCase()}=${digest}`)).toMatchObject({ valid: true });
    },
  );

  it.each([
    ['elevenlabs', 'v0'],
    ['calendly', 'v1'],
    ['mux', 'v1'],
  ])('%s: t= headers parse as stripe', (name, version) => {
    const f = fixture(name);
    const digest = f.digest(f.secrets[0], EXAMPLE_PAYLOAD, String(NEXT_NOW), EXAMPLE_ID);
    const header = f.signatureHeader;
    expect(verifyWith(name, `${version}=${digest}`)).toMatchObject({
      reason: 'malformed_signature',
      message: `${header} must carry exactly one t=<unix time>`,
    });
    expect(verifyWith(name, `t=1,t=${NEXT_NOW},${version}=${digest}`)).toMatchObject({
      reason: 'malformed_signature',
    });
    expect(verifyWith(name, `t=${NEXT_NOW}`)).toMatchObject({
      reason: 'malformed_signature',
      message: `${header} has no ${version}=<hex> signature`,
    });
    expect(verifyWith(name, `t=${NEXT_NOW},v9=${digest}`)).toMatchObject({
      reason: 'no_supported_signature',
      message: `${header} has no ${version} signature (found: v9)`,
      ignored: ['v9'],
    });
    // Any entry may match; others are ignored.
    expect(
      verifyWith(name, `t=${NEXT_NOW},${version}=${'0'.repeat(64)},${version}=${digest},v9=x`),
    ).toMatchObject({
      valid: true,
      signatures_found: 2,
      matched_signature_index: 1,
      ignored: ['v9'],
    });
    expect(verifyWith(name, `t=abc,${version}=${digest}`)).toMatchObject({ reason: 'signature_mismatch' });
  });

  it('a timestamp the platform does not write → invalid_timestamp once the signature matched', () => {
    const at = (name: string, time: string) => {
      const f = fixture(name);
      const digest = f.digest(f.secrets[0], EXAMPLE_PAYLOAD, time, EXAMPLE_ID);
      const headers = { ...nextHeaders(f, { secret: f.secrets[0], unix: NEXT_NOW }) };
      headers[f.signatureHeader] = f.wrap(digest, time);
      headers[f.timestampHeader!] = time;
      return verifyWebhook({
        platform: name,
        secret: f.secrets[0],
        payload: EXAMPLE_PAYLOAD,
        headers,
        now: NEXT_NOW,
      });
    };
    expect(at('twitch', '1700000000')).toMatchObject({
      valid: false,
      reason: 'invalid_timestamp',
      message:
        'signature matches, but the timestamp is not an RFC 3339 date-time such as 2023-11-14T22:13:20.123Z',
    });
    for (const text of [
      '2023-11-14 22:13:20Z',
      '2023-11-14T22:13:20',
      '2023-02-30T00:00:00Z',
      '2023-11-14T22:13:20.1234567890Z',
    ])
      expect(at('twitch', text).reason).toBe('invalid_timestamp');
    expect(at('twitch', '2023-11-14T23:13:20+01:00')).toMatchObject({ valid: true, timestamp: NEXT_NOW });
    expect(at('twitch', TWITCH_EXAMPLE_TIME)).toMatchObject({ valid: true, timestamp: 1_700_000_000.123 });
    expect(at('twitch', ' 2023-11-14T22:13:20Z ')).toMatchObject({ valid: true, timestamp: NEXT_NOW });
    expect(at('twitch', '1969-12-31T23:59:59Z').reason).toBe('invalid_timestamp');
    expect(at('webflow', '1700000000000.5')).toMatchObject({
      reason: 'invalid_timestamp',
      message: 'signature matches, but the timestamp is not an integer unix time in milliseconds',
    });
    // Webflow's timestamp is always milliseconds: seconds are read as a time in 1970.
    expect(at('webflow', '1700000000')).toMatchObject({ reason: 'timestamp_too_old', timestamp: 1_700_000 });
    expect(at('zoom', 'abc')).toMatchObject({
      reason: 'invalid_timestamp',
      message: 'signature matches, but the timestamp is not an integer unix time',
    });
    expect(at('zoom', 'abc').timestamp).toBeNull();
  });

  it('openai: whsec_ + base64 is decoded, any other secret is its UTF-8 bytes', () => {
    const f = fixture('openai');
    const plain = 'sk-openai-plain-secret';
    const signature = f.wrap(f.digest(plain, EXAMPLE_PAYLOAD, String(NEXT_NOW), EXAMPLE_ID), '');
    expect(verifyWith('openai', signature, { secret: plain })).toMatchObject({ valid: true });
    const error = problemFrom(() => verifyWith('openai', signature, { secret: 'whsec_not base64!' }));
    expect(error.errors).toEqual([
      {
        path: '/secret',
        code: 'invalid_secret',
        message: 'must be whsec_ followed by base64, or a secret without that prefix',
      },
    ]);
  });

  it('replicate: the secret as standard-webhooks reads it (base64, whsec_ optional)', () => {
    const f = fixture('replicate');
    const signature = f.wrap(f.digest(f.secrets[0], EXAMPLE_PAYLOAD, String(NEXT_NOW), EXAMPLE_ID), '');
    expect(verifyWith('replicate', signature, { secret: f.secrets[0].slice('whsec_'.length) })).toMatchObject(
      {
        valid: true,
      },
    );
    expect(problemFrom(() => verifyWith('replicate', signature, { secret: 'not base64!' })).errors).toEqual([
      {
        path: '/secret',
        code: 'invalid_secret',
        message: 'must be the signing secret: base64, optionally prefixed with whsec_',
      },
    ]);
  });

  it('polar: the whole secret’s UTF-8 bytes, or the base64 after whsec_ — either may match', () => {
    const f = fixture('polar');
    const secret = `whsec_${Buffer.from('polar-decoded-key').toString('base64')}`;
    const decoded = Buffer.from('polar-decoded-key').toString('binary');
    const byDecoded = f.wrap(f.digest(decoded, EXAMPLE_PAYLOAD, String(NEXT_NOW), EXAMPLE_ID), '');
    const byText = f.wrap(f.digest(secret, EXAMPLE_PAYLOAD, String(NEXT_NOW), EXAMPLE_ID), '');
    expect(verifyWith('polar', byDecoded, { secret })).toMatchObject({
      valid: true,
      matched_secret_index: 0,
    });
    expect(verifyWith('polar', byText, { secret })).toMatchObject({ valid: true, matched_secret_index: 0 });
    expect(verifyWith('polar', byDecoded, { secret: ['polar_whs_other', secret] })).toMatchObject({
      valid: true,
      matched_secret_index: 1,
    });
    // /sign: the base64 after whsec_, else the UTF-8 bytes.
    const signed = signWebhook({
      platform: 'polar',
      secret,
      payload: EXAMPLE_PAYLOAD,
      timestamp: '1700000000',
      webhook_id: EXAMPLE_ID,
    });
    expect(signed.signature).toBe(byDecoded);
  });

  it('openai, replicate and polar check no v1a: a public_key is not read, v1a entries are ignored', () => {
    for (const name of ['openai', 'replicate', 'polar']) {
      const f = fixture(name);
      const signature = f.wrap(f.digest(f.secrets[0], EXAMPLE_PAYLOAD, String(NEXT_NOW), EXAMPLE_ID), '');
      expect(
        verifyWith(name, `v1a,${'A'.repeat(86)}== ${signature}`, { public_key: 'not a key' }),
      ).toMatchObject({
        valid: true,
        matched_signature_index: 0,
        ignored: ['v1a'],
      });
      expect(PLATFORMS_BY_NAME[name as PlatformName].optional_fields).toEqual(['tolerance', 'now']);
    }
  });
});
