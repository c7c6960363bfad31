import { expect } from 'vitest';
import { ProblemError } from '../../src/errors.js';

/** The ProblemError that `fn` throws; fails the test if it returns or throws anything else. */
export function problemOf(fn: () => unknown): ProblemError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected a ProblemError, but nothing was thrown');
}

export interface ExpectedProblem {
  status: number;
  code: string;
  pointer: string;
  offset?: number;
  line?: number;
  column?: number;
}

/** Asserts status, code and every location member given in `expected` (exactly). */
export function expectProblem(fn: () => unknown, expected: ExpectedProblem): ProblemError {
  const problem = problemOf(fn);
  const ext = problem.extensions ?? {};
  const actual: Record<string, unknown> = {
    status: problem.status,
    code: problem.code,
    pointer: ext.pointer,
  };
  for (const key of ['offset', 'line', 'column'] as const) if (key in expected) actual[key] = ext[key];
  expect(actual).toEqual(expected);
  return problem;
}

/**
 * Structural equality of two JSON values, ignoring prototypes and member order, distinguishing
 * -0 from 0. Iterative, like the code under test.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  const stack: Array<[unknown, unknown]> = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (typeof x !== 'object' || x === null || typeof y !== 'object' || y === null) {
      if (!Object.is(x, y)) return false;
      continue;
    }
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], y[i]]);
      continue;
    }
    const xo = x as Record<string, unknown>;
    const yo = y as Record<string, unknown>;
    const keys = Object.keys(xo);
    if (keys.length !== Object.keys(yo).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(yo, key)) return false;
      stack.push([xo[key], yo[key]]);
    }
  }
  return true;
}

/** UTF-8 bytes of a hex string such as `5b22ff225d`. */
export function hexBytes(hex: string): Uint8Array {
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

/** Whether any string or member name inside `value` has a lone surrogate. */
export function hasLoneSurrogate(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (!(node as unknown as { isWellFormed(): boolean }).isWellFormed()) return true;
    } else if (Array.isArray(node)) stack.push(...node);
    else if (typeof node === 'object' && node !== null) {
      for (const [key, member] of Object.entries(node)) stack.push(key, member);
    }
  }
  return false;
}
