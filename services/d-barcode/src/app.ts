import { type CreateServiceOptions, createService, type ServiceConfig } from '@dus/core';
import { BARCODE_TYPES } from './domain/index.js';
import { operations } from './operations.js';

export const SERVICE = { name: 'd-barcode', version: '1.0.0', defaultPort: 8084 } as const;

/** The symbologies as the MCP instructions name them: from the table `/generate` accepts. */
const TYPE_LIST = Object.values(BARCODE_TYPES)
  .map((type) => type.name)
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1');

/** The plans of docs/conventions.md §7: D is the service that limits by default. */
export const PLANS = [
  { name: 'free', requests_per_minute: 200, price_per_month: 0 },
  { name: 'pro', requests_per_minute: null, price_per_month: 9, currency: 'USD' },
] as const;

/** The service's Hono app (no listening): serve it alone, or mount it in an app of yours (README). */
export function createApp(config: ServiceConfig, options: CreateServiceOptions = {}) {
  return createService(
    {
      ...SERVICE,
      title: 'Barcode generator',
      description: `Linear and 2D barcodes (${TYPE_LIST}) as deterministic SVG or PNG (EAN/UPC with EAN-2/EAN-5 add-ons; Code 128 and GS1-128 in the fewest symbol characters, QR Code in the fewest bits), with print geometry, GS1 check digits, validation, and GS1 Digital Link URIs built and read.`,
      openapi: '3.1',
      operations,
      workerModule: new URL('../dist/operations.js', import.meta.url),
      plans: Object.fromEntries(PLANS.map((plan) => [plan.name, plan.requests_per_minute ?? 'unlimited'])),
      info: { plans: PLANS },
      mcpInstructions: `\`generate_barcode\` returns an ${TYPE_LIST} barcode (SVG as a string, PNG in base64 with output=png, with metadata and print geometry); \`validate_barcode\` checks data with its check digit, a GS1 element string or a Digital Link URI; \`compute_check_digit\` computes or validates GS1 check digits; \`build_digital_link\` makes a GS1 Digital Link URI from an element string and \`parse_digital_link\` reads one back.`,
    },
    config,
    options,
  );
}
