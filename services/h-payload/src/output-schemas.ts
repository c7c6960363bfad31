import { z } from '@dus/core';

const compression = z.object({ gzip_level: z.literal(6), brotli_quality: z.literal(5) });
const pathOnly = z.object({ path: z.string() });
const anyJson = z.unknown().meta({ description: 'Any JSON value.' });

export const analyzeOutput = z.object({
  bytes: z.int().meta({ description: 'UTF-8 bytes of the minified JSON' }),
  pretty_bytes: z.int().meta({ description: 'UTF-8 bytes with 2-space indentation' }),
  gzip_bytes: z.int(),
  brotli_bytes: z.int(),
  compression,
  field_count: z.int(),
  unique_keys: z.int(),
  max_depth: z.int(),
  type_distribution: z.object({
    object: z.int(),
    array: z.int(),
    string: z.int(),
    number: z.int(),
    integer: z.int(),
    boolean: z.int(),
    null: z.int(),
  }),
  nulls: z.int(),
  empty_strings: z.int(),
  empty_arrays: z.int(),
  empty_objects: z.int(),
  largest_fields: z.array(z.object({ path: z.string(), bytes: z.int(), share_percent: z.number() })),
  key_bytes: z.int(),
  value_bytes: z.int(),
  repeated_keys: z.array(z.object({ key: z.string(), occurrences: z.int() })),
  long_strings: z.array(z.object({ path: z.string(), bytes: z.int() })),
  numbers_as_strings: z.array(pathOnly),
  bloat_score: z.int().meta({ description: 'round(40·E + 30·K + 20·D + 10·N), 0–100' }),
  signals: z.array(z.string()),
});

export const pruneOutput = z.object({
  suggestions: z.array(
    z.object({
      path: z.string(),
      category: z.enum(['debug', 'temp', 'internal', 'null', 'deprecated']),
      confidence: z.int(),
      reason: z.string(),
      bytes_saved: z.int(),
      occurrences: z.int(),
    }),
  ),
  pruned_payload: anyJson,
  total_bytes_saved: z.int(),
  percent_saved: z.number(),
  threshold: z.int(),
});

const costFields = {
  bytes_per_request: z.int(),
  monthly_gb: z.number().meta({ description: 'Unrounded; 1 GB = 10^9 bytes' }),
  price_per_gb: z.number().meta({ description: 'monthly_cost / monthly_gb, 4 decimals' }),
  monthly_cost: z.number(),
  yearly_cost: z.number(),
  tiers: z.array(
    z.object({
      from_gb: z.number(),
      to_gb: z.number().nullable(),
      price_per_gb: z.number(),
      gb: z.number(),
      cost: z.number(),
    }),
  ),
};

export const bandwidthOutput = z.object({
  ...costFields,
  provider: z.string(),
  region: z.string(),
  region_group: z.string(),
  prices_as_of: z.string(),
  gb_definition: z.literal('1 GB = 10^9 bytes'),
  compression: compression.optional(),
  compressed: z.object({ gzip: z.object(costFields), brotli: z.object(costFields) }).optional(),
});

const sizes = z.object({
  original_bytes: z.int(),
  optimized_bytes: z.int(),
  delta_bytes: z.int(),
  delta_percent: z.number(),
});

export const compareOutput = z.object({
  original_bytes: z.int(),
  optimized_bytes: z.int(),
  delta_bytes: z.int(),
  delta_percent: z.number(),
  gzip: sizes,
  compression,
  removed_fields: z.array(pathOnly),
  added_fields: z.array(pathOnly),
  changed_types: z.array(z.object({ path: z.string(), from: z.string(), to: z.string() })),
  changed_values: z.int(),
  unchanged_fields: z.int(),
  equivalent: z.boolean(),
});
