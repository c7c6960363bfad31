import { type CreateServiceOptions, createService, type ServiceConfig } from '@dus/core';
import { HANDSHAKE_PLATFORMS, PLATFORM_NAMES } from './domain/index.js';
import { operations } from './operations.js';

export const SERVICE = { name: 'a-webhook', version: '1.0.0', defaultPort: 8081 } as const;

/** The service's Hono app (no listening): serve it alone, or mount it in an app of yours (README). */
export function createApp(config: ServiceConfig, options: CreateServiceOptions = {}) {
  return createService(
    {
      ...SERVICE,
      title: 'Webhook signature verification',
      description:
        `Verifies webhook signatures of ${PLATFORM_NAMES.length} platforms (${PLATFORM_NAMES.join(', ')}) in one ` +
        'stateless call, signs test deliveries with your own secret, and answers the endpoint checks of ' +
        `${HANDSHAKE_PLATFORMS.length} providers. Never stores or echoes secrets.`,
      openapi: '3.0.3',
      operations,
      problemExtensions: { valid: false },
      links: { platforms: '/platforms', verify: '/verify', sign: '/sign', handshake: '/handshake' },
      mcpInstructions:
        `\`verify_webhook\` checks one delivery from any of ${PLATFORM_NAMES.length} platforms: pass platform, the raw body as ` +
        'payload, the signature header as signature and the secret (see `list_platforms` for the fields each platform ' +
        'needs). Read `valid` and `reason`. `sign_webhook` makes test headers with your own secret. ' +
        `\`answer_handshake\` tells what to send back to a provider's endpoint check (${HANDSHAKE_PLATFORMS.join(', ')}).`,
    },
    config,
    options,
  );
}
