import { timestampedHmacPlatform } from './timestamped-hmac.js';

/**
 * Webflow ("Validating request signatures"; `webflow-api`): `x-webflow-signature: <hex>`, HMAC-SHA256 keyed
 * with the OAuth client secret (or the webhook's secret) of `<x-webflow-timestamp>:<body>`, the timestamp
 * in unix milliseconds; requests older than 5 minutes are refused.
 */
export const webflow = timestampedHmacPlatform({
  name: 'webflow',
  kind: 'site builder',
  scheme: 'webflow-hmac',
  header: 'x-webflow-signature',
  timestampHeader: 'x-webflow-timestamp',
  encoding: 'hex',
  // timestamp is a required field: present whenever this runs (verify and sign alike).
  signed: (request) => [request.timestamp as string, ':', request.body],
  time: 'unix_ms',
  toleranceS: 300,
  rejectsFuture: false,
});
