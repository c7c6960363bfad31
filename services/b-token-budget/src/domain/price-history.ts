// A model's price history: sets oldest first, each in force from `from` (inclusive, null: before any date)
// to `until` (exclusive), `until` = the next set's `from` and null on the last — no overlap, no gap.

/** The dates of one set as a CATALOG_FILE gives them (`until` may be left out). */
export interface Dates {
  from: string | null;
  until?: string | null | undefined;
}

/** Where a history is wrong (`[1].from`) and why. */
export interface HistoryProblem {
  place: string;
  message: string;
}

/**
 * The first problem of a history whose dates are real: a null `from` after the first set, `from` ≥ `until`,
 * sets out of order, a set overlapping or leaving a gap before the next, or a last set with an `until`.
 */
export function checkHistory(sets: readonly Dates[]): HistoryProblem | undefined {
  for (const [j, set] of sets.entries()) {
    const at = (field: string) => `[${j}].${field}`;
    if (j > 0 && set.from === null)
      return {
        place: at('from'),
        message: 'only the first set may have a null from (in force before any date)',
      };
    if (set.from !== null && typeof set.until === 'string' && set.from >= set.until)
      return { place: at('until'), message: `must be after from (${set.from})` };
    const previous = sets[j - 1];
    if (previous === undefined) continue;
    if (previous.from !== null && set.from! <= previous.from)
      return {
        place: at('from'),
        message: `must be after the previous set's from (${previous.from}): sets are oldest first`,
      };
    if (previous.until === null || (previous.until !== undefined && previous.until > set.from!))
      return {
        place: `[${j - 1}].until`,
        message: `overlaps the next set, which starts ${set.from}: until must equal the next set's from`,
      };
    if (previous.until !== undefined && previous.until < set.from!)
      return {
        place: `[${j - 1}].until`,
        message: `leaves a gap before the next set, which starts ${set.from}: until must equal the next set's from`,
      };
  }
  const last = sets.length - 1;
  if (typeof sets[last]?.until === 'string')
    return {
      place: `[${last}].until`,
      message: 'must be null on the last set (in force until further notice)',
    };
  return undefined;
}
