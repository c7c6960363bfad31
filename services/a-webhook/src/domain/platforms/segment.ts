import { bodyHmacPlatform } from './body-hmac-platform.js';

/** `X-Signature: <hex>`, HMAC-SHA1 of the body keyed with the destination's shared secret. */
export const segment = bodyHmacPlatform({
  name: 'segment',
  kind: 'customer data platform',
  scheme: 'segment-sha1',
  header: 'X-Signature',
  hash: 'sha-1',
  encoding: 'hex',
  payloadJsonStyle: null,
});
