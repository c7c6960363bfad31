import { anyJson, type JsonValue, parseStrictJson, z } from '@dus/core';

const anyJsonValue = (textMember: string, example: unknown) =>
  z
    .unknown()
    .refine((input) => input !== undefined, {
      message: 'is required (any JSON value, including null)',
      params: { code: 'required' },
    })
    .meta(anyJson(`the document as JSON itself (any type; for JSON text use \`${textMember}\`)`, example));

const jsonTextOf = (valueMember: string, example: string) =>
  z.string().meta({
    description: `the document as JSON text (instead of \`${valueMember}\`), strictly parsed`,
    examples: [example],
  });

/** Any JSON value, given as a JSON value (`value`). */
export const jsonValue = anyJsonValue('json', { amount: 500, currency: 'USD' });

/** The same document as raw JSON text, parsed here by the strict parser (reachable through MCP too). */
export const jsonText = jsonTextOf('value', '{"b":2,"a":1}');

/** The two sides of a comparison: `a` or `a_json`, `b` or `b_json`. */
export const sideValue = (side: 'a' | 'b', example: unknown) => anyJsonValue(`${side}_json`, example);
export const sideText = (side: 'a' | 'b', example: string) => jsonTextOf(side, example);

/** A required JSON value of any type (null included), e.g. the two sides of a patch. */
export const anyValue = (description: string, example: unknown) =>
  z
    .unknown()
    .refine((input) => input !== undefined, {
      message: 'is required (any JSON value, including null)',
      params: { code: 'required' },
    })
    .meta(anyJson(description, example));

/** `value` and `json` with brief descriptions, for the newer tools (issue #29's tools/list budget). */
export const briefValue = anyValue('The document, any JSON (or give `json`)', undefined);
export const briefText = z.string().meta({ description: 'The document as JSON text, strictly parsed' });

/** The document of an input with `value` or `json`. */
export function documentOf(input: { value?: unknown; json?: string | undefined }): JsonValue {
  return input.json !== undefined ? parseStrictJson(input.json) : (input.value as JsonValue);
}
