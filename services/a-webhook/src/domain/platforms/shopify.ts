import { bodyHmacPlatform } from './body-hmac-platform.js';

/** `X-Shopify-Hmac-Sha256: <base64>` of the raw body, keyed with the app's client secret. */
export const shopify = bodyHmacPlatform({
  name: 'shopify',
  kind: 'e-commerce',
  scheme: 'shopify-hmac',
  header: 'X-Shopify-Hmac-Sha256',
  hash: 'sha-256',
  encoding: 'base64',
  payloadJsonStyle: 'compact',
});
