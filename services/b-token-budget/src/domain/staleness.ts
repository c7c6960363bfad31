import { utcDay } from './dates.js';
import { type Active, activeCatalog, catalogAsOf } from './models.js';

export const STALE_AFTER_DAYS = 180;
const DAY_MS = 86_400_000;

/** `catalog_as_of` and `warnings` of every cost answer: stale when today (UTC) is > 180 days after it. */
export function catalogStatus(today: Date, asOf: string = catalogAsOf()) {
  const days = Math.floor((today.getTime() - Date.parse(`${asOf}T00:00:00Z`)) / DAY_MS);
  return {
    catalog_as_of: asOf,
    warnings:
      days > STALE_AFTER_DAYS
        ? [
            {
              code: 'stale_catalog' as const,
              message: `the catalog's prices are dated ${asOf}, ${days} days ago (more than ${STALE_AFTER_DAYS}): check them against the providers' price pages`,
            },
          ]
        : [],
  };
}

/** When a cost operation prices: the day asked (`at`), else today (UTC); and the catalog it prices with. */
export interface Dating {
  /** `priced_on` from `at`; absent: today. */
  pricedOn?: string | undefined;
  today?: Date | undefined;
  /** The catalog (default: the one in use). */
  catalog?: Active | undefined;
}

/** The day, the catalog and the answer's closing members `priced_on`, `catalog_as_of` and `warnings`. */
export function dated({ pricedOn, today, catalog }: Dating) {
  const now = today ?? new Date();
  const day = pricedOn ?? utcDay(now);
  const cat = catalog ?? activeCatalog();
  return { day, catalog: cat, status: { priced_on: day, ...catalogStatus(now, cat.asOf) } };
}
