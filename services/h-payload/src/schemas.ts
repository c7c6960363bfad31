import { anyJson, exactlyOneOf, refinement, z } from '@dus/core';
import { DEFAULT_THRESHOLD, PROVIDERS, REGION_HELP, type RegionGroup, regionGroup } from './domain/index.js';

/** Any JSON value, `null` included; its presence is checked by `required`. */
const jsonDocument = (description: string, example: unknown = { id: 1, debug: { q: 'x' }, name: null }) =>
  z.unknown().meta(anyJson(`${description} Required; any JSON value, null included.`, example));

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

const count = (description: string, example: number) =>
  z
    .int({ error: 'must be a whole number ≥ 0' })
    .min(0, 'must be a whole number ≥ 0')
    .optional()
    .meta({ description, examples: [example] });

export const analyzeInput = z
  .strictObject({ payload: jsonDocument('The JSON payload to audit.') })
  .meta({ required: ['payload'] })
  .check(required('payload'));

export const pruneInput = z
  .strictObject({
    payload: jsonDocument('The JSON payload to audit.'),
    threshold: z
      .int({ error: 'must be a whole number from 0 to 100' })
      .min(0, 'must be a whole number from 0 to 100')
      .max(100, 'must be a whole number from 0 to 100')
      .default(DEFAULT_THRESHOLD)
      .meta({
        description:
          'Integer 0–100: a field is suggested when its confidence ≥ 100 − threshold (default 60); higher flags more.',
        examples: [60],
      }),
  })
  .meta({ required: ['payload'] })
  .check(required('payload'));

export const bandwidthInput = z
  .strictObject({
    payload_bytes: count('Bytes per response, integer ≥ 0 (or `payload`).', 200_000),
    payload: z
      .unknown()
      .optional()
      .meta(
        anyJson(
          'A payload whose minified (or `compression`) size is used per response (or `payload_bytes`).',
          {
            items: [{ id: 1, name: 'Ada' }],
          },
        ),
      ),
    requests_per_month: count('Responses a month, integer ≥ 0 (or `requests_per_day`).', 10_000_000),
    requests_per_day: count(
      'Responses a day, integer ≥ 0; a month is 30 days (or `requests_per_month`).',
      300_000,
    ),
    region: z
      .string({ error: `must be ${REGION_HELP}` })
      .meta({ description: `Region: ${REGION_HELP}.`, examples: ['us-east-1'] }),
    provider: z
      .enum(PROVIDERS)
      .default('aws')
      .meta({
        description: 'Cloud provider: aws (default), gcp (premium tier) or azure.',
        examples: ['aws'],
      }),
    compression: z
      .enum(['none', 'gzip', 'brotli'])
      .optional()
      .meta({
        description: 'Size of `payload` as sent: none (default), gzip or brotli. Only with `payload`.',
        examples: ['gzip'],
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
    const group = regionGroup(input.region);
    if (group === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['region'],
        message: `"${input.region.slice(0, 40)}" is not a known region: give ${REGION_HELP}`,
        params: { code: 'unknown_region' },
      });
    }
    return { ...input, group: group as RegionGroup };
  });

export const compareInput = z
  .strictObject({
    original: jsonDocument('The payload before optimisation.', { id: 1, debug: { q: 'x' }, name: 'Ada' }),
    optimized: jsonDocument('The payload after optimisation.', { id: 1, name: 'Ada' }),
  })
  .meta({ required: ['original', 'optimized'] })
  .check(required('original', 'optimized'));
