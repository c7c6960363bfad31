import { anyJson, z } from '@dus/core';

// Kept terse: every member is described, but tools/list is what an agent pays for on each connection
// (issue #29). Sizes are minified UTF-8 bytes; percentages half-up to 2 decimals.

const int = (description: string) => z.int().meta({ description });
const num = (description: string) => z.number().meta({ description });
const bool = (description: string) => z.boolean().meta({ description });
const str = (description: string) => z.string().meta({ description });
const pointer = (description: string) => str(`${description} (pointer; * = any item)`);

const compression = z
  .object({
    gzip_level: z.literal(6).meta({ description: 'gzip level' }),
    brotli_quality: z.literal(5).meta({ description: 'brotli quality' }),
  })
  .meta({ id: 'CompressionSettings', description: 'zlib settings used' });

const fieldPath = z.object({ path: pointer('Path') }).meta({ id: 'FieldPath', description: 'A path' });

export const analyzeOutput = z.object({
  bytes: int('Minified'),
  pretty_bytes: int('2-space indented'),
  gzip_bytes: int('Gzipped'),
  brotli_bytes: int('Brotli'),
  compression,
  formats: z
    .object({ json: int('= bytes'), cbor: int('CBOR'), msgpack: int('MessagePack') })
    .meta({ description: 'Bytes per format' }),
  short_keys: z
    .object({
      distinct_keys: int('Names'),
      bytes: int('After renaming'),
      saving_bytes: int('Saved'),
      saving_percent: num('Saved, %'),
    })
    .meta({ description: 'If names were a, b, … by use' }),
  field_count: int('Members'),
  unique_keys: int('Distinct names'),
  max_depth: int('Depth'),
  type_distribution: z
    .object({
      object: int('Objects'),
      array: int('Arrays'),
      string: int('Strings'),
      number: int('Non-integers'),
      integer: int('Integers'),
      boolean: int('Booleans'),
      null: int('Nulls'),
    })
    .meta({ description: 'Values by type' }),
  nulls: int('null values'),
  empty_strings: int('"" values'),
  empty_arrays: int('[] values'),
  empty_objects: int('{} values'),
  largest_fields: z
    .array(z.object({ path: pointer('Field'), bytes: int('Value bytes'), share_percent: num('% of bytes') }))
    .meta({ description: 'Top 10' }),
  key_bytes: int('Names, quoted'),
  value_bytes: int('bytes − key_bytes'),
  repeated_keys: z
    .array(z.object({ key: str('Name'), occurrences: int('Item objects') }))
    .meta({ description: 'Names in ≥ 2 array items' }),
  long_strings: z
    .array(z.object({ path: pointer('String'), bytes: int('UTF-8') }))
    .meta({ description: 'Over 1024 bytes' }),
  numbers_as_strings: z.array(fieldPath).meta({ description: 'Like "1e5"' }),
  bloat_score: int('0–100'),
  signals: z.array(z.string()).meta({ description: 'Findings' }),
});

export const pruneOutput = z.object({
  suggestions: z
    .array(
      z.object({
        path: pointer('Field'),
        category: z.enum(['debug', 'temp', 'internal', 'null', 'deprecated']).meta({ description: 'Kind' }),
        confidence: int('0–100'),
        reason: str('Rule'),
        bytes_saved: int('If only it goes'),
        occurrences: int('Objects'),
      }),
    )
    .meta({ description: 'By bytes_saved' }),
  pruned_payload: z.unknown().meta(anyJson('Without them')),
  total_bytes_saved: int('Saved'),
  percent_saved: num('Saved, %'),
  threshold: int('Used'),
});

const money = (description: string) => num(`${description}, USD`);

const tier = z
  .object({
    from_gb: num('From'),
    to_gb: z.number().nullable().meta({ description: 'To; null = open' }),
    price_per_gb: num('USD/GB'),
    gb: num('GB in band'),
    cost: money('Cost'),
  })
  .meta({ id: 'PriceTier', description: 'Band' });

const costFields = {
  bytes_per_request: int('Bytes'),
  monthly_gb: num('GB a month'),
  price_per_gb: num('Average USD/GB'),
  monthly_cost: money('A month'),
  yearly_cost: money('A year'),
  tiers: z.array(tier).meta({ description: 'Bands used' }),
};

const egressCost = z.object(costFields).meta({ id: 'EgressCost', description: 'Cost of one size' });

const priceFields = {
  provider: str('Provider'),
  region: str('Region'),
  region_group: str('Price group'),
  prices_as_of: str('Price date'),
};

export const bandwidthOutput = z.object({
  ...costFields,
  ...priceFields,
  gb_definition: z.literal('1 GB = 10^9 bytes').meta({ description: 'GB' }),
  compression: compression.optional(),
  compressed: z
    .object({ gzip: egressCost, brotli: egressCost })
    .optional()
    .meta({ description: 'With payload' }),
});

const delta = (of: string) => ({
  original_bytes: int(`Original ${of}`),
  delta_bytes: int('Saved'),
});

export const compareOutput = z.object({
  original_bytes: int('Original'),
  optimized_bytes: int('Optimized'),
  delta_bytes: int('Saved'),
  delta_percent: num('Saved, %'),
  gzip: z
    .object({
      ...delta('gzipped'),
      optimized_bytes: int('Optimized gzipped'),
      delta_percent: num('Saved, %'),
    })
    .meta({ description: 'Gzipped' }),
  compression,
  removed_fields: z.array(fieldPath).meta({ description: 'Only in original' }),
  added_fields: z.array(fieldPath).meta({ description: 'Only in optimized' }),
  changed_types: z
    .array(z.object({ path: pointer('Value'), from: str('Type before'), to: str('Type after') }))
    .meta({ description: 'Type changes' }),
  changed_values: int('Scalars changed'),
  unchanged_fields: int('Scalars equal'),
  equivalent: bool('Equal'),
});

const maskSizes = (how: string) =>
  z.object({ ...delta(how), masked_bytes: int(`Masked ${how}`) }).meta({ description: how });

export const maskOutput = z.object({
  masked: z.unknown().meta(anyJson('Result')),
  original_bytes: int('Original'),
  masked_bytes: int('Masked'),
  delta_bytes: int('Saved'),
  delta_percent: num('Saved, %'),
  gzip: maskSizes('gzipped'),
  brotli: maskSizes('brotli'),
  compression,
  egress: z
    .object({
      original: egressCost,
      masked: egressCost,
      monthly_savings: money('A month'),
      yearly_savings: money('A year'),
      ...priceFields,
    })
    .optional()
    .meta({ description: 'With traffic' }),
});

export const budgetOutput = z.object({
  budgets: z
    .array(
      z.object({
        path: str('As given'),
        max_bytes: int('Budget'),
        matches: int('Matches'),
        bytes: int('Largest'),
        total_bytes: int('Sum'),
        worst_path: z.string().nullable().meta({ description: 'First largest' }),
        pass: bool('All ≤ max'),
      }),
    )
    .meta({ description: 'Per budget' }),
  bytes: int('Payload'),
  total: z
    .object({ max_bytes: int('Limit'), bytes: int('Payload'), pass: bool('Within') })
    .nullable()
    .meta({ description: 'total_max_bytes check' }),
  failed: int('Failures'),
  pass: bool('All pass'),
});
