import { anyJson, exactlyOneOf, refinement, z } from '@dus/core';
import {
  DEFAULT_THRESHOLD,
  type Fields,
  MaskSyntaxError,
  PROVIDERS,
  PointerSyntaxError,
  parseFields,
  pointerTokens,
  REGION_HELP,
  type RegionGroup,
  regionGroup,
} from './domain/index.js';

/** Any JSON value, `null` included; its presence is checked by `required`. */
/** Any JSON value (the document itself, not a string of it); no example: tools/list stays lean. */
const jsonDocument = (description: string) => z.unknown().meta(anyJson(`${description} (any JSON value)`));

/** Members that must be present although any JSON value (null too) is allowed. */
function required(...names: string[]) {
  return refinement<Record<string, unknown>>((input, ctx) => {
    for (const name of names) {
      if (input[name] === undefined)
        ctx.addIssue({
          path: [name],
          message: 'is required (any JSON value, null included)',
          params: { code: 'required' },
        });
    }
  });
}

const count = (description: string) =>
  z
    .int({ error: 'must be a whole number ≥ 0' })
    .min(0, 'must be a whole number ≥ 0')
    .optional()
    .meta({ description });

const region = z
  .string({ error: `must be ${REGION_HELP}` })
  .meta({ description: 'us, eu, ap, sa, af, me or a code like us-east-1', examples: ['us-east-1'] });
const provider = z.enum(PROVIDERS).default('aws').meta({ description: 'aws (default), gcp or azure' });

/** The price group of a region, or an issue at `<at>/region`. */
function checkRegion(name: string, ctx: z.RefinementCtx, at: string[]): RegionGroup {
  const group = regionGroup(name);
  if (group === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: [...at, 'region'],
      message: `"${name.slice(0, 40)}" is not a known region: give ${REGION_HELP}`,
      params: { code: 'unknown_region' },
    });
  }
  return group as RegionGroup;
}

export const analyzeInput = z
  .strictObject({ payload: jsonDocument('Payload') })
  .meta({ required: ['payload'] })
  .check(required('payload'));

export const pruneInput = z
  .strictObject({
    payload: jsonDocument('Payload'),
    threshold: z
      .int({ error: 'must be a whole number from 0 to 100' })
      .min(0, 'must be a whole number from 0 to 100')
      .max(100, 'must be a whole number from 0 to 100')
      .default(DEFAULT_THRESHOLD)
      .meta({
        description: '0–100: suggest when confidence ≥ 100 − threshold',
      }),
  })
  .meta({ required: ['payload'] })
  .check(required('payload'));

export const bandwidthInput = z
  .strictObject({
    payload_bytes: count('Bytes per response'),
    payload: z.unknown().optional().meta(anyJson('Or a response, measured')),
    requests_per_month: count('Responses a month'),
    requests_per_day: count('Or a day (× 30)'),
    region,
    provider,
    compression: z.enum(['none', 'gzip', 'brotli']).optional().meta({
      description: 'none, gzip or brotli; with payload',
    }),
  })
  .meta({
    // Enforced below (`exactly_one`, `compression_needs_payload`), stated here for clients.
    allOf: [
      exactlyOneOf(['payload_bytes'], ['payload']),
      exactlyOneOf(['requests_per_month'], ['requests_per_day']),
    ],
    dependentRequired: { compression: ['payload'] },
  })
  .transform((input, ctx) => {
    const pair = (a: 'payload_bytes' | 'requests_per_month', b: 'payload' | 'requests_per_day') => {
      const hasA = input[a] !== undefined;
      const hasB = input[b] !== undefined;
      if (hasA === hasB) {
        ctx.addIssue({
          code: 'custom',
          path: [hasA ? b : a],
          message: `give exactly one of ${a} and ${b}`,
          params: { code: 'exactly_one' },
        });
      }
    };
    pair('payload_bytes', 'payload');
    pair('requests_per_month', 'requests_per_day');
    if (input.compression !== undefined && input.payload === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['compression'],
        message: 'applies only with payload (payload_bytes is already a size)',
        params: { code: 'compression_needs_payload' },
      });
    }
    return { ...input, group: checkRegion(input.region, ctx, []) };
  });

export const compareInput = z
  .strictObject({
    original: jsonDocument('Before'),
    optimized: jsonDocument('After'),
  })
  .meta({ required: ['original', 'optimized'] })
  .check(required('original', 'optimized'));

const traffic = z
  .strictObject({
    requests_per_month: count('Responses a month'),
    requests_per_day: count('Or a day (× 30)'),
    region,
    provider,
    compression: z
      .enum(['none', 'gzip', 'brotli'])
      .default('none')
      .meta({ description: 'none, gzip or brotli' }),
  })
  .meta({
    description: 'Prices both sizes',
    allOf: [exactlyOneOf(['requests_per_month'], ['requests_per_day'])],
  });

export const maskInput = z
  .strictObject({
    payload: jsonDocument('Payload'),
    fields: z
      .string()
      .min(1, 'must be 1 to 4096 characters')
      .max(4096, 'must be 1 to 4096 characters')
      .meta({
        description: 'json-mask terms keep, !a/b terms drop',
        examples: ['id,items(sku,price),!items/_tmp'],
      }),
    traffic: traffic.optional(),
  })
  .meta({ required: ['payload', 'fields'] })
  .check(required('payload'))
  .transform((input, ctx) => {
    let fields: Fields = { mask: null, exclusions: [] };
    try {
      fields = parseFields(input.fields);
    } catch (error) {
      if (!(error instanceof MaskSyntaxError)) throw error;
      ctx.addIssue({
        code: 'custom',
        path: ['fields'],
        message: `${error.message}: outside the json-mask grammar (see the README, "Grammar")`,
        params: { code: 'mask_syntax' },
      });
    }
    const t = input.traffic;
    if (t === undefined) return { ...input, parsed: fields, trafficGroup: undefined };
    if ((t.requests_per_month === undefined) === (t.requests_per_day === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['traffic', t.requests_per_month === undefined ? 'requests_per_month' : 'requests_per_day'],
        message: 'give exactly one of requests_per_month and requests_per_day',
        params: { code: 'exactly_one' },
      });
    }
    return { ...input, parsed: fields, trafficGroup: checkRegion(t.region, ctx, ['traffic']) };
  });

const byteLimit = (description: string) =>
  z.int({ error: 'must be a whole number ≥ 0' }).min(0, 'must be a whole number ≥ 0').meta({ description });

export const budgetInput = z
  .strictObject({
    payload: jsonDocument('Payload'),
    budgets: z
      .array(
        z.strictObject({
          path: z.string().meta({ description: 'Pointer; * = every item', examples: ['/items/*/blob'] }),
          max_bytes: byteLimit('Per match'),
        }),
      )
      .min(1, 'give 1 to 100 budgets')
      .max(100, 'give 1 to 100 budgets')
      .meta({ description: '1–100' }),
    total_max_bytes: byteLimit('Whole payload').optional(),
  })
  .meta({ required: ['payload', 'budgets'] })
  .check(required('payload'))
  .check(
    refinement<{ budgets: Array<{ path: string }> }>((input, ctx) => {
      input.budgets.forEach(({ path }, i) => {
        try {
          pointerTokens(path);
        } catch (error) {
          if (!(error instanceof PointerSyntaxError)) throw error;
          ctx.addIssue({
            path: ['budgets', i, 'path'],
            message: `is not a JSON Pointer: ${error.message}`,
            params: { code: 'invalid_pointer' },
          });
        }
      });
    }),
  );
