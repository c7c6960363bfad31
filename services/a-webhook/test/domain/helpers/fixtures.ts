/** One signed delivery per platform (and per notable variant), for the table-driven tests. */
import type { FailureReason, PlatformName, VerifyInput } from '../../../src/domain/index.js';
import {
  ed25519Hex,
  ed25519Keys,
  hmacBase64,
  hmacHex,
  p256Keys,
  paypalCertificate,
  paypalSignature,
  sendgridSignature,
  sha256Hex,
  twilioSignature,
} from './sign.js';

export const NOW = 1_700_000_000;

export interface SignOptions {
  secret: string;
  ts: number;
  /** Alters the encoded signature (not its prefix or header structure). */
  mutate?: (signature: string) => string;
}

export interface Fixture {
  label: string;
  platform: PlatformName;
  /** The timestamp window, when the platform has one. */
  window: { tolerance: number; rejectsFuture: boolean } | null;
  /** Whether `secret` is the key (so rotation and wrong-secret tests apply). */
  secretKeyed: boolean;
  /** Whether a signature can be malformed at all (a static token cannot). */
  malformable: boolean;
  /** Result of flipping one payload byte (Cloudflare signs nothing; Twilio JSON signs the hash in the URL). */
  tamperedPayload: FailureReason | null;
  sign(options: SignOptions): VerifyInput;
  /** The same delivery, checked with another key (public-key platforms). */
  withWrongKey?(input: VerifyInput): VerifyInput;
  /** The signature as the platform computes it, for the no-oracle test. */
  expectedSignatures(options: SignOptions): string[];
}

const id = (signature: string) => signature;

const STRIPE_PAYLOAD = JSON.stringify({ id: 'evt_1', object: 'event', type: 'charge.succeeded' }, null, 2);
const JSON_PAYLOAD = '{"id":"evt_1","type":"push","data":{"amount":1234,"note":"café"}}';
const TWILIO_URL = 'https://example.com/hooks/twilio?account=7';
const TWILIO_PARAMS: [string, string][] = [
  ['CallSid', 'CA1234567890ABCDE'],
  ['From', '+12349013030'],
  ['Body', 'hello & good-bye = 100%'],
  ['To', '+18005551212'],
];
const TWILIO_FORM = new URLSearchParams(TWILIO_PARAMS).toString();
const TWILIO_JSON_BODY = '{"property":"value","boolean":true}';
const TWILIO_JSON_URL = `https://example.com/hooks/twilio?bodySHA256=${sha256Hex(TWILIO_JSON_BODY)}`;
const SLACK_PAYLOAD = 'token=xyz&team_id=T1&command=%2Fweather&text=94070';
const PAYPAL_HEADERS = {
  transmission_id: '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
  transmission_time: '2016-02-18T20:01:35Z',
  webhook_id: '1JE4291016473214C',
};
const PAYPAL_PAYLOAD =
  '{"id":"WH-2WR32451HC0233532-67976317FL4543714","event_type":"PAYMENT.SALE.COMPLETED"}';

export const SENDGRID_KEYS = p256Keys();
export const SENDGRID_OTHER_KEYS = p256Keys();
const validity = [new Date((NOW - 86_400) * 1000), new Date((NOW + 365 * 86_400) * 1000)] as const;
export const PAYPAL_CERT = paypalCertificate(...validity);
export const PAYPAL_OTHER_CERT = paypalCertificate(...validity);

function linearPayload(ts: number): string {
  return JSON.stringify({
    action: 'create',
    type: 'Issue',
    data: { id: 'iss_1' },
    webhookTimestamp: ts * 1000,
  });
}

const stripeSig = ({ secret, ts }: SignOptions) => hmacHex('sha256', secret, `${ts}.${STRIPE_PAYLOAD}`);
const githubSig = ({ secret }: SignOptions) => hmacHex('sha256', secret, JSON_PAYLOAD);
const githubSha1 = ({ secret }: SignOptions) => hmacHex('sha1', secret, JSON_PAYLOAD);
const shopifySig = ({ secret }: SignOptions) => hmacBase64('sha256', secret, JSON_PAYLOAD);
const slackSig = ({ secret, ts }: SignOptions) => hmacHex('sha256', secret, `v0:${ts}:${SLACK_PAYLOAD}`);
const twilioFormSig = ({ secret }: SignOptions) => twilioSignature(secret, TWILIO_URL, TWILIO_PARAMS);
const twilioJsonSig = ({ secret }: SignOptions) => hmacBase64('sha1', secret, TWILIO_JSON_URL);
const sendgridSig = ({ ts }: SignOptions) =>
  sendgridSignature(SENDGRID_KEYS.privateKey, String(ts), JSON_PAYLOAD);
const paddleSig = ({ secret, ts }: SignOptions) => hmacHex('sha256', secret, `${ts}:${JSON_PAYLOAD}`);
const paypalSig = () => paypalSignature(PAYPAL_CERT.privateKey, PAYPAL_HEADERS, PAYPAL_PAYLOAD);
const paypalHmacSig = ({ secret }: SignOptions) => hmacHex('sha256', secret, PAYPAL_PAYLOAD);
const linearSig = ({ secret, ts }: SignOptions) => hmacHex('sha256', secret, linearPayload(ts));
const notionSig = ({ secret }: SignOptions) => hmacHex('sha256', secret, JSON_PAYLOAD);
const vercelSig = ({ secret }: SignOptions) => hmacHex('sha1', secret, JSON_PAYLOAD);
const genericSig = ({ secret }: SignOptions) => hmacHex('sha256', secret, JSON_PAYLOAD);
const generic512 = ({ secret }: SignOptions) => hmacBase64('sha512', secret, JSON_PAYLOAD);
const genericTemplated = ({ secret, ts }: SignOptions) =>
  hmacHex('sha256', secret, `evt_1.${ts}.${JSON_PAYLOAD}`);

const DISCORD_KEYS = ed25519Keys(7);
const ED25519_OTHER_KEYS = ed25519Keys(9);
/** Discord: Ed25519 over X-Signature-Timestamp + body. */
const discordSig = ({ ts }: SignOptions) => ed25519Hex(DISCORD_KEYS, `${ts}${JSON_PAYLOAD}`);
const ed25519BodySig = () => Buffer.from(ed25519Hex(DISCORD_KEYS, JSON_PAYLOAD), 'hex').toString('base64');

const hmacDefaults = {
  window: null,
  secretKeyed: true,
  malformable: true,
  tamperedPayload: 'signature_mismatch',
} as const;

/** A platform that signs the raw body with the secret: `prefix` + the encoded HMAC in one header. */
function bodyHmacFixture(
  label: string,
  platform: PlatformName,
  signatureOf: (options: SignOptions) => string,
  prefix = '',
  extra: Partial<VerifyInput> = {},
): Fixture {
  return {
    label,
    platform,
    ...hmacDefaults,
    sign: (o) => ({
      platform,
      ...extra,
      secret: o.secret,
      payload: JSON_PAYLOAD,
      signature: `${prefix}${(o.mutate ?? id)(signatureOf(o))}`,
    }),
    expectedSignatures: (o) => [signatureOf(o)],
  };
}

export const FIXTURES: Fixture[] = [
  {
    label: 'stripe',
    platform: 'stripe',
    ...hmacDefaults,
    window: { tolerance: 300, rejectsFuture: false },
    sign: (o) => ({
      platform: 'stripe',
      secret: o.secret,
      payload: STRIPE_PAYLOAD,
      signature: `t=${o.ts},v1=${(o.mutate ?? id)(stripeSig(o))}`,
    }),
    expectedSignatures: (o) => [stripeSig(o)],
  },
  bodyHmacFixture('github', 'github', githubSig, 'sha256='),
  bodyHmacFixture('github (sha1)', 'github', githubSha1, 'sha1='),
  bodyHmacFixture('shopify', 'shopify', shopifySig),
  {
    label: 'slack',
    platform: 'slack',
    ...hmacDefaults,
    window: { tolerance: 300, rejectsFuture: false },
    sign: (o) => ({
      platform: 'slack',
      secret: o.secret,
      payload: SLACK_PAYLOAD,
      timestamp: String(o.ts),
      signature: `v0=${(o.mutate ?? id)(slackSig(o))}`,
    }),
    expectedSignatures: (o) => [slackSig(o)],
  },
  {
    label: 'twilio (form)',
    platform: 'twilio',
    ...hmacDefaults,
    sign: (o) => ({
      platform: 'twilio',
      secret: o.secret,
      payload: TWILIO_FORM,
      url: TWILIO_URL,
      signature: (o.mutate ?? id)(twilioFormSig(o)),
    }),
    expectedSignatures: (o) => [twilioFormSig(o)],
  },
  {
    label: 'twilio (JSON)',
    platform: 'twilio',
    ...hmacDefaults,
    tamperedPayload: 'body_hash_mismatch',
    sign: (o) => ({
      platform: 'twilio',
      secret: o.secret,
      payload: TWILIO_JSON_BODY,
      url: TWILIO_JSON_URL,
      content_type: 'application/json',
      signature: (o.mutate ?? id)(twilioJsonSig(o)),
    }),
    expectedSignatures: (o) => [twilioJsonSig(o)],
  },
  {
    label: 'sendgrid',
    platform: 'sendgrid',
    ...hmacDefaults,
    secretKeyed: false,
    window: { tolerance: 300, rejectsFuture: true },
    sign: (o) => ({
      platform: 'sendgrid',
      public_key: SENDGRID_KEYS.publicPem,
      payload: JSON_PAYLOAD,
      timestamp: o.ts,
      signature: (o.mutate ?? id)(sendgridSig(o)),
    }),
    withWrongKey: (input) => ({ ...input, public_key: SENDGRID_OTHER_KEYS.publicDerBase64 }),
    expectedSignatures: () => [],
  },
  {
    label: 'paddle',
    platform: 'paddle',
    ...hmacDefaults,
    window: { tolerance: 5, rejectsFuture: false },
    sign: (o) => ({
      platform: 'paddle',
      secret: o.secret,
      payload: JSON_PAYLOAD,
      signature: `ts=${o.ts};h1=${(o.mutate ?? id)(paddleSig(o))}`,
    }),
    expectedSignatures: (o) => [paddleSig(o)],
  },
  {
    label: 'paypal (native)',
    platform: 'paypal',
    ...hmacDefaults,
    secretKeyed: false,
    sign: (o) => ({
      platform: 'paypal',
      payload: PAYPAL_PAYLOAD,
      cert: PAYPAL_CERT.certPem,
      ...PAYPAL_HEADERS,
      signature: (o.mutate ?? id)(paypalSig()),
    }),
    withWrongKey: (input) => ({ ...input, cert: PAYPAL_OTHER_CERT.certPem }),
    expectedSignatures: () => [],
  },
  {
    label: 'paypal (mode hmac)',
    platform: 'paypal',
    ...hmacDefaults,
    sign: (o) => ({
      platform: 'paypal',
      mode: 'hmac',
      secret: o.secret,
      payload: PAYPAL_PAYLOAD,
      signature: (o.mutate ?? id)(paypalHmacSig(o)),
    }),
    expectedSignatures: (o) => [paypalHmacSig(o)],
  },
  {
    label: 'linear',
    platform: 'linear',
    ...hmacDefaults,
    window: { tolerance: 60, rejectsFuture: true },
    sign: (o) => ({
      platform: 'linear',
      secret: o.secret,
      payload: linearPayload(o.ts),
      signature: (o.mutate ?? id)(linearSig(o)),
    }),
    expectedSignatures: (o) => [linearSig(o)],
  },
  bodyHmacFixture('notion', 'notion', notionSig, 'sha256='),
  bodyHmacFixture('vercel', 'vercel', vercelSig),
  {
    label: 'cloudflare',
    platform: 'cloudflare',
    ...hmacDefaults,
    malformable: false,
    tamperedPayload: null,
    sign: (o) => ({
      platform: 'cloudflare',
      secret: o.secret,
      payload: JSON_PAYLOAD,
      signature: (o.mutate ?? id)(o.secret),
    }),
    expectedSignatures: (o) => [o.secret],
  },
  bodyHmacFixture('generic', 'generic', genericSig),
  bodyHmacFixture('generic (SHA-512, base64)', 'generic', generic512, '', {
    algo: 'SHA-512',
    encoding: 'base64',
  }),
  bodyHmacFixture('generic (signed_content {id}.{timestamp}.{body})', 'generic', genericTemplated, '', {
    signed_content: '{id}.{timestamp}.{body}',
    webhook_id: 'evt_1',
    timestamp: String(NOW),
  }),
  {
    label: 'discord',
    platform: 'discord',
    ...hmacDefaults,
    secretKeyed: false,
    sign: (o) => ({
      platform: 'discord',
      public_key: DISCORD_KEYS.publicHex,
      payload: JSON_PAYLOAD,
      timestamp: String(o.ts),
      signature: (o.mutate ?? id)(discordSig(o)),
    }),
    withWrongKey: (input) => ({ ...input, public_key: ED25519_OTHER_KEYS.publicHex }),
    expectedSignatures: () => [],
  },
  {
    label: 'generic-ed25519 (base64 signature, base64 key)',
    platform: 'generic-ed25519',
    ...hmacDefaults,
    secretKeyed: false,
    sign: (o) => ({
      platform: 'generic-ed25519',
      public_key: Buffer.from(DISCORD_KEYS.publicKey).toString('base64'),
      payload: JSON_PAYLOAD,
      signature: (o.mutate ?? id)(ed25519BodySig()),
    }),
    withWrongKey: (input) => ({ ...input, public_key: ED25519_OTHER_KEYS.publicHex }),
    expectedSignatures: () => [],
  },
];

/** Flips the lowest bit of the payload's middle character. */
export function flipPayload(payload: string): string {
  const at = Math.floor(payload.length / 2);
  return payload.slice(0, at) + String.fromCharCode(payload.charCodeAt(at) ^ 1) + payload.slice(at + 1);
}

/** Changes one character of an encoded signature, well inside the value (valid in hex and base64). */
export function flipSignatureChar(signature: string): string {
  const at = 16;
  return signature.slice(0, at) + (signature[at] === 'a' ? 'b' : 'a') + signature.slice(at + 1);
}

export const truncate = (signature: string) => signature.slice(0, -4);
export const garble = (signature: string) => `!${signature.slice(1)}`;
