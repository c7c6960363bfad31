// The built-in models priced on one day, for the domain tests written against one price set per model.
import { BUILT_IN_ACTIVE, type Model, pricedModel } from '../../src/domain/index.js';

/** The day the domain tests price on (unless a test names another): the old catalog's date. */
export const DAY = '2026-07-24';

/** A built-in model priced on a day (DAY by default). */
export const model = (id: string, day = DAY): Model => pricedModel(id, day, BUILT_IN_ACTIVE)!;

/** Every built-in model priced on DAY, in catalog order. */
export const PRICED: readonly Model[] = BUILT_IN_ACTIVE.entries.flatMap(
  (entry) => pricedModel(entry.id, DAY, BUILT_IN_ACTIVE) ?? [],
);
