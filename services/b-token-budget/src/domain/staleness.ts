import { catalogAsOf } from './models.js';

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
