import { Dec } from './numbers.js';
import { EGRESS, PRICES_AS_OF, type Provider, type RegionGroup } from './egress-prices.js';

export const GB_DEFINITION = '1 GB = 10^9 bytes' as const;
type D = InstanceType<typeof Dec>;

const money = (value: D) => Number(value.toFixed(2, Dec.roundHalfUp));

/** The monthly egress of `bytesPerRequest` × `requests` priced by band. */
export function egressCost(
  bytesPerRequest: number,
  requests: number,
  provider: Provider,
  group: RegionGroup,
) {
  const gb = new Dec(bytesPerRequest).times(requests).div(1e9);
  const prices = EGRESS[provider];
  const bands = [
    ...(prices.freeGb > 0 ? [{ from: 0, upTo: prices.freeGb as number | null, price: new Dec(0) }] : []),
    ...prices.bands[group].map((band, i, all) => ({
      from: i === 0 ? prices.freeGb : (all[i - 1]!.upTo as number),
      upTo: band.upTo,
      price: new Dec(band.price),
    })),
  ];
  const tiers = [];
  let total = new Dec(0);
  for (const band of bands) {
    if (gb.lte(band.from)) break;
    const top = band.upTo === null || gb.lt(band.upTo) ? gb : new Dec(band.upTo);
    const inBand = top.minus(band.from);
    const cost = inBand.times(band.price);
    total = total.plus(cost);
    tiers.push({
      from_gb: band.from,
      to_gb: band.upTo,
      price_per_gb: Number(band.price),
      gb: Number(inBand),
      cost: money(cost),
    });
  }
  const monthly = money(total);
  return {
    bytes_per_request: bytesPerRequest,
    monthly_gb: Number(gb),
    price_per_gb: gb.eq(0) ? 0 : Number(new Dec(monthly).div(gb).toFixed(4, Dec.roundHalfUp)),
    monthly_cost: monthly,
    yearly_cost: money(new Dec(monthly).times(12)),
    tiers,
  };
}

export function priceContext(provider: Provider, region: string, group: RegionGroup) {
  return { provider, region, region_group: group, prices_as_of: PRICES_AS_OF, gb_definition: GB_DEFINITION };
}

/**
 * The egress of a response before and after a change, and what the change saves: the difference of
 * the monthly costs, twelve times a year.
 */
export function egressSavings(
  originalBytes: number,
  changedBytes: number,
  requests: number,
  provider: Provider,
  group: RegionGroup,
) {
  const original = egressCost(originalBytes, requests, provider, group);
  const masked = egressCost(changedBytes, requests, provider, group);
  const monthly = new Dec(original.monthly_cost).minus(masked.monthly_cost);
  return { original, masked, monthly_savings: money(monthly), yearly_savings: money(monthly.times(12)) };
}
