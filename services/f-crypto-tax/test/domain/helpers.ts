import { ProblemError } from '@dus/core';
import {
  calculate,
  type Method,
  type MethodsSummary,
  type Report,
  summarize,
} from '../../src/domain/index.js';
import { calculateInput, summaryInput } from '../../src/schemas.js';

export { trade } from '../http/helpers.js';

/** Runs the domain on a request body as a client sends it (read by the same schema as the route). */
export function report(body: Record<string, unknown>, method: Method = 'fifo'): Report {
  const { trades, options } = calculateInput.parse({ method, ...body });
  // Lot-based reports (a GB report has its own shape: see uk-service.test.ts).
  return calculate(trades, method, options) as Report;
}

/** The domain on a calculate body, with the method (or none) as the body gives it. */
export function calc(body: Record<string, unknown>): Report {
  const { trades, method, options } = calculateInput.parse(body);
  return calculate(trades, method, options) as Report;
}

export function summary(body: Record<string, unknown>): MethodsSummary {
  const { trades, options } = summaryInput.parse(body);
  return summarize(trades, options) as MethodsSummary;
}

export const METHODS = ['fifo', 'lifo', 'hifo', 'average'] as const;

/** The problem a domain call throws, as its JSON (with the status); fails when it throws none. */
export function problemOf(run: () => unknown): Record<string, unknown> {
  try {
    run();
  } catch (error) {
    if (error instanceof ProblemError) return { status: error.status, ...error.toProblem() };
    throw error;
  }
  throw new Error('expected a problem');
}
