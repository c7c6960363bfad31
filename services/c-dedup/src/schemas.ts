import {
  anyJson,
  epochInstant,
  ProblemError,
  parseIsoInstant,
  parseJsonPointer,
  withinDecimalBounds,
  z,
} from '@dus/core';
import {
  type AnalysisOptions,
  type ApiCall,
  DEFAULT_HEADER_ALLOWLIST,
  DEFAULT_IGNORE_PARAMS,
  Dec,
  PRESET_NAMES,
  type Pricing,
  parseHttpUrl,
} from './domain/index.js';

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Timestamps: RFC 3339 (`T`, `Z` or an offset) or epoch ms, in the years 1000–9999 (docs/conventions.md §3). */
const instantOf = (value: string | number) =>
  typeof value === 'string'
    ? parseIsoInstant(value, { zoneRequired: true })
    : Number.isSafeInteger(value)
      ? epochInstant(value, 'ms')
      : ({ ok: false, message: 'epoch milliseconds must be a whole number' } as const);

/** Headers per call: far above any real request (Node's own server takes 2,000 at most). */
const MAX_HEADERS = 1000;

const requestSchema = z
  .strictObject({
    id: z.string().max(200).optional().meta({
      description: 'your id (default: index)',
    }),
    method: z
      .string()
      .regex(TOKEN, 'must be an HTTP method token such as GET')
      .max(32)
      .meta({ description: 'HTTP method' }),
    url: z.string().max(8192).meta({ description: 'absolute http(s) URL' }),
    headers: z
      .record(z.string().regex(TOKEN, 'must be a header name token'), z.string({ error: 'must be a string' }))
      .refine((headers) => Object.keys(headers).length <= MAX_HEADERS, {
        message: `has more than ${MAX_HEADERS} headers`,
        params: { code: 'too_many_headers' },
      })
      .optional()
      .meta({ description: 'name → value; Idempotency-Key read' }),
    body: z.unknown().meta(anyJson('body, any JSON (a JSON string is parsed; "" = none)')).optional(),
    timestamp: z
      .union([z.string(), z.number()], {
        error: 'must be ISO 8601 with Z or an offset, or epoch milliseconds',
      })
      .optional()
      .meta({ description: 'ISO 8601 with offset, or epoch ms' }),
    status: z.int().min(100).max(599).optional().meta({ description: 'status it got' }),
    latency_ms: z.number().min(0).optional().meta({ description: 'response ms' }),
    client: z.string().max(200).optional().meta({ description: 'caller' }),
  })
  .meta({ id: 'ApiRequest', description: 'an API call' });

type RawRequest = z.output<typeof requestSchema>;

function toCall(
  raw: RawRequest,
  index: number,
  ctx: z.RefinementCtx,
  input: Record<string, unknown>,
): ApiCall | undefined {
  const fail = (field: string, code: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: ['requests', index, field], message, params: { code } });
  const url = parseHttpUrl(raw.url);
  if (typeof url === 'string') fail('url', 'invalid_url', url);
  let time: number | undefined;
  if (raw.timestamp !== undefined) {
    const instant = instantOf(raw.timestamp);
    if (instant.ok) time = instant.ms;
    else fail('timestamp', 'invalid_timestamp', instant.message);
  }
  if (typeof url === 'string' || (raw.timestamp !== undefined && time === undefined)) return undefined;
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(raw.headers ?? {})) {
    const key = name.toLowerCase();
    const before = headers.get(key);
    headers.set(key, before === undefined ? value : `${before}, ${value}`);
  }
  return {
    index,
    id: raw.id,
    method: raw.method.toUpperCase(),
    url,
    headers,
    body: raw.body,
    time,
    status: raw.status,
    latency: raw.latency_ms,
    client: raw.client,
    raw: input,
  };
}

const requests = z
  .array(requestSchema)
  .min(1, 'must hold at least one request')
  .max(100_000, 'must hold at most 100,000 requests')
  .meta({ description: 'the API calls' });

const nonNegativeInt = (description: string, fallback: number) =>
  z
    .int({ error: 'must be a whole number ≥ 0' })
    .min(0, 'must be a whole number ≥ 0')
    .default(fallback)
    .meta({ description });
const names = (description: string) =>
  z.array(z.string().min(1).max(200)).max(1000).optional().meta({ description });

/** An RFC 6901 JSON Pointer (core's parser decides; its message names what is wrong). */
const pointer = z
  .string()
  .max(512)
  .superRefine((text, ctx) => {
    try {
      parseJsonPointer(text);
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      ctx.addIssue({
        code: 'custom',
        message: error.errors?.[0]?.message ?? 'must be an RFC 6901 JSON Pointer',
        params: { code: 'invalid_pointer' },
      });
    }
  });
const pointers = (description: string) => z.array(pointer).max(64).optional().meta({ description });

const dedupOptions = {
  fingerprint: z
    .strictObject({
      include: pointers('only these'),
      exclude: pointers('not these'),
    })
    .meta({ id: 'Fingerprint', description: 'JSON Pointers into bodies to hash' })
    .optional(),
  window_ms: nonNegativeInt('ms within which a repeat is a duplicate', 5000),
  ignore_params: names(`query params ignored, * ends a prefix (default ${DEFAULT_IGNORE_PARAMS.join(', ')})`),
  header_allowlist: names(`headers compared (default ${DEFAULT_HEADER_ALLOWLIST.join(', ')})`),
};
const unsafeOption = {
  include_unsafe: z.boolean().default(false).meta({
    description: 'also drop retries of, and batch, non-idempotent methods',
  }),
};
const batchOptions = {
  max_batch_size: z
    .int({ error: 'must be a whole number from 1 to 1000' })
    .min(1)
    .max(1000)
    .default(10)
    .meta({ description: 'most requests in a batch' }),
  max_wait_ms: nonNegativeInt('most ms from a batch start to a member', 10),
};

/** request_deduplicator's Idempotency-Key options (draft-ietf-httpapi-idempotency-key-header-06 §2.6). */
const keyOptions = {
  in_flight_ms: z
    .int({ error: 'must be a whole number from 0 to 86400000' })
    .min(0)
    .max(86_400_000)
    .default(0)
    .meta({ description: 'keyed repeat within this many ms of the first: concurrent' }),
  require_idempotency_key: z
    .boolean()
    .default(false)
    .meta({ description: 'unkeyed non-idempotent calls are missing_key' }),
};

type Options = Partial<{
  fingerprint: { include?: string[]; exclude?: string[] };
  window_ms: number;
  in_flight_ms: number;
  require_idempotency_key: boolean;
  ignore_params: string[];
  header_allowlist: string[];
  include_unsafe: boolean;
  max_batch_size: number;
  max_wait_ms: number;
}>;

function analysisOptions(o: Options): AnalysisOptions {
  return {
    windowMs: o.window_ms ?? 5000,
    ignoreParams: o.ignore_params ?? DEFAULT_IGNORE_PARAMS,
    headerAllowlist: o.header_allowlist ?? DEFAULT_HEADER_ALLOWLIST,
    includeUnsafe: o.include_unsafe ?? false,
    maxBatchSize: o.max_batch_size ?? 10,
    maxWaitMs: o.max_wait_ms ?? 10,
    fingerprint: o.fingerprint,
    inFlightMs: o.in_flight_ms ?? 0,
    requireIdempotencyKey: o.require_idempotency_key ?? false,
  };
}

/** A tool's input: the requests read into calls, the options resolved. */
function toolInput<S extends z.ZodRawShape>(shape: S, meta: Record<string, unknown> = {}) {
  return z
    .strictObject({ requests, ...shape })
    .meta(meta)
    .transform((input, ctx) => {
      const raws = (input as unknown as { requests: RawRequest[] }).requests;
      const calls: ApiCall[] = [];
      raws.forEach((raw, i) => {
        const call = toCall(raw, i, ctx, raw as Record<string, unknown>);
        if (call) calls.push(call);
      });
      return { calls, options: analysisOptions(input as Options), input };
    });
}

export const dedupInput = toolInput({ ...dedupOptions, ...unsafeOption, ...keyOptions });
export const batchInput = toolInput({ ...unsafeOption, ...batchOptions });
export const usageInput = toolInput({ ...dedupOptions, ...unsafeOption });

const price = (description: string, example: number) =>
  withinDecimalBounds(z.number({ error: 'must be a number ≥ 0' }).min(0, 'must be ≥ 0'))
    .optional()
    .meta({ description, examples: [example] });

/**
 * Pricing as JSON Schema states it (the refinement below enforces it, naming the members): exactly one
 * of price_per_call, price_per_million or an aws-* preset (which has its own prices). llm-batch goes
 * with a price; alone it is the 422 `missing_price`.
 */
const AWS_PRESETS = PRESET_NAMES.filter((name) => name.startsWith('aws-'));
const PRICING_RULE = {
  oneOf: [
    { required: ['price_per_call'] },
    { required: ['price_per_million'] },
    {
      required: ['preset'],
      properties: { preset: { description: 'aws-*', enum: AWS_PRESETS } },
    },
  ],
};

export const costInput = toolInput(
  {
    ...dedupOptions,
    ...unsafeOption,
    ...batchOptions,
    price_per_call: price('price per call', 0.0001),
    price_per_million: price('price per million calls', 3.5),
    preset: z.enum(PRESET_NAMES).optional().meta({
      description: 'aws-* (AWS API Gateway prices) or llm-batch (batches pay half)',
    }),
    period_days: withinDecimalBounds(z.number().gt(0, 'must be greater than 0')).optional().meta({
      description: 'days the calls span (default: from timestamps, else 1)',
    }),
  },
  PRICING_RULE,
).transform(({ calls, options, input }, ctx) => {
  const i = input as {
    price_per_call?: number;
    price_per_million?: number;
    preset?: (typeof PRESET_NAMES)[number];
    period_days?: number;
  };
  const fail = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message, params: { code: 'invalid_pricing' } });
  if (i.price_per_call !== undefined && i.price_per_million !== undefined)
    fail('price_per_million', 'give price_per_call or price_per_million, not both');
  const priced = i.price_per_call !== undefined || i.price_per_million !== undefined;
  if (i.preset?.startsWith('aws-') && priced)
    fail(
      i.price_per_call !== undefined ? 'price_per_call' : 'price_per_million',
      `the ${i.preset} preset has its own prices: leave the price out`,
    );
  if (i.preset === undefined && !priced)
    fail('price_per_call', 'give price_per_call, price_per_million or a preset');
  const perCall =
    i.price_per_call !== undefined
      ? new Dec(String(i.price_per_call))
      : i.price_per_million !== undefined
        ? new Dec(String(i.price_per_million)).div(1_000_000)
        : undefined;
  const pricing: Pricing = {
    pricePerCall: perCall,
    preset: i.preset,
    periodDays: i.period_days === undefined ? undefined : new Dec(String(i.period_days)),
  };
  return { calls, options, pricing };
});
