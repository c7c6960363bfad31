/**
 * The twelve platforms of the spec's "Next II", signed straight from each platform's documentation with
 * node:crypto (not with the code under test), and the spec's worked examples.
 */
import { createHmac } from 'node:crypto';

export const NEXT_NOW = 1_700_000_000;
/** The worked examples' payload, timestamp and message id. */
export const EXAMPLE_PAYLOAD = '{"type":"order.paid","id":"evt_a3"}';
export const EXAMPLE_ID = 'msg_a3vector';
export const TWITCH_EXAMPLE_TIME = '2023-11-14T22:13:20.123456789Z';

type Key = string | Buffer;
const hmac = (key: Key, data: string) => createHmac('sha256', key).update(data);
const hex = (key: Key, data: string) => hmac(key, data).digest('hex');
const base64 = (key: Key, data: string) => hmac(key, data).digest('base64');
/** Standard Webhooks' key: the base64 after `whsec_`. */
const whsecKey = (secret: string) => Buffer.from(secret.slice('whsec_'.length), 'base64');
const whsec = (text: string) => `whsec_${Buffer.from(text).toString('base64')}`;

export interface NextFixture {
  platform: string;
  signatureHeader: string;
  timestampHeader: string | null;
  idHeader: string | null;
  scheme: string;
  encoding: 'hex' | 'base64';
  /** The window: tolerance, whether the future fails too. */
  window: { tolerance: number; rejectsFuture: boolean } | null;
  /** The members /verify requires (as missing_field names them without headers). */
  required: string[];
  /** The spec's worked example: secret and the signature header's value. */
  example: { secret: string; signature: string };
  /** Two valid secrets of this platform's kind. */
  secrets: [string, string];
  /** The timestamp as the platform sends it, from unix seconds. */
  time: (unix: number) => string;
  /** The signature's digest (hex or base64) of `payload` at `time`. */
  digest: (secret: string, payload: string, time: string, id: string) => string;
  /** The signature header's value holding that digest. */
  wrap: (digest: string, time: string) => string;
}

const unixText = (unix: number) => String(unix);

const bodyOnly = (encode: (key: Key, data: string) => string) => (secret: string, payload: string) =>
  encode(secret, payload);

export const NEXT_FIXTURES: NextFixture[] = [
  {
    platform: 'meta',
    signatureHeader: 'X-Hub-Signature-256',
    timestampHeader: null,
    idHeader: null,
    scheme: 'meta-sha256',
    encoding: 'hex',
    window: null,
    required: ['secret', 'payload', 'signature'],
    example: {
      secret: 'meta-app-secret-3f9a',
      signature: 'sha256=cca3cf8d740d385dbca7373a79d7aff70d409b6756a1b121366387d64ee417c9',
    },
    secrets: ['meta-app-secret-one', 'meta-app-secret-two'],
    time: unixText,
    digest: bodyOnly(hex),
    wrap: (digest) => `sha256=${digest}`,
  },
  {
    platform: 'zoom',
    signatureHeader: 'x-zm-signature',
    timestampHeader: 'x-zm-request-timestamp',
    idHeader: null,
    scheme: 'zoom-v0',
    encoding: 'hex',
    window: { tolerance: 300, rejectsFuture: true },
    required: ['secret', 'payload', 'signature', 'timestamp'],
    example: {
      secret: 'zoom-secret-token-7c1e',
      signature: 'v0=6adda7e46dea6a17d534071960227ab750a79a2f6962ec804e78f97727088fbe',
    },
    secrets: ['zoom-token-one', 'zoom-token-two'],
    time: unixText,
    digest: (secret, payload, time) => hex(secret, `v0:${time}:${payload}`),
    wrap: (digest) => `v0=${digest}`,
  },
  {
    platform: 'twitch',
    signatureHeader: 'Twitch-Eventsub-Message-Signature',
    timestampHeader: 'Twitch-Eventsub-Message-Timestamp',
    idHeader: 'Twitch-Eventsub-Message-Id',
    scheme: 'twitch-sha256',
    encoding: 'hex',
    window: { tolerance: 600, rejectsFuture: false },
    required: ['secret', 'payload', 'signature', 'timestamp', 'webhook_id'],
    example: {
      secret: 'twitch-eventsub-secret-42',
      signature: 'sha256=d92d315f021a92a29470bd0e6b2d25c4df390317ae49162ab7c11a660d0a1533',
    },
    secrets: ['twitch-secret-one', 'twitch-secret-two'],
    time: (unix) => new Date(unix * 1000).toISOString(),
    digest: (secret, payload, time, id) => hex(secret, id + time + payload),
    wrap: (digest) => `sha256=${digest}`,
  },
  {
    platform: 'woocommerce',
    signatureHeader: 'X-WC-Webhook-Signature',
    timestampHeader: null,
    idHeader: null,
    scheme: 'woocommerce-hmac',
    encoding: 'base64',
    window: null,
    required: ['secret', 'payload', 'signature'],
    example: { secret: 'wc-secret-key-8d2b', signature: 'akydMD5ucJpW4iqWv8a6AfpAQ8MXllKnbr2P3C1WK+s=' },
    secrets: ['wc-secret-one', 'wc-secret-two'],
    time: unixText,
    digest: bodyOnly(base64),
    wrap: (digest) => digest,
  },
  {
    platform: 'lemonsqueezy',
    signatureHeader: 'X-Signature',
    timestampHeader: null,
    idHeader: null,
    scheme: 'lemonsqueezy-hmac',
    encoding: 'hex',
    window: null,
    required: ['secret', 'payload', 'signature'],
    example: {
      secret: 'ls-signing-secret-5a',
      signature: 'b3d6d2125291b7c07f6906d0d09ff5bcdabe84d02da775a360ae196ed67b1d20',
    },
    secrets: ['ls-secret-one', 'ls-secret-two'],
    time: unixText,
    digest: bodyOnly(hex),
    wrap: (digest) => digest,
  },
  {
    platform: 'elevenlabs',
    signatureHeader: 'ElevenLabs-Signature',
    timestampHeader: null,
    idHeader: null,
    scheme: 'elevenlabs-v0',
    encoding: 'hex',
    window: { tolerance: 1800, rejectsFuture: false },
    required: ['secret', 'payload', 'signature'],
    example: {
      secret: 'wsec_elevenlabs_vector_01',
      signature: 't=1700000000,v0=851936b7103dd90ea707bfb6a46b1cdc683596a539f778a885eb9aca5001f9c8',
    },
    secrets: ['wsec_one', 'wsec_two'],
    time: unixText,
    digest: (secret, payload, time) => hex(secret, `${time}.${payload}`),
    wrap: (digest, time) => `t=${time},v0=${digest}`,
  },
  {
    platform: 'webflow',
    signatureHeader: 'x-webflow-signature',
    timestampHeader: 'x-webflow-timestamp',
    idHeader: null,
    scheme: 'webflow-hmac',
    encoding: 'hex',
    window: { tolerance: 300, rejectsFuture: false },
    required: ['secret', 'payload', 'signature', 'timestamp'],
    example: {
      secret: 'webflow-client-secret-9e',
      signature: 'a0e1d3d62b4658ddf14f3074a6b1433f61cf84a524dfe2ad99a983d79c2b04d5',
    },
    secrets: ['webflow-secret-one', 'webflow-secret-two'],
    time: (unix) => String(unix * 1000),
    digest: (secret, payload, time) => hex(secret, `${time}:${payload}`),
    wrap: (digest) => digest,
  },
  {
    platform: 'calendly',
    signatureHeader: 'Calendly-Webhook-Signature',
    timestampHeader: null,
    idHeader: null,
    scheme: 'calendly-v1',
    encoding: 'hex',
    window: { tolerance: 180, rejectsFuture: false },
    required: ['secret', 'payload', 'signature'],
    example: {
      secret: 'calendly-signing-key-1b',
      signature: 't=1700000000,v1=47aada692b5c2ddba982647df46c10429ebb67a0339ef57bc19b7f31b4bbde5a',
    },
    secrets: ['calendly-key-one', 'calendly-key-two'],
    time: unixText,
    digest: (secret, payload, time) => hex(secret, `${time}.${payload}`),
    wrap: (digest, time) => `t=${time},v1=${digest}`,
  },
  {
    platform: 'mux',
    signatureHeader: 'Mux-Signature',
    timestampHeader: null,
    idHeader: null,
    scheme: 'mux-v1',
    encoding: 'hex',
    window: { tolerance: 300, rejectsFuture: false },
    required: ['secret', 'payload', 'signature'],
    example: {
      secret: 'mux-webhook-secret-6f',
      signature: 't=1700000000,v1=2253338f70de72ec6133ee75cbc6610ae3eabb18493f01a7d6234bd455287a65',
    },
    secrets: ['mux-secret-one', 'mux-secret-two'],
    time: unixText,
    digest: (secret, payload, time) => hex(secret, `${time}.${payload}`),
    wrap: (digest, time) => `t=${time},v1=${digest}`,
  },
  {
    platform: 'openai',
    signatureHeader: 'webhook-signature',
    timestampHeader: 'webhook-timestamp',
    idHeader: 'webhook-id',
    scheme: 'openai-v1',
    encoding: 'base64',
    window: { tolerance: 300, rejectsFuture: true },
    required: ['secret', 'payload', 'signature', 'timestamp', 'webhook_id'],
    example: {
      secret: 'whsec_b3BlbmFpLXZlY3Rvci1rZXktMDEyMzQ1Njc4OWFiY2Q=',
      signature: 'v1,VYrCDSG2mHmT2TrpgWRbXV2Fq/5MZWnuqK0D6mQmwBc=',
    },
    secrets: [whsec('openai-key-one'), whsec('openai-key-two')],
    time: unixText,
    digest: (secret, payload, time, id) =>
      base64(secret.startsWith('whsec_') ? whsecKey(secret) : secret, `${id}.${time}.${payload}`),
    wrap: (digest) => `v1,${digest}`,
  },
  {
    platform: 'replicate',
    signatureHeader: 'webhook-signature',
    timestampHeader: 'webhook-timestamp',
    idHeader: 'webhook-id',
    scheme: 'replicate-v1',
    encoding: 'base64',
    window: { tolerance: 300, rejectsFuture: true },
    required: ['secret', 'payload', 'signature', 'timestamp', 'webhook_id'],
    example: {
      secret: 'whsec_cmVwbGljYXRlLXZlY3Rvci1rZXktMDEyMzQ1Njc4OWE=',
      signature: 'v1,9H2FX1qUjWWWaqHOL5U93Dw8cyGUHVnhito5SSPrq8E=',
    },
    secrets: [whsec('replicate-key-one'), whsec('replicate-key-two')],
    time: unixText,
    digest: (secret, payload, time, id) => base64(whsecKey(secret), `${id}.${time}.${payload}`),
    wrap: (digest) => `v1,${digest}`,
  },
  {
    platform: 'polar',
    signatureHeader: 'webhook-signature',
    timestampHeader: 'webhook-timestamp',
    idHeader: 'webhook-id',
    scheme: 'polar-v1',
    encoding: 'base64',
    window: { tolerance: 300, rejectsFuture: true },
    required: ['secret', 'payload', 'signature', 'timestamp', 'webhook_id'],
    example: {
      secret: 'polar_whs_vector0123456789abcdefghij',
      signature: 'v1,rJe4ScOpLtOO/wjEteTEN5Wb8E9ThS8Tw5eY9OVP8Po=',
    },
    secrets: ['polar_whs_one0123456789', 'polar_whs_two0123456789'],
    time: unixText,
    // Polar's SDK keys with the UTF-8 bytes of the whole secret.
    digest: (secret, payload, time, id) => base64(secret, `${id}.${time}.${payload}`),
    wrap: (digest) => `v1,${digest}`,
  },
];

export const NEXT_BY_NAME = new Map(NEXT_FIXTURES.map((fixture) => [fixture.platform, fixture]));

/** The received headers of a delivery signed at unix time `unix` (the digest passed through `mutate`). */
export function nextHeaders(
  fixture: NextFixture,
  options: {
    secret: string;
    unix: number;
    payload?: string;
    id?: string;
    mutate?: (digest: string) => string;
  },
): Record<string, string> {
  const payload = options.payload ?? EXAMPLE_PAYLOAD;
  const id = options.id ?? EXAMPLE_ID;
  const time = fixture.time(options.unix);
  const digest = fixture.digest(options.secret, payload, time, id);
  const headers: Record<string, string> = {
    [fixture.signatureHeader]: fixture.wrap((options.mutate ?? ((d) => d))(digest), time),
  };
  if (fixture.timestampHeader !== null) headers[fixture.timestampHeader] = time;
  if (fixture.idHeader !== null) headers[fixture.idHeader] = id;
  return headers;
}

/** The worked example's received headers (timestamp 1700000000; webflow in ms, twitch RFC 3339). */
export function exampleHeaders(fixture: NextFixture): Record<string, string> {
  const time =
    fixture.platform === 'webflow'
      ? '1700000000000'
      : fixture.platform === 'twitch'
        ? TWITCH_EXAMPLE_TIME
        : '1700000000';
  const headers: Record<string, string> = { [fixture.signatureHeader]: fixture.example.signature };
  if (fixture.timestampHeader !== null) headers[fixture.timestampHeader] = time;
  if (fixture.idHeader !== null) headers[fixture.idHeader] = EXAMPLE_ID;
  return headers;
}
