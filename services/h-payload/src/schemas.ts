import { z } from '@dus/core';
import { DEFAULT_THRESHOLD, PROVIDERS, REGION_HELP, type RegionGroup, regionGroup } from './domain/index.js';

/** Any JSON value, `null` included; its presence is checked by `required`. */
const anyJson = (description: string) =>
  z.unknown().meta({
    description: `${description} Required; any JSON value, null included.`,
    examples: [{ id: 1, debug: { q: 'x' }, name: null }],
  });

/** Members that must be present although any JSON value (null too) is allowed. */
function required<T extends Record<string, unknown>>(...names: Array<keyof T & string>) {
  return (input: T, ctx: z.RefinementCtx) => {
    for (const name of names) {
      if (input[name] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is required (any JSON value, null included)',
          params: { code: 'required' },
        });
    }
  };
}

const count = (description: string) =>
  z
    .int({ error: 'must be a whole number ≥ 0' })
    .min(0, 'must be a whole number ≥ 0')
    .optional()
    .meta({ description });

export const analyzeInput = z
  .strictObject({ payload: anyJson('The JSON payload to audit.') })
  .superRefine(required('payload'));

export const pruneInput = z
  .strictObject({
    payload: anyJson('The JSON payload to audit.'),
    threshold: z
      .int({ error: 'must be a whole number from 0 to 100' })
      .min(0, 'must be a whole number from 0 to 100')
      .max(100, 'must be a whole number from 0 to 100')
      .default(DEFAULT_THRESHOLD)
      .meta({
        description:
          'A field is suggested when its confidence ≥ 100 − threshold (default 60): higher flags more.',
      }),
  })
  .superRefine(required('payload'));

export const bandwidthInput = z
  .strictObject({
    payload_bytes: count('Bytes per response (or `payload`).'),
    payload: z
      .unknown()
      .optional()
      .meta({ description: 'A payload whose minified (or compressed) size is used (or `payload_bytes`).' }),
    requests_per_month: count('Responses a month (or `requests_per_day`; a month is 30 days).'),
    requests_per_day: count('Responses a day (or `requests_per_month`).'),
    region: z
      .string({ error: `must be ${REGION_HELP}` })
      .meta({ description: `Region: ${REGION_HELP}.`, examples: ['us-east-1'] }),
    provider: z.enum(PROVIDERS).default('aws').meta({ description: 'aws (default), gcp or azure.' }),
    compression: z.enum(['none', 'gzip', 'brotli']).optional().meta({
      description: 'Size of `payload` as sent: none (default), gzip or brotli. Only with `payload`.',
    }),
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
    original: anyJson('The payload before optimisation.'),
    optimized: anyJson('The payload after optimisation.'),
  })
  .superRefine(required('original', 'optimized'));
