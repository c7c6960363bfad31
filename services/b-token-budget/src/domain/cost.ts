import { Dec, type Decimal, MILLION } from './money.js';
import type { Model, Tier } from './models.js';

export interface Profile {
  input: number;
  output: number;
}

/** The tier a request is billed at: long-context prices for the whole request when input > threshold. */
export function tierOf(model: Model, input: number): Tier {
  return model.longContext && input > model.longContext.threshold ? model.longContext.tier : model.base;
}

/** Exact USD cost of one request: input × in / 10^6 + output × out / 10^6. */
export function requestCost(model: Model, { input, output }: Profile): Decimal {
  const tier = tierOf(model, input);
  return new Dec(input).times(tier.input).plus(new Dec(output).times(tier.output)).div(MILLION);
}

/**
 * Whether the request fits: input ≤ context window and output ≤ max output, or input + output ≤
 * context window when the max output is unknown. Undefined when it fits, else the reason.
 */
export function infeasibility(model: Model, { input, output }: Profile): string | undefined {
  if (input > model.contextWindow) {
    return `input of ${input} tokens exceeds the context window of ${model.contextWindow}`;
  }
  if (model.maxOutput === null) {
    return input + output > model.contextWindow
      ? `input + output of ${input + output} tokens exceeds the context window of ${model.contextWindow}`
      : undefined;
  }
  return output > model.maxOutput
    ? `output of ${output} tokens exceeds the max output of ${model.maxOutput}`
    : undefined;
}
