/** Standard Webhooks deliveries signed by the official libraries (`standardwebhooks`, `svix`), not our code. */
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';

/** The worked example of the Standard Webhooks reference library's tests ("sign function works"). */
export const SPEC_EXAMPLE = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  payload: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
} as const;

export const SW_SECRET = SPEC_EXAMPLE.secret;
export const SW_OTHER = `whsec_${Buffer.from('another standard-webhooks key').toString('base64')}`;

export const WEBHOOK_SIGNATURE_PLATFORMS = ['standard-webhooks', 'svix'] as const;
export type WebhookSignaturePlatform = (typeof WEBHOOK_SIGNATURE_PLATFORMS)[number];

/** The header names each platform sends. */
export const HEADER_NAMES: Record<
  WebhookSignaturePlatform,
  { id: string; timestamp: string; signature: string }
> = {
  'standard-webhooks': { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' },
  svix: { id: 'svix-id', timestamp: 'svix-timestamp', signature: 'svix-signature' },
};

/** `v1,<base64>` as the platform's own library signs it. */
export function librarySign(
  platform: WebhookSignaturePlatform,
  secret: string,
  id: string,
  timestamp: number,
  payload: string,
): string {
  const signer = platform === 'svix' ? new SvixWebhook(secret) : new StandardWebhook(secret);
  return signer.sign(id, new Date(timestamp * 1000), payload);
}

/** Whether the platform's own library accepts the delivery (it judges the timestamp by the real clock). */
export function libraryAccepts(
  platform: WebhookSignaturePlatform,
  secret: string,
  headers: Record<string, string>,
  payload: string,
): boolean {
  try {
    if (platform === 'svix') new SvixWebhook(secret).verify(payload, headers);
    else new StandardWebhook(secret).verify(payload, headers);
    return true;
  } catch {
    return false;
  }
}

/** A delivery's headers, signed by the library. */
export function signedHeaders(
  platform: WebhookSignaturePlatform,
  options: { secret?: string; id?: string; timestamp: number; payload: string },
): Record<string, string> {
  const names = HEADER_NAMES[platform];
  const id = options.id ?? 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W';
  return {
    [names.id]: id,
    [names.timestamp]: String(options.timestamp),
    [names.signature]: librarySign(
      platform,
      options.secret ?? SW_SECRET,
      id,
      options.timestamp,
      options.payload,
    ),
  };
}
