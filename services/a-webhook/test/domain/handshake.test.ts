/**
 * POST /handshake's domain: each provider's endpoint check answered byte for byte as the spec's table says,
 * its signature checked where the provider signs it, refusals that hold no secret, and requests that are
 * not the check said to be so. Signatures are made here with node:crypto, from the providers' documents.
 */
import { createHmac, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  answerHandshake,
  HANDSHAKE_PLATFORMS,
  HANDSHAKE_REASONS,
  type HandshakeInput,
} from '../../src/domain/index.js';
import { problemFrom } from './helpers/problem.js';

const NOW = 1_700_000_000;
const hex = (key: string, data: string) => createHmac('sha256', key).update(data).digest('hex');
const TEXT = 'text/plain; charset=utf-8';
const NOSNIFF = { 'X-Content-Type-Options': 'nosniff' };
const answered = (body: string, contentType = TEXT) => ({
  status: 200,
  content_type: contentType,
  headers: contentType === TEXT ? NOSNIFF : {},
  body,
});
const refused = (status: 401 | 403) => ({
  status,
  content_type: TEXT,
  headers: NOSNIFF,
  body: status === 401 ? 'Unauthorized' : 'Forbidden',
});

// Zoom: the spec's worked example (secret token, plainToken → encryptedToken).
const ZOOM_SECRET = 'zoom-secret-token-7c1e';
const ZOOM_BODY =
  '{"payload":{"plainToken":"qgg8vlvZRS6UYooatFL8Aw"},"event_ts":1654503849680,"event":"endpoint.url_validation"}';
const zoomHeaders = (secret = ZOOM_SECRET, ts = NOW, body = ZOOM_BODY) => ({
  'x-zm-request-timestamp': String(ts),
  'x-zm-signature': `v0=${hex(secret, `v0:${ts}:${body}`)}`,
});
const zoom = (extra: Partial<HandshakeInput> = {}) =>
  answerHandshake({
    platform: 'zoom',
    headers: zoomHeaders(),
    payload: ZOOM_BODY,
    secret: ZOOM_SECRET,
    now: NOW,
    ...extra,
  });

describe('zoom endpoint.url_validation', () => {
  it('answers {"plainToken","encryptedToken"} exactly (the spec’s worked example)', () => {
    expect(zoom()).toEqual({
      platform: 'zoom',
      flow: 'endpoint.url_validation',
      handshake: true,
      verified: true,
      reason: null,
      message: 'signature matches; timestamp 0 s old (tolerance 300 s); send the response as given',
      response: answered(
        '{"plainToken":"qgg8vlvZRS6UYooatFL8Aw","encryptedToken":"2559017874325ca591f1b74fde734b3500fb756e8b2873294d7dc95d3618ba11"}',
        'application/json',
      ),
    });
  });

  it('during rotation, encrypts with the secret that verified', () => {
    const other = 'zoom-other-token-0000';
    const result = zoom({ secret: [other, ZOOM_SECRET] });
    expect(JSON.parse(result.response!.body).encryptedToken).toBe(hex(ZOOM_SECRET, 'qgg8vlvZRS6UYooatFL8Aw'));
    const signedByOther = zoom({ secret: [ZOOM_SECRET, other], headers: zoomHeaders(other) });
    expect(JSON.parse(signedByOther.response!.body).encryptedToken).toBe(
      hex(other, 'qgg8vlvZRS6UYooatFL8Aw'),
    );
  });

  it('refuses a wrong secret, a stale or future request, absent headers: 401, no secret in it', () => {
    const wrong = zoom({ headers: zoomHeaders('not-the-token') });
    expect(wrong).toEqual({
      platform: 'zoom',
      flow: 'endpoint.url_validation',
      handshake: true,
      verified: false,
      reason: 'signature_mismatch',
      message: 'the signature does not match the payload under the secret; refuse it with 401',
      response: refused(401),
    });
    expect(JSON.stringify(wrong)).not.toContain(ZOOM_SECRET);
    expect(zoom({ headers: zoomHeaders(ZOOM_SECRET, NOW - 301) })).toMatchObject({
      verified: false,
      reason: 'timestamp_too_old',
      response: refused(401),
    });
    expect(zoom({ headers: zoomHeaders(ZOOM_SECRET, NOW + 301) })).toMatchObject({
      reason: 'timestamp_in_future',
    });
    expect(zoom({ headers: zoomHeaders(ZOOM_SECRET, NOW - 301), tolerance: 0 })).toMatchObject({
      verified: true,
    });
    expect(zoom({ headers: {} })).toEqual({
      platform: 'zoom',
      flow: 'endpoint.url_validation',
      handshake: true,
      verified: false,
      reason: 'missing_signature',
      message:
        'the signature check needs the headers x-zm-signature, x-zm-request-timestamp; refuse it with 401',
      response: refused(401),
    });
    const onlyTime = zoom({ headers: { 'X-ZM-Request-Timestamp': String(NOW) } });
    expect(onlyTime.message).toBe('the signature check needs the header x-zm-signature; refuse it with 401');
    expect(zoom({ headers: undefined }).reason).toBe('missing_signature');
  });

  it('the secret token is required; an event that is not the check is not a handshake', () => {
    const missing = problemFrom(() => zoom({ secret: undefined }));
    expect(missing.toProblem()).toMatchObject({
      status: 400,
      code: 'missing_field',
      detail: 'missing required field for platform zoom: secret',
      errors: [{ path: '/secret' }],
      valid: false,
    });
    const event = '{"event":"meeting.started","payload":{"plainToken":"x"}}';
    const notCheck = zoom({ payload: event, secret: undefined });
    expect(notCheck).toEqual({
      platform: 'zoom',
      flow: 'endpoint.url_validation',
      handshake: false,
      verified: null,
      reason: 'not_a_handshake',
      message:
        'not a zoom endpoint.url_validation request, which is a JSON body with event "endpoint.url_validation" ' +
        'and a non-empty payload.plainToken; verify a delivery with verify_webhook',
      response: null,
    });
    for (const payload of [
      '{"event":"endpoint.url_validation","payload":{"plainToken":""}}',
      '{"event":"endpoint.url_validation","payload":{"plainToken":7}}',
      '{"event":"endpoint.url_validation","payload":null}',
      '{"event":"endpoint.url_validation","payload":"plainToken"}',
      '{"event":"endpoint.url_validation"}',
      '["endpoint.url_validation"]',
      'null',
      'not json',
      '',
    ]) {
      expect(zoom({ payload, headers: {} }).reason, payload).toBe('not_a_handshake');
    }
    expect(zoom({ method: 'GET' })).toMatchObject({
      handshake: false,
      message: 'not a zoom endpoint.url_validation request: that is a POST, this one a GET',
    });
    expect(zoom({ method: 'post' })).toMatchObject({ handshake: true, verified: true });
  });
});

const SLACK_SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
const SLACK_BODY =
  '{"token":"Jhj5dZrVaK7ZwHHjRyZWjbDl","challenge":"3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P","type":"url_verification"}';
const slackHeaders = (secret = SLACK_SECRET, body = SLACK_BODY) => ({
  'X-Slack-Request-Timestamp': String(NOW),
  'X-Slack-Signature': `v0=${hex(secret, `v0:${NOW}:${body}`)}`,
});

describe('slack url_verification', () => {
  const challenge = '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P';
  it('answers the challenge as text/plain; checked with a secret, unchecked without', () => {
    const base = { platform: 'slack', payload: SLACK_BODY, now: NOW };
    expect(answerHandshake({ ...base, headers: slackHeaders(), secret: SLACK_SECRET })).toEqual({
      platform: 'slack',
      flow: 'url_verification',
      handshake: true,
      verified: true,
      reason: null,
      message: 'signature matches; timestamp 0 s old (tolerance 300 s); send the response as given',
      response: answered(challenge),
    });
    expect(answerHandshake(base)).toEqual({
      platform: 'slack',
      flow: 'url_verification',
      handshake: true,
      verified: null,
      reason: null,
      message: 'no secret given, so the signature was not checked; send the response as given',
      response: answered(challenge),
    });
    expect(
      answerHandshake({ ...base, headers: slackHeaders('another-secret-123'), secret: SLACK_SECRET }),
    ).toMatchObject({
      verified: false,
      reason: 'signature_mismatch',
      response: refused(401),
    });
    expect(answerHandshake({ ...base, secret: SLACK_SECRET })).toMatchObject({
      reason: 'missing_signature',
      message:
        'the signature check needs the headers X-Slack-Signature, X-Slack-Request-Timestamp; refuse it with 401',
    });
  });

  it('the body may come as payload_base64; other types are not the check', () => {
    const payload_base64 = Buffer.from(SLACK_BODY).toString('base64');
    expect(
      answerHandshake({
        platform: 'slack',
        payload_base64,
        headers: slackHeaders(),
        secret: SLACK_SECRET,
        now: NOW,
      }),
    ).toMatchObject({ verified: true, response: answered(challenge) });
    for (const payload of [
      '{"type":"event_callback","challenge":"x"}',
      '{"type":"url_verification","challenge":""}',
      '{"type":"url_verification","challenge":{"a":1}}',
    ]) {
      expect(answerHandshake({ platform: 'slack', payload }).reason).toBe('not_a_handshake');
    }
  });
});

const TWITCH_SECRET = 'twitch-eventsub-secret-42';
const TWITCH_ID = 'e76c6bd4-55c9-4987-8304-da1588d8988b';
const TWITCH_BODY =
  '{"challenge":"pogchamp-kappa-360noscope-vohiyo","subscription":{"type":"channel.follow"}}';
const twitchHeaders = (time = '2023-11-14T22:13:20.123456789Z', secret = TWITCH_SECRET) => ({
  'Twitch-Eventsub-Message-Id': TWITCH_ID,
  'Twitch-Eventsub-Message-Timestamp': time,
  'Twitch-Eventsub-Message-Type': 'webhook_callback_verification',
  'Twitch-Eventsub-Message-Signature': `sha256=${hex(secret, TWITCH_ID + time + TWITCH_BODY)}`,
});
const twitch = (extra: Partial<HandshakeInput> = {}) =>
  answerHandshake({
    platform: 'twitch',
    headers: twitchHeaders(),
    payload: TWITCH_BODY,
    secret: TWITCH_SECRET,
    now: NOW + 1,
    ...extra,
  });

describe('twitch webhook_callback_verification', () => {
  it('answers the challenge as text/plain', () => {
    expect(twitch()).toEqual({
      platform: 'twitch',
      flow: 'webhook_callback_verification',
      handshake: true,
      verified: true,
      reason: null,
      message: 'signature matches; timestamp 0.877 s old (tolerance 600 s); send the response as given',
      response: answered('pogchamp-kappa-360noscope-vohiyo'),
    });
  });

  it('refuses with 403: another secret, older than 10 minutes, a header missing', () => {
    expect(twitch({ headers: twitchHeaders(undefined, 'not-the-secret') })).toMatchObject({
      verified: false,
      reason: 'signature_mismatch',
      response: refused(403),
    });
    expect(twitch({ headers: twitchHeaders('2023-11-14T22:03:19Z') })).toMatchObject({
      reason: 'timestamp_too_old',
      response: refused(403),
    });
    const { 'Twitch-Eventsub-Message-Id': _id, ...noId } = twitchHeaders();
    expect(twitch({ headers: noId })).toMatchObject({
      reason: 'missing_signature',
      message: 'the signature check needs the header Twitch-Eventsub-Message-Id; refuse it with 403',
    });
    expect(problemFrom(() => twitch({ secret: undefined })).errors).toEqual([
      { path: '/secret', code: 'missing_field', message: 'secret is required for platform twitch' },
    ]);
  });

  it('a notification (another message type) is not the check', () => {
    const headers = { ...twitchHeaders(), 'Twitch-Eventsub-Message-Type': 'notification' };
    expect(twitch({ headers })).toMatchObject({
      handshake: false,
      reason: 'not_a_handshake',
      response: null,
    });
    const { 'Twitch-Eventsub-Message-Type': _type, ...untyped } = twitchHeaders();
    expect(twitch({ headers: untyped }).handshake).toBe(false);
    expect(twitch({ payload: '{"challenge":""}' }).handshake).toBe(false);
  });
});

describe('meta subscribe', () => {
  const query = {
    'hub.mode': 'subscribe',
    'hub.challenge': '1158201444',
    'hub.verify_token': 'meta-verify-token-5b',
  };
  const meta = (extra: Partial<HandshakeInput> = {}) =>
    answerHandshake({ platform: 'meta', method: 'GET', query, secret: 'meta-verify-token-5b', ...extra });

  it('answers hub.challenge as text/plain when hub.verify_token is the verify token', () => {
    expect(meta()).toEqual({
      platform: 'meta',
      flow: 'subscribe',
      handshake: true,
      verified: true,
      reason: null,
      message: 'hub.verify_token matches; send the response as given',
      response: answered('1158201444'),
    });
    expect(meta({ method: undefined }).verified).toBe(true);
    expect(meta({ secret: ['old-verify-token', 'meta-verify-token-5b'] }).verified).toBe(true);
  });

  it('refuses another token (or none) with 403 and echoes neither', () => {
    const wrong = meta({ query: { ...query, 'hub.verify_token': 'guess' } });
    expect(wrong).toEqual({
      platform: 'meta',
      flow: 'subscribe',
      handshake: true,
      verified: false,
      reason: 'verify_token_mismatch',
      message: 'hub.verify_token is not the verify token (secret); refuse it with 403',
      response: refused(403),
    });
    expect(JSON.stringify(wrong)).not.toContain('meta-verify-token-5b');
    const { 'hub.verify_token': _token, ...noToken } = query;
    expect(meta({ query: noToken })).toMatchObject({ reason: 'verify_token_mismatch' });
    expect(meta({ query: { ...query, 'hub.verify_token': 'meta-verify-token-5' } }).verified).toBe(false);
    expect(problemFrom(() => meta({ secret: undefined })).code).toBe('missing_field');
  });

  it('a POST, another mode or no challenge is not the check', () => {
    expect(meta({ method: 'POST' })).toMatchObject({ handshake: false, reason: 'not_a_handshake' });
    expect(meta({ query: { ...query, 'hub.mode': 'unsubscribe' } }).handshake).toBe(false);
    expect(meta({ query: { ...query, 'hub.challenge': '' } }).handshake).toBe(false);
    expect(meta({ query: undefined, secret: undefined }).handshake).toBe(false);
  });
});

describe('dropbox challenge and microsoft-graph validation: nothing to check', () => {
  it('dropbox: GET ?challenge= → the challenge', () => {
    expect(answerHandshake({ platform: 'dropbox', query: { challenge: 'yFgRyLe3cn7xs9f2Gm5Ub8a' } })).toEqual(
      {
        platform: 'dropbox',
        flow: 'challenge',
        handshake: true,
        verified: null,
        reason: null,
        message: 'nothing is signed; send the response as given',
        response: answered('yFgRyLe3cn7xs9f2Gm5Ub8a'),
      },
    );
    expect(
      answerHandshake({ platform: 'dropbox', method: 'POST', query: { challenge: 'x' } }).handshake,
    ).toBe(false);
    expect(answerHandshake({ platform: 'dropbox', query: { challenge: '' } }).handshake).toBe(false);
  });

  it('microsoft-graph: POST ?validationToken= → the token, decoded, as text', () => {
    const token = 'Validation: Testing client application reachability for subscription Request-Id: 6f1d0e2a';
    expect(answerHandshake({ platform: 'microsoft-graph', query: { validationToken: token } })).toEqual({
      platform: 'microsoft-graph',
      flow: 'validation',
      handshake: true,
      verified: null,
      reason: null,
      message: 'nothing is signed; send the response as given',
      response: answered(token),
    });
    expect(
      answerHandshake({ platform: 'microsoft-graph', method: 'GET', query: { validationToken: token } }),
    ).toMatchObject({
      handshake: false,
      message: 'not a microsoft-graph validation request: that is a POST, this one a GET',
    });
    expect(answerHandshake({ platform: 'microsoft-graph', payload: '{"value":[]}' })).toMatchObject({
      handshake: false,
      message:
        'not a microsoft-graph validation request, which is a POST with a non-empty query validationToken; verify a delivery with verify_webhook',
    });
  });
});

describe('discord ping', () => {
  const seed = Buffer.alloc(32, 7);
  const key = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
  const body = '{"type":1,"id":"1234567890","application_id":"0987654321","version":1}';
  const headers = (payload = body) => ({
    'X-Signature-Ed25519': sign(null, Buffer.from(`${NOW}${payload}`), key).toString('hex'),
    'X-Signature-Timestamp': String(NOW),
  });
  const discord = (extra: Partial<HandshakeInput> = {}) =>
    answerHandshake({
      platform: 'discord',
      headers: headers(),
      payload: body,
      public_key: publicKey,
      ...extra,
    });

  it('answers {"type":1} as JSON', () => {
    expect(discord()).toEqual({
      platform: 'discord',
      flow: 'ping',
      handshake: true,
      verified: true,
      reason: null,
      message: 'signature matches; send the response as given',
      response: answered('{"type":1}', 'application/json'),
    });
  });

  it('refuses a bad signature with 401; the key is required and must be a key', () => {
    expect(discord({ headers: headers('{"type":1}') })).toMatchObject({
      verified: false,
      reason: 'signature_mismatch',
      response: refused(401),
    });
    expect(discord({ headers: {} })).toMatchObject({ reason: 'missing_signature' });
    expect(problemFrom(() => discord({ public_key: undefined })).toProblem()).toMatchObject({
      code: 'missing_field',
      errors: [{ path: '/public_key' }],
    });
    // A bad key is a 400 even when the headers are absent.
    expect(problemFrom(() => discord({ public_key: 'zz', headers: {} })).toProblem()).toMatchObject({
      status: 400,
      code: 'invalid_public_key',
      valid: false,
    });
  });

  it('an interaction of another type is not the check', () => {
    expect(discord({ payload: '{"type":2}', public_key: undefined }).handshake).toBe(false);
    expect(discord({ payload: '{"type":"1"}', public_key: undefined }).handshake).toBe(false);
  });
});

describe('input', () => {
  it('platform in any case; unknown → 400 listing the handshake platforms; absent → missing_field', () => {
    expect(answerHandshake({ platform: ' Dropbox ', query: { challenge: 'c' } }).platform).toBe('dropbox');
    const unknown = problemFrom(() => answerHandshake({ platform: 'stripe' })).toProblem();
    expect(unknown).toMatchObject({
      status: 400,
      code: 'unknown_platform',
      detail: `platform must be one of: ${HANDSHAKE_PLATFORMS.join(', ')}`,
      platforms: ['zoom', 'slack', 'twitch', 'meta', 'dropbox', 'microsoft-graph', 'discord'],
      valid: false,
    });
    expect(problemFrom(() => answerHandshake({ platform: 7 as unknown as string })).code).toBe(
      'unknown_platform',
    );
    expect(problemFrom(() => answerHandshake({} as HandshakeInput)).code).toBe('missing_field');
  });

  it('other members, a bad query, an empty secret → 400 naming them', () => {
    const other = problemFrom(() => answerHandshake({ platform: 'zoom', signature: 'x' } as HandshakeInput));
    expect(other.errors).toEqual([
      { path: '/signature', code: 'not_allowed', message: 'is not a member of a handshake request' },
    ]);
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`m${i}`, 1]));
    expect(
      problemFrom(() => answerHandshake({ platform: 'zoom', ...many } as HandshakeInput)).errors,
    ).toHaveLength(20);
    const q = (query: unknown) =>
      problemFrom(() => answerHandshake({ platform: 'dropbox', query } as HandshakeInput));
    expect(q('challenge=x').errors).toEqual([
      { path: '/query', code: 'invalid_type', message: 'must be an object of parameter names to strings' },
    ]);
    expect(q(['x']).errors?.[0]?.path).toBe('/query');
    expect(q({ challenge: 1, 'a/b~c': ['x'] }).errors).toEqual([
      { path: '/query/challenge', code: 'invalid_type', message: 'must be a string' },
      { path: '/query/a~1b~0c', code: 'invalid_type', message: 'must be a string' },
    ]);
    expect(q({ challenge: 'x'.repeat(8193) }).errors).toEqual([
      { path: '/query/challenge', code: 'too_long', message: 'must be at most 8192 characters' },
    ]);
    expect(answerHandshake({ platform: 'dropbox', query: { challenge: 'x'.repeat(8192) } }).handshake).toBe(
      true,
    );
    expect(q({ [`${'n'.repeat(257)}`]: 'x' }).errors).toEqual([
      {
        path: `/query/${'n'.repeat(256)}`,
        code: 'too_long',
        message: 'parameter names must be at most 256 characters',
      },
    ]);
    const hundred = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, 'v']));
    expect(answerHandshake({ platform: 'dropbox', query: { ...hundred } }).handshake).toBe(false);
    expect(q({ ...hundred, challenge: 'x' }).errors).toEqual([
      { path: '/query', code: 'too_many', message: 'must hold at most 100 parameters' },
    ]);
    expect(
      answerHandshake({ platform: 'dropbox', query: null as unknown as Record<string, string> }).handshake,
    ).toBe(false);
    const empty = problemFrom(() => answerHandshake({ platform: 'meta', secret: ['ok-token', ''] }));
    expect(empty.toProblem()).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: '/secret/1', code: 'too_small', message: 'must not be empty' }],
      valid: false,
    });
    expect(problemFrom(() => answerHandshake({ platform: 'zoom', method: 'GE T' })).errors?.[0]?.path).toBe(
      '/method',
    );
    expect(
      problemFrom(() => answerHandshake({ platform: 'zoom', headers: { 'a b': 'x' } })).errors?.[0]?.path,
    ).toBe('/headers/a b');
  });
});

describe('the flow table, exactly', () => {
  it('says what each flow is when a request is not it', () => {
    const expected: Record<string, string> = {
      zoom: 'a JSON body with event "endpoint.url_validation" and a non-empty payload.plainToken',
      slack: 'a JSON body with type "url_verification" and a non-empty challenge',
      twitch:
        'a Twitch-Eventsub-Message-Type header "webhook_callback_verification" and a JSON body with a non-empty challenge',
      meta: 'a GET with the query hub.mode=subscribe and a non-empty hub.challenge',
      dropbox: 'a GET with a non-empty query challenge',
      'microsoft-graph': 'a POST with a non-empty query validationToken',
      discord: 'a JSON body with type 1',
    };
    const flows: Record<string, [string, string]> = {
      zoom: ['endpoint.url_validation', 'POST'],
      slack: ['url_verification', 'POST'],
      twitch: ['webhook_callback_verification', 'POST'],
      meta: ['subscribe', 'GET'],
      dropbox: ['challenge', 'GET'],
      'microsoft-graph': ['validation', 'POST'],
      discord: ['ping', 'POST'],
    };
    expect(HANDSHAKE_PLATFORMS).toEqual(Object.keys(expected));
    for (const platform of HANDSHAKE_PLATFORMS) {
      const [flow, method] = flows[platform]!;
      expect(answerHandshake({ platform, method })).toEqual({
        platform,
        flow,
        handshake: false,
        verified: null,
        reason: 'not_a_handshake',
        message: `not a ${platform} ${flow} request, which is ${expected[platform]}; verify a delivery with verify_webhook`,
        response: null,
      });
      const other = method === 'GET' ? 'POST' : 'GET';
      expect(answerHandshake({ platform, method: other }).message).toBe(
        `not a ${platform} ${flow} request: that is a ${method}, this one a ${other}`,
      );
    }
  });

  it('the reasons, and the method given as null is the flow’s', () => {
    expect(HANDSHAKE_REASONS).toEqual([
      'not_a_handshake',
      'missing_signature',
      'verify_token_mismatch',
      'signature_mismatch',
      'malformed_signature',
      'no_supported_signature',
      'timestamp_too_old',
      'timestamp_in_future',
      'invalid_timestamp',
      'body_hash_mismatch',
      'missing_body_hash',
    ]);
    const meta = answerHandshake({
      platform: 'meta',
      method: null as unknown as string,
      query: { 'hub.mode': 'subscribe', 'hub.challenge': 'c', 'hub.verify_token': 'token-1234' },
      secret: 'token-1234',
    });
    expect(meta).toMatchObject({ handshake: true, verified: true });
  });

  it('an unknown platform’s problem in full', () => {
    const list = 'zoom, slack, twitch, meta, dropbox, microsoft-graph, discord';
    expect(problemFrom(() => answerHandshake({ platform: 'nope' })).toProblem()).toEqual({
      type: 'urn:problem:unknown_platform',
      title: 'Unknown platform',
      status: 400,
      detail: `platform must be one of: ${list}`,
      code: 'unknown_platform',
      errors: [{ path: '/platform', code: 'unknown_platform', message: `must be one of: ${list}` }],
      valid: false,
      platforms: list.split(', '),
    });
  });
});
