import { createService, type Runtime, type ServiceConfig } from '@dus/core';
import { operations } from './operations.js';

export const SERVICE = { name: 'g-canonical', version: '1.1.0', defaultPort: 8087 } as const;

export function createApp(config: ServiceConfig, runtime?: Runtime) {
  return createService(
    {
      ...SERVICE,
      title: 'Canonical JSON digest',
      description:
        'RFC 8785 canonical JSON, SHA-2 digests, RFC 9530 Content-Digest values and stable idempotency keys.',
      openapi: '3.1',
      basePath: '/canonical-digest-api',
      operations,
      strictJson: true,
      mcpInstructions:
        'Canonicalize JSON (RFC 8785), digest it or raw text (SHA-256/384/512), and derive idempotency keys.',
    },
    config,
    runtime,
  );
}
