import { bodyHmacPlatform } from './body-hmac-platform.js';

/** `x-vercel-signature: <hex>`, HMAC-SHA1 of the body. */
export const vercel = bodyHmacPlatform({
  name: 'vercel',
  kind: 'frontend hosting',
  scheme: 'vercel-sha1',
  header: 'x-vercel-signature',
  hash: 'sha-1',
  encoding: 'hex',
  payloadJsonStyle: 'compact',
});
