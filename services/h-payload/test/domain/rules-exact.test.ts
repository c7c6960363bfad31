// The prune rules as a table of names and values → verdicts, the path bound, and percentages.
import type { ProblemError } from '@dus/core';
import { describe, expect, it } from 'vitest';
import { suggestPrunes } from '../../src/domain/index.js';
import { percent } from '../../src/domain/numbers.js';
import { isDebugOrTempName, memberVerdict, nameVerdict, valueVerdict } from '../../src/domain/prune-rules.js';
import { MAX_PATHS, pathCounter } from '../../src/domain/walk.js';

const DEPRECATED = 'a deprecated field (legacy_/old_ prefix, _deprecated suffix, or _v1 beside a _v2)';

describe('name rules: the first level that matches, its most confident rule', () => {
  it.each([
    ['debug', 'debug', 95, 'a debug field'],
    ['_debug', 'debug', 95, 'a debug field'],
    ['stacktrace', 'debug', 95, 'a debug field'],
    ['tmp', 'temp', 90, 'a temporary field'],
    ['cache', 'temp', 55, 'a cache field'],
    ['_meta', 'internal', 75, 'an internal field'],
    ['__v', 'internal', 40, 'a storage id or version key'],
    ['deprecated', 'deprecated', 85, 'a deprecated field'],
    ['tmp_x', 'temp', 90, 'a temporary field (temp_/tmp_ prefix)'],
    ['tmp_x_deprecated', 'temp', 90, 'a temporary field (temp_/tmp_ prefix)'],
    ['internal_x_deprecated', 'deprecated', 85, DEPRECATED],
    ['legacy_a', 'deprecated', 85, DEPRECATED],
    ['old_a', 'deprecated', 85, DEPRECATED],
    ['a_deprecated', 'deprecated', 85, DEPRECATED],
    ['xdebugx', 'debug', 80, 'a debug field (name contains "debug")'],
    ['_x', 'internal', 75, 'an internal field (leading "_")'],
  ])('%s → %s %d', (name, category, confidence, describe) => {
    expect(nameVerdict(name, new Set())).toEqual({
      category,
      confidence,
      reason: `"${name}" is ${describe}`,
    });
  });

  it('no rule: plain names, and the prefixes only at the start', () => {
    for (const name of ['name', 'x_legacy_', 'x_old_', 'Debug', 'price_v1', 'TMP']) {
      expect(nameVerdict(name, new Set()), name).toBeUndefined();
    }
  });

  it('_v1 is deprecated only beside its _v2', () => {
    expect(nameVerdict('price_v1', new Set(['price_v1', 'price_v2']))).toMatchObject({
      category: 'deprecated',
    });
    expect(nameVerdict('price_v1', new Set(['price_v1', 'cost_v2']))).toBeUndefined();
  });

  it('debug or temp by name alone', () => {
    expect(['debug', 'tmp', 'cache', 'tmp_x', 'xdebugx'].every((n) => isDebugOrTempName(n, new Set()))).toBe(
      true,
    );
    expect(['_meta', 'name', 'legacy_a', '_x'].some((n) => isDebugOrTempName(n, new Set()))).toBe(false);
  });
});

describe('value rules, and which wins', () => {
  it('null 70; "", [] and {} 50; anything else none', () => {
    expect(valueVerdict(null)).toEqual({ category: 'null', confidence: 70, reason: 'the value is null' });
    expect(valueVerdict('')).toEqual({ category: 'null', confidence: 50, reason: 'the value is empty ("")' });
    expect(valueVerdict([])).toEqual({ category: 'null', confidence: 50, reason: 'the value is empty ([])' });
    expect(valueVerdict({})).toEqual({ category: 'null', confidence: 50, reason: 'the value is empty ({})' });
    for (const value of [0, false, ' ', [0], { a: 1 }]) expect(valueVerdict(value)).toBeUndefined();
  });

  it('the value rule wins only when more confident than the name rule', () => {
    expect(memberVerdict('cache', null, new Set())).toMatchObject({ category: 'null', confidence: 70 });
    expect(memberVerdict('debug', null, new Set())).toMatchObject({ category: 'debug', confidence: 95 });
    expect(memberVerdict('__v', '', new Set())).toMatchObject({ category: 'null', confidence: 50 });
    expect(memberVerdict('name', [], new Set())).toMatchObject({ category: 'null', confidence: 50 });
    expect(memberVerdict('name', 1, new Set())).toBeUndefined();
    expect(memberVerdict('tmp', 1, new Set())).toMatchObject({ category: 'temp', confidence: 90 });
  });
});

describe('bounds and percentages', () => {
  it(`at most ${MAX_PATHS} distinct paths; repeats and the root do not count`, () => {
    const count = pathCounter('the document');
    for (let i = 0; i < MAX_PATHS; i++) count(`/k${i}`);
    count('/k0');
    count('');
    let problem: ProblemError | undefined;
    try {
      count('/one-more');
    } catch (error) {
      problem = error as ProblemError;
    }
    expect(problem?.toProblem()).toMatchObject({
      status: 422,
      code: 'too_many_paths',
      detail:
        'the document has more than 100,000 distinct member paths (array indexes count as one); audit a representative part of it',
      max_paths: 100_000,
    });
  });

  it('percent: half-up to 2 decimals, 0 of nothing', () => {
    expect([percent(1, 0), percent(1, 3), percent(2, 3), percent(1, 8), percent(0, 5)]).toEqual([
      0, 33.33, 66.67, 12.5, 0,
    ]);
  });
});

describe('suggestions', () => {
  it('equal savings are listed by path; the pruned payload keeps the rest', () => {
    const payload = { zz: null, keep: 1, aa: null, m: { yy: null, xx: null } };
    const nullAt = (path: string) => ({
      path,
      category: 'null',
      confidence: 70,
      reason: 'the value is null',
      bytes_saved: 10,
      occurrences: 1,
    });
    expect(suggestPrunes(payload)).toStrictEqual({
      suggestions: ['/aa', '/m/xx', '/m/yy', '/zz'].map(nullAt),
      pruned_payload: { keep: 1, m: {} },
      // 56 bytes → 17.
      total_bytes_saved: 39,
      percent_saved: 69.64,
      threshold: 60,
    });
    expect(JSON.stringify(payload).length).toBe(56);
  });

  it('a _v1 member beside its _v2 is deprecated, in every object', () => {
    const result = suggestPrunes({ price_v1: 1, price_v2: 2, items: [{ size_v1: 1, size_v2: 2 }] });
    expect(result.suggestions.map((s) => [s.path, s.category])).toEqual([
      ['/price_v1', 'deprecated'],
      ['/items/*/size_v1', 'deprecated'],
    ]);
  });
});
