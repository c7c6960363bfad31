import { bodyHmacPlatform } from './body-hmac-platform.js';

/**
 * Lemon Squeezy ("Signing requests"): `X-Signature: <hex>`, HMAC-SHA256 of the body keyed with the signing
 * secret. Segment sends `X-Signature` too: `auto` names lemonsqueezy only beside its `X-Event-Name`.
 */
export const lemonsqueezy = bodyHmacPlatform({
  name: 'lemonsqueezy',
  kind: 'merchant of record',
  scheme: 'lemonsqueezy-hmac',
  header: 'X-Signature',
  hash: 'sha-256',
  encoding: 'hex',
  payloadJsonStyle: 'compact',
  detection: { beside: ['X-Event-Name'], overrules: [{ platforms: ['segment'] }] },
});
