import { Dec, type Decimal } from './numbers.js';

/** A monthly band: calls up to `upTo` (cumulative; null = no end) at `perMillion` USD. */
interface Band {
  upTo: number | null;
  perMillion: string;
}

/** Published list prices (US East), as of 2025-12: AWS API Gateway HTTP and REST APIs. */
export const PRESETS = {
  'aws-apigw-http': [
    { upTo: 300_000_000, perMillion: '1.00' },
    { upTo: null, perMillion: '0.90' },
  ],
  'aws-apigw-rest': [
    { upTo: 333_000_000, perMillion: '3.50' },
    { upTo: 1_000_000_000, perMillion: '2.80' },
    { upTo: 20_000_000_000, perMillion: '2.38' },
    { upTo: null, perMillion: '1.51' },
  ],
} as const satisfies Record<string, readonly Band[]>;

export type Preset = keyof typeof PRESETS | 'llm-batch';
export const PRESET_NAMES = ['aws-apigw-http', 'aws-apigw-rest', 'llm-batch'] as const;

/** The price of a volume of calls under marginal bands from 0. */
export function bandedCost(calls: Decimal, bands: readonly Band[]): Decimal {
  let cost = new Dec(0);
  let from = new Dec(0);
  for (const band of bands) {
    if (calls.lte(from)) break;
    const top = band.upTo === null || calls.lt(band.upTo) ? calls : new Dec(band.upTo);
    cost = cost.plus(top.minus(from).times(band.perMillion).div(1_000_000));
    from = new Dec(band.upTo ?? 0);
  }
  return cost;
}
