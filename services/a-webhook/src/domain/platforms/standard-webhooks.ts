import type { PlatformDescriptor, PlatformName, VerifyRequest } from '../types.js';
import { verifyWebhookSignatureList, webhookSignatureListSigning } from './webhook-signature-list.js';

const REQUIRED = ['secret', 'payload', 'signature', 'timestamp', 'webhook_id'] as const;

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
  const asymmetricMeta = {
    verifiedWith: 'public_key',
    scheme: `${name}-v1a`,
    algorithm: 'Ed25519',
    encoding: 'base64',
  } as const;
  const signatureHeader = `${headerPrefix}-signature`;
  const scheme = { meta, asymmetricMeta, signatureHeader };
  return {
    name,
    kind,
    scheme: meta.scheme,
    algorithm: meta.algorithm,
    encoding: 'base64',
    signature_header: signatureHeader,
    timestamp_header: `${headerPrefix}-timestamp`,
    header_fields: { webhook_id: `${headerPrefix}-id` },
    required_fields: REQUIRED,
    optional_fields: ['public_key', 'tolerance', 'now'],
    default_tolerance_s: 300,
    // webhook-signature names standard-webhooks even beside svix-signature (a sender may send both).
    ...(name === 'standard-webhooks' ? { detection: { overrules: { platforms: ['svix'] } } } : {}),
    rejects_future_timestamps: true,
    signature_prefixes: ['v1,'],
    payload_json_style: null,
    // A whpk_ public key alone checks the v1a entries: the secret is then optional.
    requiredFieldsFor: (request: VerifyRequest) =>
      request.public_key === null ? REQUIRED : REQUIRED.filter((field) => field !== 'secret'),
    missingFieldNote: (request: VerifyRequest) =>
      request.secrets.length === 0 && request.public_key === null
        ? 'v1 signatures need secret (whsec_…), v1a signatures public_key (whpk_…): give either or both'
        : null,
    verify: (request) => verifyWebhookSignatureList(request, scheme),
    signing: webhookSignatureListSigning(scheme),
  };
}

/** Standard Webhooks (https://www.standardwebhooks.com): `webhook-id`, `webhook-timestamp`, `webhook-signature`. */
export const standardWebhooks = standardWebhooksPlatform('standard-webhooks', 'webhook standard', 'webhook');

/** Svix (used by Clerk, Resend, …): the Standard Webhooks scheme under `svix-id`, `svix-timestamp`, `svix-signature`. */
export const svix = standardWebhooksPlatform('svix', 'webhook service', 'svix');
