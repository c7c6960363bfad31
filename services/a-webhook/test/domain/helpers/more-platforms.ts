/**
 * Signed deliveries for gitlab, hubspot, square, zendesk, typeform, mailchimp, intercom and segment,
 * written straight from each platform's documentation with node:crypto (not with the code under test).
 */
import { hmacBase64, hmacHex } from './sign.js';

export const MORE_NOW = 1_700_000_000;

const JSON_BODY = '{"id":"evt_7","type":"order.paid","data":{"amount":1234,"note":"café"}}';

/**
 * HubSpot v3: "decode any of the URL-encoded characters listed in the table below" (%3A : %2F / %3F ?
 * %40 @ %21 ! %24 $ %27 ' %28 ( %29 ) %2A * %2C , %3B ;) in the request URI before signing.
 */
const HUBSPOT_TABLE: Record<string, string> = {
  '%3A': ':',
  '%2F': '/',
  '%3F': '?',
  '%40': '@',
  '%21': '!',
  '%24': '$',
  '%27': "'",
  '%28': '(',
  '%29': ')',
  '%2A': '*',
  '%2C': ',',
  '%3B': ';',
};
export function hubspotUri(url: string): string {
  let uri = url;
  for (const [encoded, decoded] of Object.entries(HUBSPOT_TABLE)) uri = uri.split(encoded).join(decoded);
  return uri;
}

export function hubspotSignature(secret: string, method: string, url: string, body: string, ms: string) {
  return hmacBase64('sha256', secret, method + hubspotUri(url) + body + ms);
}

/** Mandrill: the webhook URL, then each POST parameter's name and value, sorted by name. */
export function mandrillSignature(key: string, url: string, params: Record<string, string>): string {
  const names = Object.keys(params).sort();
  return hmacBase64('sha1', key, url + names.map((name) => name + params[name]).join(''));
}

/** `2023-11-14T22:13:20Z`: the ISO 8601 text Zendesk sends (whole seconds, UTC). */
const isoSeconds = (unix: number) => new Date(unix * 1000).toISOString().replace('.000Z', 'Z');

export interface MoreFixture {
  platform: string;
  /** The timestamp window, when the platform has one. */
  window: { tolerance: number; rejectsFuture: boolean } | null;
  /** GitLab sends a static token: nothing is signed, only an empty token is malformed. */
  staticToken: boolean;
  required: string[];
  /** A valid delivery, signed with `secret` at unix time `ts`; `mutate` alters the encoded signature. */
  sign(secret: string, ts: number, mutate?: (signature: string) => string): Record<string, unknown>;
}

const keep = (signature: string) => signature;

const HUBSPOT_URL = 'https://example.com/hooks/hubspot%3Fv%3D3?portal=62515&name=caf%C3%A9%2Cx';
const SQUARE_URL = 'https://example.com/hooks/square';
const MANDRILL_URL = 'https://example.com/hooks/mandrill';
const MANDRILL_EVENTS =
  '[{"event":"send","msg":{"email":"a@example.com","subject":"Hi & bye"},"ts":1700000000}]';
const MANDRILL_FORM = new URLSearchParams({ mandrill_events: MANDRILL_EVENTS }).toString();

export const MORE_FIXTURES: MoreFixture[] = [
  {
    platform: 'gitlab',
    window: null,
    staticToken: true,
    required: ['secret', 'payload', 'signature'],
    sign: (secret, _ts, mutate = keep) => ({
      platform: 'gitlab',
      secret,
      payload: JSON_BODY,
      signature: mutate(secret),
    }),
  },
  {
    platform: 'hubspot',
    window: { tolerance: 300, rejectsFuture: false },
    staticToken: false,
    required: ['secret', 'payload', 'signature', 'timestamp', 'url'],
    sign: (secret, ts, mutate = keep) => ({
      platform: 'hubspot',
      secret,
      payload: JSON_BODY,
      url: HUBSPOT_URL,
      timestamp: String(ts * 1000),
      signature: mutate(hubspotSignature(secret, 'POST', HUBSPOT_URL, JSON_BODY, String(ts * 1000))),
    }),
  },
  {
    platform: 'square',
    window: null,
    staticToken: false,
    required: ['secret', 'payload', 'signature', 'url'],
    sign: (secret, _ts, mutate = keep) => ({
      platform: 'square',
      secret,
      payload: JSON_BODY,
      url: SQUARE_URL,
      signature: mutate(hmacBase64('sha256', secret, SQUARE_URL + JSON_BODY)),
    }),
  },
  {
    platform: 'zendesk',
    window: { tolerance: 300, rejectsFuture: true },
    staticToken: false,
    required: ['secret', 'payload', 'signature', 'timestamp'],
    sign: (secret, ts, mutate = keep) => ({
      platform: 'zendesk',
      secret,
      payload: JSON_BODY,
      timestamp: isoSeconds(ts),
      signature: mutate(hmacBase64('sha256', secret, isoSeconds(ts) + JSON_BODY)),
    }),
  },
  {
    platform: 'typeform',
    window: null,
    staticToken: false,
    required: ['secret', 'payload', 'signature'],
    sign: (secret, _ts, mutate = keep) => ({
      platform: 'typeform',
      secret,
      payload: JSON_BODY,
      signature: `sha256=${mutate(hmacBase64('sha256', secret, JSON_BODY))}`,
    }),
  },
  {
    platform: 'mailchimp',
    window: null,
    staticToken: false,
    required: ['secret', 'payload', 'signature', 'url'],
    sign: (secret, _ts, mutate = keep) => ({
      platform: 'mailchimp',
      secret,
      payload: MANDRILL_FORM,
      url: MANDRILL_URL,
      signature: mutate(mandrillSignature(secret, MANDRILL_URL, { mandrill_events: MANDRILL_EVENTS })),
    }),
  },
  {
    platform: 'intercom',
    window: null,
    staticToken: false,
    required: ['secret', 'payload', 'signature'],
    sign: (secret, _ts, mutate = keep) => ({
      platform: 'intercom',
      secret,
      payload: JSON_BODY,
      signature: `sha1=${mutate(hmacHex('sha1', secret, JSON_BODY))}`,
    }),
  },
  {
    platform: 'segment',
    window: null,
    staticToken: false,
    required: ['secret', 'payload', 'signature'],
    sign: (secret, _ts, mutate = keep) => ({
      platform: 'segment',
      secret,
      payload: JSON_BODY,
      signature: mutate(hmacHex('sha1', secret, JSON_BODY)),
    }),
  },
];
