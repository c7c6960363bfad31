import { ProblemError } from '@dus/core';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { type Active, activeCatalog, catalogIds, checkKnown } from './models.js';

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
 * The longest piece exact counting accepts, in characters (code points). o200k_base's pre-tokenizer splits
 * a text into pieces (runs of letters, of whitespace, of symbols — a symbol may take any run of `\r`, `\n`
 * and `/` with it — and digits in groups of three) and byte-pair encoding costs the square of a piece's
 * length: 1,000 characters take under a millisecond, 100,000 take seconds.
 */
export const MAX_RUN = 1000;

/** The pieces o200k_base encodes one by one: its own pre-tokenizer pattern (gpt-tokenizer's). */
const PIECES = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'gu');

/**
 * A 422 naming `/text` when the pre-tokenizer would hand byte-pair encoding a piece longer than MAX_RUN
 * characters. The same pattern the tokenizer uses, so no piece can escape the bound.
 */
export function checkRuns(text: string): void {
  // The pieces cover the text end to end (every character starts one), so each ends where the next
  // starts: `test` walks them without allocating a match per piece.
  PIECES.lastIndex = 0;
  let start = 0;
  while (PIECES.test(text)) {
    const end = PIECES.lastIndex;
    // UTF-16 length ≥ code points: count them only for a piece that may be too long.
    if (end - start > MAX_RUN && characters(text.slice(start, end)) > MAX_RUN) {
      PIECES.lastIndex = 0;
      const at = characters(text.slice(0, start));
      const detail = `text has a piece of more than ${MAX_RUN} characters that o200k_base's pre-tokenizer does not split (from character ${at}: a run of letters, whitespace or symbols); exact counting is quadratic in such a piece: break it up, or count it with models that are not OpenAI's`;
      throw new ProblemError({
        status: 422,
        code: 'text_run_too_long',
        detail,
        errors: [{ path: '/text', code: 'text_run_too_long', message: detail }],
        extensions: { max_run: MAX_RUN },
      });
    }
    start = end;
  }
}

/**
 * o200k_base tokens of a text. gpt-tokenizer's merge cache keys are slices of the text, which keep the whole
 * text alive: it is emptied after every count, so that nothing of a request outlives it (a cache shared
 * between requests grew the process by the size of each text with a new word).
 */
function countExactly(
  countTokens: (text: string, options: { disallowedSpecial: Set<string> }) => number,
  clearMergeCache: () => void,
  text: string,
): number {
  try {
    return countTokens(text, { disallowedSpecial: new Set() });
  } finally {
    clearMergeCache();
  }
}

export interface EstimateInput {
  text: string;
  models?: readonly string[] | undefined;
  /** The catalog (default: the one in use). */
  catalog?: Active | undefined;
}

/**
 * Tokens of a text per model, in `models` order (default: the catalog): OpenAI models exactly with
 * o200k_base (special-token strings count as plain text), the others approximately by a stated rule.
 */
export async function estimateTokens({ text, models: asked, catalog = activeCatalog() }: EstimateInput) {
  const ids = asked ?? catalogIds(catalog);
  checkKnown(ids, [], catalog);
  const { countTokens, clearMergeCache } = await o200k();

  let exact: number | undefined;
  let approximate: number | undefined;
  return {
    models: ids.map((id) => {
      if (catalog.byId.get(id)!.provider === 'openai') {
        if (exact === undefined) checkRuns(text);
        exact ??= countExactly(countTokens, clearMergeCache, text);
        return { id, tokens: exact, method: 'exact' as const };
      }
      approximate ??= Math.ceil(characters(text) / 4);
      return {
        id,
        tokens: approximate,
        method: 'approximate' as const,
        rule: APPROXIMATE_RULE,
        error: APPROXIMATE_ERROR,
      };
    }),
  };
}
