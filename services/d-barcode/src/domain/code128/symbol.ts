import { type Code128Plan, planCode128 } from './plan.js';
import { CHECKSUM_MODULUS, PATTERNS, STOP_MODULES, STOP_VALUE, SYMBOL_MODULES } from './table.js';

/** A complete Code 128 symbol for some (valid) data. */
export interface Code128Symbol {
  /** Every symbol value in order: start, data/CODE/SHIFT symbols, check, stop. */
  values: number[];
  /** Symbols between the start and the check character (data, CODE x, SHIFT). */
  symbolChars: number;
  /** (start value + Σ position × value) mod 103. */
  checksum: number;
  /** The start set then each latched set. */
  codeSets: string[];
  /** Modules without quiet zones: 11 per symbol character (start and check included) + 13 for the stop. */
  modules: number;
}

/** Mod-103 check value of the start (`values[0]`, weight 1) and the data symbols (weight = position). */
export function code128Checksum(values: readonly number[]): number {
  let sum = values[0]!;
  for (let position = 1; position < values.length; position++) sum += position * values[position]!;
  return sum % CHECKSUM_MODULUS;
}

export function code128Symbol(data: string): Code128Symbol {
  const plan: Code128Plan = planCode128(data);
  const checksum = code128Checksum(plan.values);
  const symbolChars = plan.values.length - 1;
  return {
    values: [...plan.values, checksum, STOP_VALUE],
    symbolChars,
    checksum,
    codeSets: plan.codeSets,
    modules: SYMBOL_MODULES * (symbolChars + 2) + STOP_MODULES,
  };
}

/** Element widths (bar, space, bar, …) of a whole symbol, from its values. */
export function code128Widths(values: readonly number[]): number[] {
  const widths: number[] = [];
  for (const value of values) for (const width of PATTERNS[value]!) widths.push(width.charCodeAt(0) - 48);
  return widths;
}
