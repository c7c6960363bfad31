import { bodyHmacPlatform } from './body-hmac-platform.js';

/**
 * Meta (WhatsApp, Messenger, Instagram; Graph API Webhooks, "Event notifications"): `X-Hub-Signature-256:
 * sha256=<hex>`, HMAC-SHA256 of the body keyed with the app secret. GitHub sends the same header: `auto`
 * names github beside an `X-GitHub-*` header, and both otherwise (github.ts).
 */
export const meta = bodyHmacPlatform({
  name: 'meta',
  kind: 'messaging (WhatsApp, Messenger, Instagram)',
  scheme: 'meta-sha256',
  header: 'X-Hub-Signature-256',
  prefix: 'sha256',
  hash: 'sha-256',
  encoding: 'hex',
  payloadJsonStyle: 'compact',
});
