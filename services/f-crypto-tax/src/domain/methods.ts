import type { Method, Warning } from './types.js';

interface MethodInfo {
  id: Method;
  name: string;
  description: string;
  /** ISO 3166-1 alpha-2 codes of jurisdictions where individuals may use the method for crypto. */
  allowed_in: string[];
  /** A warning every report by this method carries. */
  warning?: Warning;
}

/**
 * The methods, one table for `/methods`, the reports' warnings and the summary's recommendation.
 * `allowed_in` as of 2026-11 (sources in the README): US — FIFO or specific identification of units
 * (Treas. Reg. §1.1012-1(j), Rev. Proc. 2024-28), so FIFO, LIFO and HIFO when the lots are identified
 * at sale time, never average cost; DE — FIFO (BMF letter of 10 May 2022, margin 61); AU — specific
 * identification or FIFO (ATO); CA — adjusted cost base, i.e. average cost (CRA); JP — moving or total
 * average (NTA); GB — the section 104 pool, with the same-day and 30-day rules (HMRC CRYPTO22200).
 */
export const METHODS: Record<Method, MethodInfo> = {
  fifo: {
    id: 'fifo',
    name: 'First in, first out',
    description: 'Each sale consumes the oldest lots first.',
    allowed_in: ['AU', 'DE', 'US'],
  },
  lifo: {
    id: 'lifo',
    name: 'Last in, first out',
    description: 'Each sale consumes the newest lots first (a specific identification of units).',
    allowed_in: ['AU', 'US'],
  },
  hifo: {
    id: 'hifo',
    name: 'Highest in, first out',
    description:
      'Each sale consumes the lots of highest unit cost (fees included) first, ties oldest first (a specific identification of units).',
    allowed_in: ['AU', 'US'],
  },
  average: {
    id: 'average',
    name: 'Average cost',
    description:
      'A sale costs the pool cost × sold / held; the lots underneath are consumed oldest first for their dates, so a sale can have a long and a short part.',
    allowed_in: ['CA', 'GB', 'JP'],
    warning: {
      code: 'average_cost_us',
      message: 'US individuals may not use average cost for crypto; use fifo, lifo or hifo for a US return.',
    },
  },
};

export const DEFAULT_METHOD: Method = 'fifo';

/** Order of `/methods` and of the summary. */
export const METHOD_ORDER: readonly Method[] = ['fifo', 'lifo', 'hifo', 'average'];

/** Order in which ties in the recommendation are broken. */
export const TIE_ORDER: readonly Method[] = ['fifo', 'hifo', 'lifo', 'average'];

export const CSV_FORMATS = ['native', 'koinly', 'coinbase', 'kraken', 'binance'] as const;
export type CsvFormat = (typeof CSV_FORMATS)[number];

export function methodsListing() {
  return {
    methods: METHOD_ORDER.map((id) => {
      const { name, description, allowed_in } = METHODS[id];
      return { id, name, description, allowed_in };
    }),
    default: DEFAULT_METHOD,
    csv_formats: [...CSV_FORMATS],
  };
}
