import { createService, type Runtime, type ServiceConfig } from '@dus/core';
import { PLATFORM_NAMES } from './domain/index.js';
import { operations } from './operations.js';

export const SERVICE = { name: 'a-webhook', version: '1.0.0', defaultPort: 8081 } as const;

export function createApp(config: ServiceConfig, runtime?: Runtime) {
  return createService(
    {
      ...SERVICE,
      title: 'Webhook signature verification',
      description:
        `Verifies webhook signatures of ${PLATFORM_NAMES.length} platforms (${PLATFORM_NAMES.join(', ')}) in one ` +
        'stateless call, and signs test deliveries with your own secret. Never stores or echoes secrets.',
      openapi: '3.0.3',
      operations,
      problemExtensions: { valid: false },
      links: { platforms: '/platforms', verify: '/verify', sign: '/sign' },
      mcpInstructions:
        `\`verify_webhook\` checks one delivery from any of ${PLATFORM_NAMES.length} platforms: pass platform, the raw body as ` +
        'payload, the signature header as signature and the secret (see `list_platforms` for the fields each platform ' +
        'needs). Read `valid` and `reason`. `sign_webhook` makes test headers with your own secret.',
    },
    config,
    runtime,
  );
}
