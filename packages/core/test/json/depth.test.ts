import { describe, expect, it } from 'vitest';
import { canonicalize, canonicalizeToBytes, type JsonValue, parseStrictJson } from '../../src/json/index.js';
import { expectProblem } from './helpers.js';

const DEPTH = 100_000;
const deepArrays = '['.repeat(DEPTH) + ']'.repeat(DEPTH);

describe('no recursion: 100,000 levels cost heap, never stack', () => {
  it('rejects a 100,000-deep document with 400 validation_failed at the 257th level', () => {
    const problem = expectProblem(() => parseStrictJson(deepArrays), {
      status: 400,
      code: 'validation_failed',
      offset: 256,
      pointer: '/0'.repeat(256),
    });
    expect(problem.errors?.[0]?.code).toBe('too_deep');
  });

  it('parses and canonicalizes 100,000 levels when the limit allows', () => {
    const value = parseStrictJson(deepArrays, { maxDepth: 200_000 });
    expect(canonicalize(value, { maxDepth: 200_000 })).toBe(deepArrays);
    expect(canonicalizeToBytes(value, { maxDepth: 200_000 }).length).toBe(2 * DEPTH);
    expectProblem(() => canonicalize(value), {
      status: 400,
      code: 'validation_failed',
      pointer: '/0'.repeat(256),
    });

    const deepObjects = '{"a":'.repeat(DEPTH) + '"x"' + '}'.repeat(DEPTH);
    const objects = parseStrictJson(new TextEncoder().encode(deepObjects), {
      maxDepth: Number.POSITIVE_INFINITY,
    });
    expect(canonicalize(objects as JsonValue, { maxDepth: Number.POSITIVE_INFINITY })).toBe(deepObjects);
  });

  it('reports errors deep inside without overflowing', () => {
    const broken = '['.repeat(DEPTH) + '}' + ']'.repeat(DEPTH - 1);
    expectProblem(() => parseStrictJson(broken, { maxDepth: 200_000 }), {
      status: 400,
      code: 'invalid_json',
      offset: DEPTH,
      pointer: '/0'.repeat(DEPTH),
    });
  });
});
