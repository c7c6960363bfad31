// The spec's table of the 2026-11 catalog ("Next II"), verbatim: one row per price set; a row with an
// empty id continues the model above. Tests compare the catalog and its prices with it, independently of
// the derivation from data/b-prices/.
import { Decimal } from 'decimal.js';

export const SPEC_TABLE = `
| gpt-5.6 | openai/gpt-5.6-sol | 2026-07-09 | 5 / 30 | 0.5 | 6.25 / – | 2.5/15 | > 271,999: 10/45/1/12.5/– | 1,050,000 / 128,000 |
|  |  | 2026-08-21 | 4 / 20 | 0.4 | 5 / – | 2/10 | > 271,999: 8/30/0.8/10/– |  |
| gpt-5.6-terra | openai/gpt-5.6-terra | 2026-07-09 | 2.5 / 15 | 0.25 | 3.125 / – | 1.25/7.5 | > 271,999: 5/22.5/0.5/6.25/– | 1,050,000 / 128,000 |
|  |  | 2026-07-30 | 2 / 12 | 0.2 | 2.5 / – | 1/6 | > 271,999: 4/18/0.4/5/– |  |
| gpt-5.6-luna | openai/gpt-5.6-luna | 2026-07-09 | 1 / 6 | 0.1 | 1.25 / – | 0.5/3 | > 271,999: 2/9/0.2/2.5/– | 1,050,000 / 128,000 |
|  |  | 2026-07-30 | 0.2 / 1.2 | 0.02 | 0.25 / – | 0.1/0.6 | > 271,999: 0.4/1.8/0.04/0.5/– |  |
| gpt-5.5 | openai/gpt-5.5 | 2026-04-23 | 5 / 30 | 0.5 | – / – | 2.5/15 | > 271,999: 10/45/1/–/– | 1,050,000 / 128,000 |
| gpt-5.4-mini | openai/gpt-5.4-mini | 2026-03-17 | 0.75 / 4.5 | 0.075 | – / – | 0.375/2.25 | – | 1,050,000 / 128,000 |
| gpt-5.4-nano | openai/gpt-5.4-nano | 2026-03-17 | 0.2 / 1.25 | 0.02 | – / – | 0.1/0.625 | – | 1,050,000 / 128,000 |
| claude-fable-5 | anthropic/claude-fable-5 | 2026-06-09 | 10 / 50 | 1 | 12.5 / 20 | – | – | 1,000,000 / 128,000 |
| claude-opus-5 | anthropic/claude-opus-5 | 2026-07-24 | 5 / 25 | 0.5 | 6.25 / 10 | – | – | 1,000,000 / 128,000 |
| claude-sonnet-5 | anthropic/claude-sonnet-5 | 2026-06-30 | 2 / 10 | 0.2 | 2.5 / 4 | – | – | 1,000,000 / 128,000 |
| claude-haiku-4-5 | anthropic/claude-haiku-4-5 | 2025-10-15 | 1 / 5 | 0.1 | 1.25 / 2 | – | – | 200,000 / 64,000 |
| claude-opus-4-6 | anthropic/claude-opus-4-6 | 2026-02-05 | 5 / 25 | 0.5 | 6.25 / 10 | – | > 200,000: 10/37.5/1/12.5/20 | 1,000,000 / 128,000 |
|  |  | 2026-03-13 | 5 / 25 | 0.5 | 6.25 / 10 | – | – |  |
| claude-sonnet-4-6 | anthropic/claude-sonnet-4-6 | 2026-02-17 | 3 / 15 | 0.3 | 3.75 / 6 | – | > 200,000: 6/22.5/0.6/7.5/12 | 1,000,000 / 64,000 |
|  |  | 2026-03-13 | 3 / 15 | 0.3 | 3.75 / 6 | – | – |  |
| gemini-3.1-pro-preview | google/gemini-3.1-pro-preview | 2026-02-19 | 2 / 12 | 0.2 | – / – | 1/6 | > 200,000: 4/18/0.4/–/– | 1,048,576 / 65,536 |
| gemini-3.6-flash | google/gemini-3.6-flash | 2026-07-22 | 0.75 / 3.75 | 0.075 | – / – | 0.375/1.875 | – | 1,048,576 / 65,536 |
|  |  | 2027-01-01 | 1.5 / 7.5 | 0.15 | – / – | 0.75/3.75 | – |  |
| gemini-3.1-flash-lite | google/gemini-3.1-flash-lite | 2026-05-07 | 0.25 / 1.5 | 0.025 | – / – | 0.125/0.75 | – | 1,048,576 / 65,536 |
| grok-4.6 | x-ai/grok-4.6 | 2026-08-12 | 2 / 6 | 0.5 | – / – | – | > 199,999: 4/12/1/–/– | 500,000 / 500,000 |
| grok-4.5 | x-ai/grok-4.5 | 2026-06-29 | 2 / 6 | 0.3 | – / – | – | > 199,999: 4/12/0.6/–/– | 500,000 / 500,000 |
| grok-4.3 | x-ai/grok-4.3 | 2026-04-17 | 1.25 / 2.5 | 0.2 | – / – | – | > 199,999: 2.5/5/0.4/–/– | 1,000,000 / 1,000,000 |
| deepseek-v4-pro | deepseek/deepseek-v4-pro | 2026-04-24 | 0.435 / 0.87 | 0.003625 | – / – | – | – | 1,000,000 / 8,192 |
|  |  | 2026-08-17 | 1.32 / 3.96 | 0.044 | – / – | – | – |  |
| deepseek-v4-flash | deepseek/deepseek-v4-flash | 2026-04-24 | 0.14 / 0.28 | 0.0028 | – / – | – | – | 1,000,000 / 8,192 |
|  |  | 2026-08-17 | 0.44 / 1.32 | 0.014 | – / – | – | – |  |
| mistral-medium-3.5 | mistral/mistral-medium-3-5 | 2026-04-29 | 1.5 / 7.5 | 0.15 | – / – | – | – | 262,144 / 262,144 |
| mistral-large-3 | mistral/mistral-large-2512 | 2025-12-02 | 0.5 / 1.5 | 0.05 | – / – | – | – | 262,144 / 262,144 |
| llama-4-maverick | groq/meta-llama/llama-4-maverick-17b-128e-instruct | 2025-04-05 | 0.2 / 0.6 | – | – / – | – | – | 131,072 / 8,192 |
| llama-4-scout | groq/meta-llama/llama-4-scout-17b-16e-instruct | 2025-04-05 | 0.11 / 0.34 | – | – / – | – | – | 131,072 / 8,192 |
`;

const num = (text: string) => (text === '–' ? null : Number(text.replaceAll(',', '')));
const pair = (text: string) => text.split('/').map((part) => num(part.trim()));

export interface SpecSet {
  from: string;
  until: string | null;
  input: number;
  output: number;
  cached: number | null;
  write: number | null;
  write1h: number | null;
  batch: [number, number] | null;
  tier: {
    threshold: number;
    input: number;
    output: number;
    cached: number | null;
    write: number | null;
    write1h: number | null;
  } | null;
}

export interface SpecModel {
  id: string;
  key: string;
  maxInput: number;
  maxOutput: number;
  sets: SpecSet[];
}

/** The table's models in order, each with its sets (`until` = the next set's `from`). */
export const SPEC_MODELS: SpecModel[] = (() => {
  const models: SpecModel[] = [];
  for (const line of SPEC_TABLE.trim().split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const [id, key, from, io, cached, writes, batch, tier, limits] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (id !== '') {
      const [maxInput, maxOutput] = pair(limits) as [number, number];
      models.push({ id, key, maxInput, maxOutput, sets: [] });
    }
    const model = models.at(-1)!;
    const [input, output] = pair(io) as [number, number];
    const [write, write1h] = pair(writes);
    const tierMatch = /^> ([\d,]+): (.*)$/.exec(tier);
    const tierPrices = tierMatch ? pair(tierMatch[2]!) : [];
    const previous = model.sets.at(-1);
    if (previous) previous.until = from;
    model.sets.push({
      from,
      until: null,
      input,
      output,
      cached: num(cached),
      write: write ?? null,
      write1h: write1h ?? null,
      batch: batch === '–' ? null : (pair(batch) as [number, number]),
      tier: tierMatch
        ? {
            threshold: num(tierMatch[1]!)!,
            input: tierPrices[0]!,
            output: tierPrices[1]!,
            cached: tierPrices[2] ?? null,
            write: tierPrices[3] ?? null,
            write1h: tierPrices[4] ?? null,
          }
        : null,
    });
  }
  return models;
})();

/** The UTC day before or after a day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Cost of `input` + `output` tokens (nothing cached or written) under a spec set, computed with decimal.js. */
export function specCost(set: SpecSet, input: number, output: number): number {
  const above = set.tier !== null && input > set.tier.threshold;
  const [inPrice, outPrice] = above ? [set.tier!.input, set.tier!.output] : [set.input, set.output];
  return new Decimal(input)
    .times(inPrice)
    .plus(new Decimal(output).times(outPrice))
    .div(1_000_000)
    .toDecimalPlaces(6, Decimal.ROUND_HALF_UP)
    .toNumber();
}
