import type { Model } from './models.js';
import { Dec, type Decimal, MILLION } from './money.js';

/** One request: tokens in and out; cached and written are parts of the input. */
export interface Usage {
  input: number;
  output: number;
  cached: number;
  written: number;
  ttl: '5m' | '1h';
  batch: boolean;
}

/** A request of `input` in and `output` out tokens, nothing cached, written or batched. */
export const plain = (input: number, output: number): Usage => ({
  input,
  output,
  cached: 0,
  written: 0,
  ttl: '5m',
  batch: false,
});

export interface Priced {
  cost: Decimal;
  /** The fallbacks used, in the spec's order; empty when none. */
  notes: string[];
}

/** Whether the long-context tier applies: input strictly above its threshold. */
const above = (model: Model, input: number) =>
  model.longContext !== undefined && input > model.longContext.threshold;

/** Input and output prices in force (batch when asked and available at that tier), and the note if not. */
export function ioPrices(model: Model, input: number, batch: boolean) {
  const tier = above(model, input) ? model.longContext!.tier : model.base;
  if (!batch) return { input: tier.input, output: tier.output, note: undefined };
  if (model.batch === null) return { input: tier.input, output: tier.output, note: 'no batch pricing' };
  if (tier !== model.base)
    return {
      input: tier.input,
      output: tier.output,
      note: 'no batch pricing above the long-context threshold',
    };
  return { input: model.batch.input, output: model.batch.output, note: undefined };
}

/**
 * Exact USD cost of one request: ((input − cached − written) × in + cached × cached_in + written ×
 * write(ttl) + output × out) / 10^6. Above the threshold the tier's in, out, cached and write prices
 * apply to the whole request (a tier without a 1-hour price: the set's). A part priced by a fallback adds
 * its note.
 */
export function requestCost(model: Model, usage: Usage): Priced {
  const tier = above(model, usage.input) ? model.longContext!.tier : model.base;
  const io = ioPrices(model, usage.input, usage.batch);
  const notes: string[] = [];
  let cached = tier.cached;
  if (cached === null) {
    cached = io.input;
    if (usage.cached > 0) notes.push('no cached-input pricing');
  }
  // A 1-hour write above the threshold: the tier's 1-hour price, else the set's own.
  let write = usage.ttl === '1h' ? (tier.write1h ?? model.base.write1h) : tier.write;
  if (write === null) {
    write = io.input;
    if (usage.written > 0)
      notes.push(usage.ttl === '1h' ? 'no 1h cache-write pricing' : 'no cache-write pricing');
  }
  if (io.note) notes.push(io.note);
  const fresh = usage.input - usage.cached - usage.written;
  const cost = new Dec(fresh)
    .times(io.input)
    .plus(new Dec(usage.cached).times(cached))
    .plus(new Dec(usage.written).times(write))
    .plus(new Dec(usage.output).times(io.output))
    .div(MILLION);
  return { cost, notes };
}

/** Why the request cannot be served (input over max input, or output over max output), else undefined. */
export function infeasibility(model: Model, { input, output }: { input: number; output: number }) {
  if (input > model.maxInput) return `input of ${input} tokens exceeds the max input of ${model.maxInput}`;
  if (output > model.maxOutput)
    return `output of ${output} tokens exceeds the max output of ${model.maxOutput}`;
  return undefined;
}

/** `notes` on an entry when there are any. */
export const notesOf = (notes: readonly string[]) => (notes.length > 0 ? { notes: [...notes] } : {});
