import { type CreateServiceOptions, createService, type ServiceConfig } from '@dus/core';
import { DIGEST_ALGORITHMS } from './domain/index.js';
import { operations } from './operations.js';

export const SERVICE = { name: 'g-canonical', version: '1.1.0', defaultPort: 8087 } as const;

/** The algorithms as the description and the MCP instructions name them: from the same list as the answers. */
const ALGORITHM_LIST = DIGEST_ALGORITHMS.join(', ');

/** The service's Hono app (no listening): serve it alone, or mount it in an app of yours (README). */
export function createApp(config: ServiceConfig, options: CreateServiceOptions = {}) {
  return createService(
    {
      ...SERVICE,
      title: 'Canonical JSON digest',
      description: `RFC 8785 canonical JSON, digests (${ALGORITHM_LIST}), RFC 9530 Content-Digest values and stable idempotency keys.`,
      openapi: '3.1',
      basePath: '/canonical-digest-api',
      operations,
      strictJson: true,
      mcpInstructions: `Canonicalize JSON (RFC 8785), digest it or raw text (${ALGORITHM_LIST}), and derive idempotency keys.`,
      // The worker threads of heavy calls load the built operations (from src/ in tests as from dist/).
      workerModule: new URL('../dist/operations.js', import.meta.url),
    },
    config,
    options,
  );
}
