import { timestampedHmacPlatform } from './timestamped-hmac.js';

/**
 * Zoom ("Verify webhook events"; zoom/webhook-sample): `x-zm-signature: v0=<hex>`, HMAC-SHA256 keyed with
 * the secret token of `v0:<x-zm-request-timestamp>:<body>`, the timestamp in unix seconds.
 */
export const zoom = timestampedHmacPlatform({
  name: 'zoom',
  kind: 'video meetings',
  scheme: 'zoom-v0',
  header: 'x-zm-signature',
  timestampHeader: 'x-zm-request-timestamp',
  prefix: 'v0',
  encoding: 'hex',
  // timestamp is a required field: present whenever this runs (verify and sign alike).
  signed: (request) => ['v0:', request.timestamp as string, ':', request.body],
  time: 'unix_s',
  toleranceS: 300,
  rejectsFuture: true,
});
