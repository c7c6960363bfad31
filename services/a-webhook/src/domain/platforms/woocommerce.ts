import { bodyHmacPlatform } from './body-hmac-platform.js';

/** WooCommerce (`WC_Webhook::generate_signature`): `X-WC-Webhook-Signature: <base64>`, HMAC-SHA256 of the body. */
export const woocommerce = bodyHmacPlatform({
  name: 'woocommerce',
  kind: 'e-commerce (WordPress)',
  scheme: 'woocommerce-hmac',
  header: 'X-WC-Webhook-Signature',
  hash: 'sha-256',
  encoding: 'base64',
  payloadJsonStyle: 'compact',
});
