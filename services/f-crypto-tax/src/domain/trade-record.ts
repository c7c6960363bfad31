import { ZERO } from './decimal.js';
import { codeField, decimalField, instantField, type Report } from './fields.js';
import {
  type FeeTreatment,
  INCOME_KINDS,
  type IncomeKind,
  TRADE_TYPES,
  type Trade,
  type TradeType,
  type TransferLeg,
} from './types.js';

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

/** Fields each type may carry beyond type, asset, amount, date and id (a buy's and a sale's are all the others). */
const ONLY_FOR: Record<string, readonly TradeType[]> = {
  price: ['buy', 'sell', 'income'],
  fee: ['buy', 'sell', 'transfer'],
  fee_asset: ['buy', 'sell'],
  quote: ['buy', 'sell', 'income'],
  fx_rate: ['buy', 'sell', 'income'],
  fee_fx_rate: ['buy', 'sell'],
  wallet: ['buy', 'sell', 'income'],
  from_wallet: ['transfer'],
  to_wallet: ['transfer'],
  fee_price: ['transfer'],
  fee_treatment: ['transfer'],
  income_kind: ['income'],
};

/** A wallet name: a non-empty string of at most 200 characters. */
function walletField(value: unknown, field: string, report: Report): string | undefined {
  if (typeof value === 'string' && value.length > 0 && value.length <= 200) return value;
  report(field, 'invalid_wallet', 'must be a wallet name (1 to 200 characters)');
  return undefined;
}

/** What only a transfer carries; `fee_treatment` defaults to `disposal` when `fee_price` is given. */
function transferLeg(record: Record<string, unknown>, fail: Report): TransferLeg | undefined {
  const from = isSet(record.from_wallet)
    ? walletField(record.from_wallet, 'from_wallet', fail)
    : fail('from_wallet', 'required', 'is required for a transfer');
  const to = isSet(record.to_wallet)
    ? walletField(record.to_wallet, 'to_wallet', fail)
    : fail('to_wallet', 'required', 'is required for a transfer');
  if (to !== undefined && to === from) fail('to_wallet', 'same_wallet', 'must differ from from_wallet');
  const feePrice = isSet(record.fee_price)
    ? decimalField(record.fee_price, 'fee_price', 'non_negative', fail)
    : undefined;
  let feeTreatment: FeeTreatment = isSet(record.fee_price) ? 'disposal' : 'add_to_basis';
  if (isSet(record.fee_treatment)) {
    const text = String(record.fee_treatment).trim().toLowerCase();
    if (text === 'disposal' || text === 'add_to_basis') feeTreatment = text;
    else fail('fee_treatment', 'invalid_enum', 'must be "disposal" or "add_to_basis"');
  }
  if (feeTreatment === 'disposal' && !isSet(record.fee_price)) {
    fail(
      'fee_price',
      'required',
      'is required with fee_treatment "disposal": the base-currency value of one fee unit',
    );
  }
  return to === undefined ? undefined : { toWallet: to, feePrice, feeTreatment };
}

function incomeKind(record: Record<string, unknown>, fail: Report): IncomeKind | undefined {
  const kind = isSet(record.income_kind) ? String(record.income_kind).trim().toLowerCase() : undefined;
  if (kind !== undefined && (INCOME_KINDS as readonly string[]).includes(kind)) return kind as IncomeKind;
  fail(
    'income_kind',
    kind === undefined ? 'required' : 'invalid_enum',
    `${kind === undefined ? 'is required for income: ' : 'must be '}one of ${INCOME_KINDS.join(', ')}`,
  );
  return undefined;
}

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
  let kind: TradeType | undefined;
  if (type !== undefined) {
    const text = typeof type[1] === 'string' ? type[1].trim().toLowerCase() : undefined;
    if ((TRADE_TYPES as readonly string[]).includes(text!)) kind = text as TradeType;
    else fail(type[0], 'invalid_enum', 'must be "buy", "sell", "transfer" or "income"');
  }
  const assetField = pick(record, 'asset', fail);
  const asset = assetField && codeField(assetField[1], assetField[0], fail);
  const amountField = pick(record, 'amount', fail);
  const amount = amountField && decimalField(amountField[1], amountField[0], 'positive', fail);
  const usesPrice = kind !== 'transfer';
  const priceField = usesPrice ? pick(record, 'price', fail) : undefined;
  const price = priceField && decimalField(priceField[1], priceField[0], 'non_negative', fail);
  const instant =
    record.date === undefined
      ? fail('date', 'required', 'is required')
      : instantField(record.date, 'date', fail);
  if (kind !== undefined) {
    for (const [field, types] of Object.entries(ONLY_FOR)) {
      const sent = field === 'price' ? (ALIASES.price in record ? ALIASES.price : field) : field;
      if (!types.includes(kind) && isSet(record[sent])) fail(sent, 'not_allowed', `is not used by a ${kind}`);
    }
  }
  const fee = isSet(record.fee) ? decimalField(record.fee, 'fee', 'non_negative', fail) : ZERO;
  const quote = isSet(record.quote) ? codeField(record.quote, 'quote', fail) : baseCurrency;
  const feeAsset =
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: a transfer's fee is counted in units and never valued, so its feeAsset is only a truthful label
    kind === 'transfer'
      ? asset
      : isSet(record.fee_asset)
        ? codeField(record.fee_asset, 'fee_asset', fail)
        : quote;
  const fxRate = isSet(record.fx_rate)
    ? decimalField(record.fx_rate, 'fx_rate', 'positive', fail)
    : undefined;
  const feeFxRate = isSet(record.fee_fx_rate)
    ? decimalField(record.fee_fx_rate, 'fee_fx_rate', 'positive', fail)
    : undefined;
  const transfer = kind === 'transfer' ? transferLeg(record, fail) : undefined;
  const income = kind === 'income' ? incomeKind(record, fail) : undefined;
  const wallet =
    kind === 'transfer'
      ? (record.from_wallet as string)
      : isSet(record.wallet)
        ? String(record.wallet)
        : null;
  if (!ok) return undefined;
  return {
    id: isSet(record.id) ? String(record.id) : id,
    type: kind!,
    asset: asset!,
    amount: amount!,
    gross: usesPrice ? amount!.times(price!) : ZERO,
    quote: quote!,
    fxRate,
    fee: fee!,
    feeAsset: feeAsset!,
    feeFxRate,
    instant: instant!,
    wallet,
    ...(transfer === undefined ? {} : { transfer }),
    ...(income === undefined ? {} : { incomeKind: income }),
  };
}
