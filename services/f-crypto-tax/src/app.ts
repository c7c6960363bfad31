import { type CreateServiceOptions, createService, type ServiceConfig } from '@dus/core';
import { CSV_FORMATS } from './domain/index.js';
import { operations } from './operations.js';

export const SERVICE = { name: 'f-crypto-tax', version: '1.1.0', defaultPort: 8086 } as const;

/** The service's Hono app (no listening): serve it alone, or mount it in an app of yours (README). */
export function createApp(config: ServiceConfig, options: CreateServiceOptions = {}) {
  return createService(
    {
      ...SERVICE,
      title: 'Crypto capital-gains calculator',
      description: `Realised gains and losses from a trade history by FIFO, LIFO, HIFO or average cost, in exact decimal arithmetic: fees in basis and proceeds, short and long term by the calendar anniversary, several assets and quote currencies, ${CSV_FORMATS.length} CSV export formats (${CSV_FORMATS.join(', ')}), Form 8949-style CSV with each row's box (G–L from 2025), a reconciliation with a broker's Form 1099-DA, a per-year comparison of the methods, holdings at a date with their unrealised gains, and the UK rules (same-day, 30-day and section 104 pool) with jurisdiction GB, each tax year with its annual exempt amount, SA108 figures and the 2024-25 rate split.`,
      openapi: '3.1',
      operations,
      // The worker threads of heavy calls load the built operations (from src/ in tests as from dist/).
      workerModule: new URL('../dist/operations.js', import.meta.url),
      mcpInstructions: `\`calculate_crypto_tax\` computes realised gains from JSON trades; \`parse_csv_trades\` does the same from a CSV export (${CSV_FORMATS.join(', ')}); \`annual_tax_summary\` compares the methods per tax year and recommends one; \`holdings_report\` shows what is held at a date (open lots, cost basis, value, unrealised gain); \`list_tax_methods\` lists the methods and where they are allowed. \`form_1099da\` (calculate_crypto_tax, parse_csv_trades) reconciles a broker's 1099-DA rows with the sales. With jurisdiction "GB" the UK rules apply (same-day, 30-day, then the section 104 pool; method average). Amounts and prices are decimal strings; money comes back as 2-decimal strings.`,
    },
    config,
    options,
  );
}
