import { type CreateServiceOptions, createService, type ServiceConfig } from '@dus/core';
import { PROVIDERS } from './domain/index.js';
import { operations } from './operations.js';

export const SERVICE = { name: 'h-payload', version: '1.1.0', defaultPort: 8088 } as const;

/** The service's Hono app (no listening): serve it alone, or mount it in an app of yours (README). */
export function createApp(config: ServiceConfig, options: CreateServiceOptions = {}) {
  return createService(
    {
      ...SERVICE,
      title: 'JSON payload audit',
      description:
        'Audits JSON API payloads: where the bytes go (minified, pretty, gzip and brotli sizes, fields, types, empties), what can be pruned, what the egress costs on AWS, GCP and Azure, what a json-mask selection keeps, whether paths stay within byte budgets, and what an optimisation saved.',
      openapi: '3.1',
      operations,
      // The worker threads of heavy calls load the built operations (from src/ in tests as from dist/).
      workerModule: new URL('../dist/operations.js', import.meta.url),
      mcpInstructions: `\`payload_analyze\` reports where the bytes of a JSON payload go; \`field_prune_suggest\` lists fields to remove and the pruned payload; \`bandwidth_cost_calc\` prices egress (provider ${PROVIDERS.join(', ')}) for a size and traffic volume; \`compare_payloads\` compares an original and an optimised payload; \`apply_mask\` keeps what json-mask fields select and tells the bytes saved; \`budget_check\` checks byte budgets for paths. Paths are JSON Pointers with * for array items.`,
    },
    config,
    options,
  );
}
