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
