import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { post } from './helpers.js';

const ROUTES = [
  '/v1/canonicalize',
  '/v1/digest',
  '/v1/idempotency-key',
  '/v1/verify-digest',
  '/v1/compare',
  '/v1/keyed-digest',
] as const;

const body = fc.oneof(
  fc.json({ depthSize: 'medium' }),
  fc
    .record({
      value: fc.jsonValue(),
      text: fc.option(fc.string(), { nil: undefined }),
      algorithm: fc.option(fc.constantFrom('sha-256', 'sha-384', 'sha-512', 'md5', ''), { nil: undefined }),
      fields: fc.option(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.string().map((s) => `/${s}`),
          ),
          { maxLength: 70 },
        ),
        { nil: undefined },
      ),
      prefix: fc.option(fc.string({ maxLength: 70 }), { nil: undefined }),
      length: fc.option(fc.oneof(fc.integer({ min: -5, max: 60 }), fc.double()), { nil: undefined }),
    })
    .map((value) => JSON.stringify(value)),
  fc.string(),
);

describe('no input within the limits yields a 5xx', () => {
  it.each(ROUTES)('%s answers 2xx or a precise 4xx problem', async (route) => {
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const res = await post(route, text);
        expect(res.status, res.text).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
          expect(typeof res.json.code).toBe('string');
          expect(typeof res.json.detail).toBe('string');
        }
      }),
      { numRuns: 300 },
    );
  });
});
