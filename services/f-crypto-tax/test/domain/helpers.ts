import { calculate, type Method, type Report, summarize } from '../../src/domain/index.js';
import { calculateInput, summaryInput } from '../../src/schemas.js';

export { trade } from '../http/helpers.js';

/** Runs the domain on a request body as a client sends it (read by the same schema as the route). */
export function report(body: Record<string, unknown>, method: Method = 'fifo'): Report {
  const { trades, options } = calculateInput.parse({ method, ...body });
  return calculate(trades, method, options);
}

export function summary(body: Record<string, unknown>) {
  const { trades, options } = summaryInput.parse(body);
  return summarize(trades, options);
}

export const METHODS = ['fifo', 'lifo', 'hifo', 'average'] as const;
