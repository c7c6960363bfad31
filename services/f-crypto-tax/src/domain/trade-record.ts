import { ZERO } from './decimal.js';
import { codeField, decimalField, instantField, type Report } from './fields.js';
import type { Trade } from './types.js';

/** Names the older API used, accepted beside the current ones; errors name the field as sent. */
export const ALIASES = {
  asset: 'currency',
  price: 'price_per_unit',
  type: 'side',
  amount: 'quantity',
} as const;

type Canonical = keyof typeof ALIASES;

/** The value of a field sent under its name or its alias (not both), with the name used. */
function pick(
  record: Record<string, unknown>,
  field: Canonical,
  report: Report,
): [string, unknown] | undefined {
  const alias = ALIASES[field];
  const hasField = record[field] !== undefined;
  const hasAlias = record[alias] !== undefined;
  if (hasField && hasAlias) {
    report(alias, 'duplicate_field', `is an alias of ${field}: send one of them`);
    return undefined;
  }
  if (!hasField && !hasAlias) {
    report(field, 'required', `is required (or its older name ${alias})`);
    return undefined;
  }
  return hasField ? [field, record[field]] : [alias, record[alias]];
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * One trade from a record of fields (a JSON object or a named CSV row). Every problem is reported
 * by field; the trade comes back only when there were none. `quote` defaults to the base currency.
 */
export function readTrade(
  record: Record<string, unknown>,
  id: string,
  baseCurrency: string,
  report: Report,
): Trade | undefined {
  let ok = true;
  const fail: Report = (field, code, message) => {
    ok = false;
    report(field, code, message);
  };
  const type = pick(record, 'type', fail);
  let side: 'buy' | 'sell' | undefined;
  if (type !== undefined) {
    const text = typeof type[1] === 'string' ? type[1].trim().toLowerCase() : undefined;
    if (text === 'buy' || text === 'sell') side = text;
    else fail(type[0], 'invalid_enum', 'must be "buy" or "sell"');
  }
  const assetField = pick(record, 'asset', fail);
  const asset = assetField && codeField(assetField[1], assetField[0], fail);
  const amountField = pick(record, 'amount', fail);
  const amount = amountField && decimalField(amountField[1], amountField[0], 'positive', fail);
  const priceField = pick(record, 'price', fail);
  const price = priceField && decimalField(priceField[1], priceField[0], 'non_negative', fail);
  const instant =
    record.date === undefined
      ? fail('date', 'required', 'is required')
      : instantField(record.date, 'date', fail);
  const fee = isSet(record.fee) ? decimalField(record.fee, 'fee', 'non_negative', fail) : ZERO;
  const quote = isSet(record.quote) ? codeField(record.quote, 'quote', fail) : baseCurrency;
  const feeAsset = isSet(record.fee_asset) ? codeField(record.fee_asset, 'fee_asset', fail) : quote;
  const fxRate = isSet(record.fx_rate)
    ? decimalField(record.fx_rate, 'fx_rate', 'positive', fail)
    : undefined;
  const feeFxRate = isSet(record.fee_fx_rate)
    ? decimalField(record.fee_fx_rate, 'fee_fx_rate', 'positive', fail)
    : undefined;
  const wallet = isSet(record.wallet) ? String(record.wallet) : null;
  if (!ok) return undefined;
  return {
    id: isSet(record.id) ? String(record.id) : id,
    type: side!,
    asset: asset!,
    amount: amount!,
    gross: amount!.times(price!),
    quote: quote!,
    fxRate,
    fee: fee!,
    feeAsset: feeAsset!,
    feeFxRate,
    instant: instant!,
    wallet,
  };
}
