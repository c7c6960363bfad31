import type { Decimal } from './decimal.js';
import type { Form1099DaRow } from './form1099da.js';

export const METHOD_IDS = ['fifo', 'lifo', 'hifo', 'average'] as const;
export type Method = (typeof METHOD_IDS)[number];

export type Pooling = 'universal' | 'per_wallet';
/** Pooling in force: `universal_then_per_wallet` is the US switch of 1 January 2025 (Rev. Proc. 2024-28). */
export type PoolingMode = Pooling | 'universal_then_per_wallet';
export type InsufficientHoldings = 'error' | 'zero_basis';

export const INCOME_KINDS = ['staking', 'mining', 'airdrop', 'interest', 'reward', 'salary'] as const;
export type IncomeKind = (typeof INCOME_KINDS)[number];
export const TRADE_TYPES = ['buy', 'sell', 'transfer', 'income'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];
export type FeeTreatment = 'disposal' | 'add_to_basis';

/** What only a transfer carries: where the units go and what becomes of the fee units. */
export interface TransferLeg {
  toWallet: string;
  /** Base currency per fee unit, for `disposal`. */
  feePrice: Decimal | undefined;
  feeTreatment: FeeTreatment;
}

/**
 * One trade, validated and normalised (aliases resolved, codes upper-case, numbers exact). A transfer's
 * `wallet` is its `from_wallet` and its `fee` is in units of the asset; an income's `gross` is its value.
 */
export interface Trade {
  /** `trade_id` in the report: the trade's `id`, else its index (JSON) or line (CSV). */
  id: string;
  type: TradeType;
  asset: string;
  amount: Decimal;
  /** Value of the whole trade in `quote` before fees: amount × price, or an exchange's own total. */
  gross: Decimal;
  quote: string;
  fxRate: Decimal | undefined;
  fee: Decimal;
  feeAsset: string;
  feeFxRate: Decimal | undefined;
  /** Epoch milliseconds. */
  instant: number;
  wallet: string | null;
  transfer?: TransferLeg | undefined;
  incomeKind?: IncomeKind | undefined;
}

export interface Options {
  baseCurrency: string;
  /** Base units per unit of a currency or asset, keyed by upper-case code. */
  fxRates: ReadonlyMap<string, Decimal>;
  year: number | undefined;
  /** As asked; the rule in force comes from `settle`. */
  pooling: Pooling | undefined;
  insufficientHoldings: InsufficientHoldings;
  /** ISO 3166-1 alpha-2, upper-case. */
  jurisdiction: string | undefined;
  /** US only: the method of the disposals of a calendar year. */
  methodByYear: ReadonlyMap<number, Method>;
  /** Calculate and csv: the broker's Form 1099-DA rows to reconcile with. */
  form1099da?: readonly Form1099DaRow[] | undefined;
}

export interface PoolingRule {
  pooling: PoolingMode;
  source: 'request' | 'rev_proc_2024_28' | 'hmrc' | 'default';
  reason: string;
}

/** What a request is computed by, once checked against its jurisdiction. */
export interface Rules {
  method: Method;
  poolingRule: PoolingRule;
  jurisdiction: string | null;
}

export interface Warning {
  code: string;
  message: string;
  trade_id?: string;
  asset?: string;
  shortfall?: string;
}

/** A trade in processing order with its values in the base currency. */
export interface Entry {
  trade: Trade;
  /** Lot cost (buy: value + fee; income: value) or proceeds (sell: value − fee), exact, in the base currency; 0 for a transfer. */
  amountInBase: Decimal;
  /** The trade's fee in the base currency, exact (0 for a transfer: its fee is in units). */
  feeInBase: Decimal;
  /** UTC day number of the trade. */
  day: number;
}

/** One disposal row: one sale matched to one lot (or to nothing, for a zero-basis row). */
export interface DisposalRow {
  tradeId: string;
  asset: string;
  wallet: string | null;
  amount: Decimal;
  acquiredDay: number;
  soldDay: number;
  proceeds: Decimal;
  costBasis: Decimal;
  /** The lot consumed; undefined for a zero-basis row. */
  lotTradeId: string | undefined;
  /** The sale's place in processing order (its entry): the rows of one sale share it. */
  sale: number;
  /** The lot (or part of it) was moved by a transfer. */
  transferredIn: boolean;
}

export interface Holding {
  asset: string;
  wallet: string | null;
  amount: Decimal;
  cost: Decimal;
  lots: number;
  /** The open lots in acquisition order (made on demand: a gains report only counts them). */
  open: () => Array<{ tradeId: string; day: number; amount: Decimal; cost: Decimal }>;
}
