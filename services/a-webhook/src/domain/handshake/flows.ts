import type { PlatformName } from '../types.js';

/**
 * The endpoint checks providers send before (or between) deliveries, one row each: how the request is
 * recognised, what is checked, what to answer, and the status of a refusal. The platforms' documents:
 * Zoom "Validate your webhook endpoint", Slack Events API `url_verification`, Twitch EventSub
 * "Responding to a challenge request", Meta Graph API Webhooks "Verification requests", Dropbox
 * "Webhooks" (the verification request), Microsoft Graph "Receive change notifications" (validation
 * request), Discord "Receiving an interaction" (PING).
 */

/** What a recognised handshake carries: the text to echo (or the token to encrypt). */
export interface Recognised {
  /** Zoom's plainToken, or the challenge echoed as it came. */
  value: string;
}

/** The parts of a request a flow looks at. */
export interface HandshakeRequest {
  method: string;
  query: ReadonlyMap<string, string>;
  headers: ReadonlyMap<string, string>;
  /** The body parsed as a JSON object, or null when it is not one. */
  json: Record<string, unknown> | null;
}

/** What is checked, and the status of a refusal. */
export type Check =
  /** No check: answered as is. */
  | { kind: 'none' }
  /** The platform's signature, as POST /verify checks it; `required` whether the key must be given. */
  | {
      kind: 'signature';
      platform: PlatformName;
      key: 'secret' | 'public_key';
      required: boolean;
      rejected: 401 | 403;
    }
  /** Meta: the query's verify token must equal the secret. */
  | { kind: 'verify_token'; rejected: 403 };

export interface HandshakeFlow {
  platform: string;
  flow: string;
  method: 'GET' | 'POST';
  /** The value to answer with when the request is this flow, else null. */
  recognise: (request: HandshakeRequest) => Recognised | null;
  /** What the flow's one sentence says it is, for `not_a_handshake` messages. */
  shape: string;
  check: Check;
  /** The answer: JSON (an object with exactly these members) or the text itself. */
  answer: 'zoom_token' | 'discord_pong' | 'text';
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

function fromQuery(request: HandshakeRequest, name: string): Recognised | null {
  const value = request.query.get(name);
  return nonEmpty(value) ? { value } : null;
}

function bodyChallenge(request: HandshakeRequest): Recognised | null {
  const challenge = request.json?.challenge;
  return nonEmpty(challenge) ? { value: challenge } : null;
}

export const HANDSHAKE_FLOWS: readonly HandshakeFlow[] = [
  {
    platform: 'zoom',
    flow: 'endpoint.url_validation',
    method: 'POST',
    recognise: (request) => {
      if (request.json?.event !== 'endpoint.url_validation') return null;
      const payload = request.json.payload;
      const token =
        typeof payload === 'object' && payload !== null
          ? (payload as Record<string, unknown>).plainToken
          : undefined;
      return nonEmpty(token) ? { value: token } : null;
    },
    shape: 'a JSON body with event "endpoint.url_validation" and a non-empty payload.plainToken',
    check: { kind: 'signature', platform: 'zoom', key: 'secret', required: true, rejected: 401 },
    answer: 'zoom_token',
  },
  {
    platform: 'slack',
    flow: 'url_verification',
    method: 'POST',
    recognise: (request) => (request.json?.type === 'url_verification' ? bodyChallenge(request) : null),
    shape: 'a JSON body with type "url_verification" and a non-empty challenge',
    check: { kind: 'signature', platform: 'slack', key: 'secret', required: false, rejected: 401 },
    answer: 'text',
  },
  {
    platform: 'twitch',
    flow: 'webhook_callback_verification',
    method: 'POST',
    recognise: (request) =>
      request.headers.get('twitch-eventsub-message-type') === 'webhook_callback_verification'
        ? bodyChallenge(request)
        : null,
    shape:
      'a Twitch-Eventsub-Message-Type header "webhook_callback_verification" and a JSON body with a non-empty challenge',
    check: { kind: 'signature', platform: 'twitch', key: 'secret', required: true, rejected: 403 },
    answer: 'text',
  },
  {
    platform: 'meta',
    flow: 'subscribe',
    method: 'GET',
    recognise: (request) =>
      request.query.get('hub.mode') === 'subscribe' ? fromQuery(request, 'hub.challenge') : null,
    shape: 'a GET with the query hub.mode=subscribe and a non-empty hub.challenge',
    check: { kind: 'verify_token', rejected: 403 },
    answer: 'text',
  },
  {
    platform: 'dropbox',
    flow: 'challenge',
    method: 'GET',
    recognise: (request) => fromQuery(request, 'challenge'),
    shape: 'a GET with a non-empty query challenge',
    check: { kind: 'none' },
    answer: 'text',
  },
  {
    platform: 'microsoft-graph',
    flow: 'validation',
    method: 'POST',
    recognise: (request) => fromQuery(request, 'validationToken'),
    shape: 'a POST with a non-empty query validationToken',
    check: { kind: 'none' },
    answer: 'text',
  },
  {
    platform: 'discord',
    flow: 'ping',
    method: 'POST',
    recognise: (request) => (request.json?.type === 1 ? { value: '' } : null),
    shape: 'a JSON body with type 1',
    check: { kind: 'signature', platform: 'discord', key: 'public_key', required: true, rejected: 401 },
    answer: 'discord_pong',
  },
];

export const HANDSHAKE_PLATFORMS = HANDSHAKE_FLOWS.map((flow) => flow.platform);

export const FLOWS_BY_PLATFORM = new Map(HANDSHAKE_FLOWS.map((flow) => [flow.platform, flow]));
