import { yearOf } from './dates.js';
import { cents, money } from './decimal.js';
import type { Entry } from './types.js';

/** Ordinary income (never a capital gain): each income's value in cents, summed overall and by kind. */
export function incomeOf(
  entries: readonly Entry[],
  year: number | undefined,
  yearOfEntry: (entry: Entry) => number = (entry) => yearOf(entry.day),
) {
  let total = 0n;
  const byKind = new Map<string, bigint>();
  for (const entry of entries) {
    const { trade, amountInBase } = entry;
    if (trade.type !== 'income' || (year !== undefined && yearOfEntry(entry) !== year)) continue;
    const value = cents(amountInBase);
    total += value;
    byKind.set(trade.incomeKind!, (byKind.get(trade.incomeKind!) ?? 0n) + value);
  }
  return {
    total: money(total),
    by_kind: Object.fromEntries(
      // Stryker disable next-line EqualityOperator: distinct keys, so < and <= (and > and >=) sort alike
      [...byKind].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, money(v)]),
    ),
  };
}
