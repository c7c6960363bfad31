import { type CreateServiceOptions, createService, type ServiceConfig } from '@dus/core';
import { operations } from './operations.js';

export const SERVICE = { name: 'c-dedup', version: '1.1.0', defaultPort: 8083 } as const;

/** The plan C is sold under (shown in /version and as OpenAPI `info["x-plan"]`). */
export const PLAN = { tier: 'A', price: 9.99, currency: 'USD', period: 'month' } as const;

/** The service's Hono app (no listening): serve it alone, or mount it in an app of yours (README). */
export function createApp(config: ServiceConfig, options: CreateServiceOptions = {}) {
  return createService(
    {
      ...SERVICE,
      title: 'API request deduplicator',
      description:
        'Stateless analysis of a list of API calls: duplicates by normalised fingerprint (RFC 3986 URLs, allow-listed headers, RFC 8785 bodies), batch plans, costs before and after, and usage patterns. It never calls the APIs it analyses.',
      openapi: '3.1',
      basePath: '/api-request-deduplicator',
      operationsBasePath: '',
      operations,
      // The worker threads of heavy calls load the built operations (from src/ in tests as from dist/).
      workerModule: new URL('../dist/operations.js', import.meta.url),
      info: { plan: PLAN },
      mcpInstructions:
        'Give a list of API calls ({method, url, headers?, body?, timestamp?, status?, latency_ms?, client?}): `request_deduplicator` finds duplicates, `batch_optimizer` groups calls into batches, `cost_analyzer` prices them before and after, `usage_analytics` describes usage. Positions are 0-based.',
    },
    config,
    options,
  );
}
