import { ProblemError } from '@dus/core';
import { catalog, resolveModels } from './models.js';

// The o200k_base ranks take ~0.8 s and ~70 MB to load: loaded on the first estimate, not at start-up.
let encoder: Promise<typeof import('gpt-tokenizer/encoding/o200k_base')> | undefined;
const o200k = () => {
  encoder ??= import('gpt-tokenizer/encoding/o200k_base');
  return encoder;
};

export const APPROXIMATE_RULE = 'ceil(characters / 4)';
export const APPROXIMATE_ERROR =
  '±30% on English prose (about 4 characters per token, the rule of thumb OpenAI and Google state); code and non-Latin scripts take more tokens per character';

/** Unicode code points of a text (a surrogate pair is one character). */
export function characters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * The longest run of letters, of whitespace or of other symbols that exact counting accepts. o200k_base
 * splits text into such runs (digits in groups of three) and byte-pair encoding costs the square of a
 * run's length: 1,000 characters take under a millisecond, 100,000 take seconds.
 */
export const MAX_RUN = 1000;

const LETTER = /[\p{L}\p{M}]/u;
const SPACE = /\s/u;
const DIGIT = /\p{N}/u;

/** 1 letter, 2 whitespace, 3 another symbol; 0 a digit (o200k_base never joins more than three). */
function runClass(ch: string): number {
  if (LETTER.test(ch)) return 1;
  if (SPACE.test(ch)) return 2;
  return DIGIT.test(ch) ? 0 : 3;
}

const RUN_NAMES = ['', 'letters', 'whitespace characters', 'symbols'];

/** A 422 naming `/text` when a run is longer than MAX_RUN characters (code points). */
export function checkRuns(text: string): void {
  let kind = 0;
  let length = 0;
  let at = 0;
  let index = 0;
  for (const ch of text) {
    const next = runClass(ch);
    if (next !== kind || next === 0) {
      kind = next;
      length = 0;
      at = index;
    }
    length++;
    index++;
    if (kind !== 0 && length > MAX_RUN) {
      const detail = `text has more than ${MAX_RUN} ${RUN_NAMES[kind]} in a row (from character ${at}); exact o200k_base counting is quadratic in such a run: break it up, or count it with models that are not OpenAI's`;
      throw new ProblemError({
        status: 422,
        code: 'text_run_too_long',
        detail,
        errors: [{ path: '/text', code: 'text_run_too_long', message: detail }],
        extensions: { max_run: MAX_RUN },
      });
    }
  }
}

export interface EstimateInput {
  text: string;
  models?: readonly string[] | undefined;
}

/**
 * Tokens of a text per model, in `models` order (default: the catalog): OpenAI models exactly with
 * o200k_base (special-token strings count as plain text), the others approximately by a stated rule.
 */
export async function estimateTokens({ text, models: ids }: EstimateInput) {
  const models = resolveModels(ids);
  const { countTokens } = await o200k();
  const providers = new Map(catalog().models.map((entry) => [entry.id, entry.provider]));
  let exact: number | undefined;
  let approximate: number | undefined;
  return {
    models: models.map((model) => {
      if (providers.get(model.id) === 'openai') {
        if (exact === undefined) checkRuns(text);
        exact ??= countTokens(text, { disallowedSpecial: new Set() });
        return { id: model.id, tokens: exact, method: 'exact' as const };
      }
      approximate ??= Math.ceil(characters(text) / 4);
      return {
        id: model.id,
        tokens: approximate,
        method: 'approximate' as const,
        rule: APPROXIMATE_RULE,
        error: APPROXIMATE_ERROR,
      };
    }),
  };
}
