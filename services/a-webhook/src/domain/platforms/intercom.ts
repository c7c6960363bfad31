import { bodyHmacPlatform } from './body-hmac-platform.js';

/** `X-Hub-Signature: sha1=<hex>`, HMAC-SHA1 of the body keyed with the app's client secret. */
export const intercom = bodyHmacPlatform({
  name: 'intercom',
  kind: 'customer messaging',
  scheme: 'intercom-sha1',
  header: 'X-Hub-Signature',
  prefix: 'sha1',
  hash: 'sha-1',
  encoding: 'hex',
  payloadJsonStyle: 'compact',
});
