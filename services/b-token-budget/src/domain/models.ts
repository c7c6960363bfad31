import { echoedList, unprocessable } from '@dus/core';
import { AS_OF, CAPABILITIES, FIT_SOURCE, ROWS, type UseCase } from './catalog.js';
import { Dec, type Decimal } from './money.js';

export interface Tier {
  input: Decimal;
  output: Decimal;
}

export interface Model {
  id: string;
  base: Tier;
  longContext: { threshold: number; tier: Tier } | undefined;
  contextWindow: number;
  maxOutput: number | null;
  fit: Record<UseCase, number>;
  /** The `/models` entry, exactly as listed. */
  entry: ReturnType<typeof entryOf>;
}

function entryOf(row: (typeof ROWS)[number]) {
  const [input, output, cached] = row.prices;
  return {
    id: row.id,
    provider: row.provider,
    hosted_by: row.groq ? 'groq' : null,
    name: row.name,
    input_per_mtok: Number(input),
    output_per_mtok: Number(output),
    cached_input_per_mtok: cached === null ? null : Number(cached),
    context_window: row.context,
    max_output_tokens: row.maxOutput,
    capabilities: (Object.keys(CAPABILITIES) as Array<keyof typeof CAPABILITIES>)
      .filter((letter) => row.caps.includes(letter))
      .map((letter) => CAPABILITIES[letter]),
    long_context: row.longContext
      ? {
          threshold_tokens: row.longContext[0],
          input_per_mtok: Number(row.longContext[1]),
          output_per_mtok: Number(row.longContext[2]),
        }
      : null,
    fit: { code: row.fit[0], reasoning: row.fit[1], content: row.fit[2], default: row.fit[3] },
    source: row.source,
    verified: !row.unverified,
    as_of: AS_OF,
  };
}

export const MODELS: readonly Model[] = ROWS.map((row) => {
  const entry = entryOf(row);
  return {
    id: row.id,
    base: { input: new Dec(row.prices[0]), output: new Dec(row.prices[1]) },
    longContext: row.longContext
      ? {
          threshold: row.longContext[0],
          tier: { input: new Dec(row.longContext[1]), output: new Dec(row.longContext[2]) },
        }
      : undefined,
    contextWindow: row.context,
    maxOutput: row.maxOutput,
    fit: entry.fit,
    entry,
  };
});

export const MODEL_IDS = MODELS.map((model) => model.id);
const BY_ID = new Map(MODELS.map((model) => [model.id, model]));

export function catalog() {
  return {
    models: MODELS.map((model) => model.entry),
    count: MODELS.length,
    as_of: AS_OF,
    fit_source: FIT_SOURCE,
  };
}

/** The models named (already trimmed and de-duplicated), or all 19; unknown ids → 422 `unknown_model`. */
export function resolveModels(ids: readonly string[] | undefined): Model[] {
  if (ids === undefined) return [...MODELS];
  const unknown = ids.filter((id) => !BY_ID.has(id));
  if (unknown.length > 0) {
    const echoed = echoedList(unknown);
    throw unprocessable(
      'unknown_model',
      `unknown model id${unknown.length > 1 ? 's' : ''}: ${echoed.text}; GET /models lists the ${MODEL_IDS.length} valid ids`,
      {
        unknown: echoed.items,
        ...(echoed.total > echoed.items.length ? { unknown_total: echoed.total } : {}),
        valid: MODEL_IDS,
      },
    );
  }
  return ids.map((id) => BY_ID.get(id)!);
}

/** Code-point order of ids: the tie-break of every sort. */
export function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
