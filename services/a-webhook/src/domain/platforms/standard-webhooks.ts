import type { PlatformDescriptor, PlatformName, VerifyRequest } from '../types.js';
import { BASE64_SECRET, OPENAI_SECRET, POLAR_SECRET, type SecretKeyRule } from './webhook-secret-keys.js';
import { verifyWebhookSignatureList, webhookSignatureListSigning } from './webhook-signature-list.js';

const REQUIRED = ['secret', 'payload', 'signature', 'timestamp', 'webhook_id'] as const;

interface StandardWebhooksOptions {
  /** Whether v1a signatures (Ed25519, `whpk_`/`whsk_` keys) are part of the platform's scheme. */
  asymmetric: boolean;
  secrets: SecretKeyRule;
  detection?: PlatformDescriptor['detection'];
}

/** The Standard Webhooks scheme under a header prefix: `<prefix>-id`, `<prefix>-timestamp`, `<prefix>-signature`. */
function standardWebhooksPlatform(
  name: PlatformName,
  kind: string,
  headerPrefix: string,
  options: StandardWebhooksOptions,
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
  const { asymmetric } = options;
  const scheme = { meta, asymmetricMeta, signatureHeader, asymmetric, secrets: options.secrets };
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
    optional_fields: asymmetric ? ['public_key', 'tolerance', 'now'] : ['tolerance', 'now'],
    default_tolerance_s: 300,
    ...(options.detection === undefined ? {} : { detection: options.detection }),
    rejects_future_timestamps: true,
    signature_prefixes: ['v1,'],
    payload_json_style: null,
    ...(asymmetric
      ? {
          // A whpk_ public key alone checks the v1a entries: the secret is then optional.
          requiredFieldsFor: (request: VerifyRequest) =>
            request.public_key === null ? REQUIRED : REQUIRED.filter((field) => field !== 'secret'),
          missingFieldNote: (request: VerifyRequest) =>
            request.secrets.length === 0 && request.public_key === null
              ? 'v1 signatures need secret (whsec_…), v1a signatures public_key (whpk_…): give either or both'
              : null,
        }
      : {}),
    verify: (request) => verifyWebhookSignatureList(request, scheme),
    signing: webhookSignatureListSigning(scheme),
  };
}

/** Standard Webhooks (https://www.standardwebhooks.com): `webhook-id`, `webhook-timestamp`, `webhook-signature`. */
export const standardWebhooks = standardWebhooksPlatform('standard-webhooks', 'webhook standard', 'webhook', {
  asymmetric: true,
  secrets: BASE64_SECRET,
  // webhook-signature names standard-webhooks even beside svix-signature (a sender may send both).
  detection: { overrules: [{ platforms: ['svix'] }] },
});

/** Svix (used by Clerk, Resend, …): the Standard Webhooks scheme under `svix-id`, `svix-timestamp`, `svix-signature`. */
export const svix = standardWebhooksPlatform('svix', 'webhook service', 'svix', {
  asymmetric: true,
  secrets: BASE64_SECRET,
});

/**
 * The AI APIs that send Standard Webhooks v1 under the `webhook-*` headers, with their own secret rules.
 * `auto` cannot tell them from `standard-webhooks` by the headers: they are never detected, only named.
 */
const NAMED_ONLY = { headers: [] } as const;

/** OpenAI (`openai` `webhooks.verifySignature`). */
export const openai = standardWebhooksPlatform('openai', 'AI API', 'webhook', {
  asymmetric: false,
  secrets: OPENAI_SECRET,
  detection: NAMED_ONLY,
});

/** Replicate (`replicate` `validateWebhook`): the secret as Standard Webhooks reads it. */
export const replicate = standardWebhooksPlatform('replicate', 'AI API', 'webhook', {
  asymmetric: false,
  secrets: BASE64_SECRET,
  detection: NAMED_ONLY,
});

/** Polar (`@polar-sh/sdk` `validateEvent`). */
export const polar = standardWebhooksPlatform('polar', 'billing', 'webhook', {
  asymmetric: false,
  secrets: POLAR_SECRET,
  detection: NAMED_ONLY,
});
