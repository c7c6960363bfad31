import { anyJson, z } from '@dus/core';

// Sizes are UTF-8 bytes of the minified JSON unless stated; percentages are rounded half-up to 2 decimals.

const int = (description: string) => z.int().meta({ description });
const percent = (description: string) => z.number().meta({ description: `${description}, % to 2 decimals` });
const pointer = (description: string) =>
  z.string().meta({
    description: `${description}: JSON Pointer, \`*\` for any array index`,
    examples: ['/items/*/debug'],
  });

const compression = z
  .object({
    gzip_level: z.literal(6).meta({ description: 'node:zlib gzip level' }),
    brotli_quality: z.literal(5).meta({ description: 'node:zlib brotli quality' }),
  })
  .meta({ id: 'CompressionSettings', description: 'The settings every gzip and brotli size is measured at' });

const fieldPath = z
  .object({ path: pointer('Path of the value') })
  .meta({ id: 'FieldPath', description: 'A place in the document, by path' });

export const analyzeOutput = z.object({
  bytes: int('UTF-8 bytes of the minified JSON'),
  pretty_bytes: int('UTF-8 bytes with 2-space indentation'),
  gzip_bytes: int('Bytes of the minified JSON gzipped'),
  brotli_bytes: int('Bytes of the minified JSON brotli-compressed'),
  compression,
  field_count: int('Object members at all depths'),
  unique_keys: int('Distinct member names'),
  max_depth: int('Nesting depth: a scalar root is 0, each enclosing object or array adds 1'),
  type_distribution: z
    .object({
      object: int('Objects'),
      array: int('Arrays'),
      string: int('Strings'),
      number: int('Numbers with a fractional part'),
      integer: int('Numbers without a fractional part'),
      boolean: int('Booleans'),
      null: int('Nulls'),
    })
    .meta({ description: 'Count of values of each JSON type, root included' }),
  nulls: int('null values'),
  empty_strings: int('"" values'),
  empty_arrays: int('[] values'),
  empty_objects: int('{} values'),
  largest_fields: z
    .array(
      z.object({
        path: pointer('The field'),
        bytes: int('Bytes of its serialised value (summed over a `*` path)'),
        share_percent: percent('Share of `bytes`'),
      }),
    )
    .meta({ description: 'Top 10 fields by bytes, ties in document order' }),
  key_bytes: int('Σ bytes of the serialised member names, quotes included ("a" = 3)'),
  value_bytes: int('bytes − key_bytes'),
  repeated_keys: z
    .array(
      z.object({
        key: z.string().meta({ description: 'Member name' }),
        occurrences: int('Array-item objects holding it, ≥ 2'),
      }),
    )
    .meta({ description: 'Names held by several array-item objects, by occurrences descending, then key' }),
  long_strings: z
    .array(z.object({ path: pointer('The string'), bytes: int('Its UTF-8 bytes (summed over a `*` path)') }))
    .meta({ description: 'Strings over 1024 UTF-8 bytes' }),
  numbers_as_strings: z
    .array(fieldPath)
    .meta({ description: 'Strings that match the JSON number grammar exactly, e.g. "1e5"' }),
  bloat_score: int(
    '0–100, round half-up of 40·E + 30·K + 20·D + 10·N (E empty share, K key share, D debug/temp share, N depth/10)',
  ),
  signals: z.array(z.string()).meta({ description: 'Short sentences on what stands out; may be empty' }),
});

export const pruneOutput = z.object({
  suggestions: z
    .array(
      z.object({
        path: pointer('The field to remove'),
        category: z
          .enum(['debug', 'temp', 'internal', 'null', 'deprecated'])
          .meta({ description: 'Kind of field, from its name or value' }),
        confidence: int('0–100; suggested when ≥ 100 − threshold'),
        reason: z.string().meta({ description: 'The rule that matched', examples: ['the value is null'] }),
        bytes_saved: int('bytes(payload) − bytes(payload with only this field removed)'),
        occurrences: int('Objects holding the member'),
      }),
    )
    .meta({ description: 'Fields to remove, by bytes_saved descending, then path' }),
  pruned_payload: z.unknown().meta(anyJson('The payload with every suggestion removed.', { id: 1 })),
  total_bytes_saved: int('bytes(payload) − bytes(pruned_payload)'),
  percent_saved: percent('total_bytes_saved of the payload bytes'),
  threshold: int('The threshold used'),
});

const money = (description: string) => z.number().meta({ description: `${description}, USD to 2 decimals` });

const tier = z
  .object({
    from_gb: z.number().meta({ description: 'Band start, GB a month' }),
    to_gb: z.number().nullable().meta({ description: 'Band end, GB a month; null when open' }),
    price_per_gb: z.number().meta({ description: 'USD per GB in the band (0 for the free band)' }),
    gb: z.number().meta({ description: 'GB of the traffic in the band' }),
    cost: money('gb × price_per_gb'),
  })
  .meta({ id: 'PriceTier', description: 'A price band with traffic' });

const costFields = {
  bytes_per_request: int('Bytes per response'),
  monthly_gb: z.number().meta({ description: 'bytes_per_request × requests a month / 10^9; unrounded' }),
  price_per_gb: z.number().meta({ description: 'monthly_cost / monthly_gb, 4 decimals; 0 without traffic' }),
  monthly_cost: money('Egress cost a month'),
  yearly_cost: money('12 × monthly_cost'),
  tiers: z.array(tier).meta({ description: 'The bands with traffic, in order' }),
};

const egressCost = z
  .object(costFields)
  .meta({ id: 'EgressCost', description: 'Egress cost of one response size' });

export const bandwidthOutput = z.object({
  ...costFields,
  provider: z.string().meta({ description: 'aws, gcp or azure', examples: ['aws'] }),
  region: z.string().meta({ description: 'The region as given', examples: ['us-east-1'] }),
  region_group: z.string().meta({ description: 'Price group: us, eu, ap, sa, af or me', examples: ['us'] }),
  prices_as_of: z.string().meta({ description: 'Date of the list prices, YYYY-MM-DD' }),
  gb_definition: z.literal('1 GB = 10^9 bytes').meta({ description: 'The GB used' }),
  compression: compression.optional(),
  compressed: z
    .object({
      gzip: egressCost,
      brotli: egressCost,
    })
    .optional()
    .meta({ description: 'Only with `payload`: the costs with the payload gzipped and brotli-compressed' }),
});

export const compareOutput = z.object({
  original_bytes: int('Bytes of original'),
  optimized_bytes: int('Bytes of optimized'),
  delta_bytes: int('original_bytes − optimized_bytes; positive = saved'),
  delta_percent: percent('delta_bytes of original_bytes'),
  gzip: z
    .object({
      original_bytes: int('Gzipped bytes of original'),
      optimized_bytes: int('Gzipped bytes of optimized'),
      delta_bytes: int('original_bytes − optimized_bytes'),
      delta_percent: percent('delta_bytes of original_bytes'),
    })
    .meta({ description: 'The same figures gzipped' }),
  compression,
  removed_fields: z.array(fieldPath).meta({ description: 'Fields only in original, topmost only' }),
  added_fields: z.array(fieldPath).meta({ description: 'Fields only in optimized, topmost only' }),
  changed_types: z
    .array(
      z.object({
        path: pointer('The value'),
        from: z.string().meta({ description: 'JSON type in original', examples: ['number'] }),
        to: z.string().meta({ description: 'JSON type in optimized', examples: ['string'] }),
      }),
    )
    .meta({ description: 'Values whose JSON type changed; each distinct entry once' }),
  changed_values: int('Scalar leaves at the same position and type that differ'),
  unchanged_fields: int('Scalar leaves at the same position and type that are equal'),
  equivalent: z.boolean().meta({ description: 'The parsed values are equal up to member order' }),
});
