import type { PlatformDescriptor, PlatformName } from '../types.js';
import { verifyWebhookSignatureList } from './webhook-signature-list.js';

/** The Standard Webhooks scheme under a header prefix: `<prefix>-id`, `<prefix>-timestamp`, `<prefix>-signature`. */
function standardWebhooksPlatform(
  name: PlatformName,
  kind: string,
  headerPrefix: string,
): PlatformDescriptor {
  const meta = {
    verifiedWith: 'secret',
    scheme: `${name}-v1`,
    algorithm: 'HMAC-SHA256',
    encoding: 'base64',
  } as const;
  const signatureHeader = `${headerPrefix}-signature`;
  return {
    name,
    kind,
    scheme: meta.scheme,
    algorithm: meta.algorithm,
    encoding: 'base64',
    signature_header: signatureHeader,
    timestamp_header: `${headerPrefix}-timestamp`,
    header_fields: { webhook_id: `${headerPrefix}-id` },
    required_fields: ['secret', 'payload', 'signature', 'timestamp', 'webhook_id'],
    optional_fields: ['tolerance', 'now'],
    default_tolerance_s: 300,
    rejects_future_timestamps: true,
    signature_prefixes: ['v1,'],
    payload_json_style: null,
    verify: (request) => verifyWebhookSignatureList(request, { meta, signatureHeader }),
  };
}

/** Standard Webhooks (https://www.standardwebhooks.com): `webhook-id`, `webhook-timestamp`, `webhook-signature`. */
export const standardWebhooks = standardWebhooksPlatform('standard-webhooks', 'webhook standard', 'webhook');

/** Svix (used by Clerk, Resend, …): the Standard Webhooks scheme under `svix-id`, `svix-timestamp`, `svix-signature`. */
export const svix = standardWebhooksPlatform('svix', 'webhook service', 'svix');
