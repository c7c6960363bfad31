import { bodyHmacPlatform } from './body-hmac-platform.js';

/** `Typeform-Signature: sha256=<base64>`, HMAC-SHA256 of the body keyed with the webhook's secret. */
export const typeform = bodyHmacPlatform({
  name: 'typeform',
  kind: 'online forms',
  scheme: 'typeform-sha256',
  header: 'Typeform-Signature',
  prefix: 'sha256',
  hash: 'sha-256',
  encoding: 'base64',
  payloadJsonStyle: 'compact',
});
