// budget-check: byte budgets for the parts of a payload that RFC 6901 pointers (with `*` for every item
// of an array) select. A valid request always answers; `pass` says whether every budget holds.

import { escapePointerToken } from '@dus/core';
import { minified } from './sizes.js';

/** A pointer outside RFC 6901: the schema reports it as 400 at `/budgets/i/path`. */
export class PointerSyntaxError extends Error {}

/** The reference tokens of an RFC 6901 pointer (`""` → none), `~1` → `/` and `~0` → `~`. */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (pointer[0] !== '/') throw new PointerSyntaxError('must be "" or start with "/"');
  if (/~(?![01])/.test(pointer))
    throw new PointerSyntaxError('"~" must be followed by 0 or 1 (~0 is ~, ~1 is /)');
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const INDEX = /^(?:0|[1-9]\d*)$/;

interface Match {
  value: unknown;
  pointer: string;
}

/**
 * What a pointer selects: on an array `*` is every item and a decimal token that index; on an object
 * every token is a member name (own members). Matches in document order, with concrete pointers.
 */
export function matchPointer(payload: unknown, tokens: readonly string[]): Match[] {
  let level: Match[] = [{ value: payload, pointer: '' }];
  for (const token of tokens) {
    const next: Match[] = [];
    for (const { value, pointer } of level) {
      if (Array.isArray(value)) {
        if (token === '*')
          for (let i = 0; i < value.length; i++) next.push({ value: value[i], pointer: `${pointer}/${i}` });
        else if (INDEX.test(token) && Number(token) < value.length)
          next.push({ value: value[Number(token)], pointer: `${pointer}/${token}` });
      } else if (typeof value === 'object' && value !== null && Object.hasOwn(value, token)) {
        next.push({
          value: (value as Record<string, unknown>)[token],
          pointer: `${pointer}/${escapePointerToken(token)}`,
        });
      }
    }
    level = next;
  }
  return level;
}

export interface Budget {
  path: string;
  max_bytes: number;
}

/** Checks each budget (and the whole payload against `totalMax`): sizes are minified UTF-8 bytes. */
export function checkBudgets(payload: unknown, budgets: readonly Budget[], totalMax?: number) {
  // A value matched by several budgets is measured once.
  const sizes = new Map<unknown, number>();
  const measure = (value: unknown) => {
    const size = minified(value).bytes;
    // Stryker disable next-line all: a memo (of containers only: scalars are cheap to measure again); it changes no result
    if (typeof value === 'object' && value !== null) sizes.set(value, size);
    return size;
  };
  const sizeOf = (value: unknown) => sizes.get(value) ?? measure(value);
  const results = budgets.map(({ path, max_bytes }) => {
    let largest = 0;
    let total = 0;
    let worst: string | null = null;
    const matches = matchPointer(payload, pointerTokens(path));
    for (const match of matches) {
      const size = sizeOf(match.value);
      total += size;
      if (worst === null || size > largest) {
        largest = size;
        worst = match.pointer;
      }
    }
    return {
      path,
      max_bytes,
      matches: matches.length,
      bytes: largest,
      total_bytes: total,
      worst_path: worst,
      pass: largest <= max_bytes,
    };
  });
  const bytes = minified(payload).bytes;
  const total = totalMax === undefined ? null : { max_bytes: totalMax, bytes, pass: bytes <= totalMax };
  const failed = results.filter((r) => !r.pass).length + (total?.pass === false ? 1 : 0);
  return { budgets: results, bytes, total, failed, pass: failed === 0 };
}
