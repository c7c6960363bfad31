import { timestampedHmacPlatform } from './timestamped-hmac.js';

/**
 * Twitch EventSub ("Handling webhook events"; twitchdev/eventsub-webhooks-node-sample):
 * `Twitch-Eventsub-Message-Signature: sha256=<hex>`, HMAC-SHA256 keyed with the subscription's secret of
 * message id + timestamp (RFC 3339 text, as sent) + body; messages older than 10 minutes are refused.
 */
export const twitch = timestampedHmacPlatform({
  name: 'twitch',
  kind: 'live streaming (EventSub)',
  scheme: 'twitch-sha256',
  header: 'Twitch-Eventsub-Message-Signature',
  timestampHeader: 'Twitch-Eventsub-Message-Timestamp',
  idHeader: 'Twitch-Eventsub-Message-Id',
  prefix: 'sha256',
  encoding: 'hex',
  // webhook_id and timestamp are required fields: present whenever this runs (verify and sign alike).
  signed: (request) => [request.webhook_id as string, request.timestamp as string, request.body],
  time: 'iso',
  toleranceS: 600,
  rejectsFuture: false,
});
