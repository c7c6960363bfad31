import { ProblemError } from '../errors.js';
import { utf8ByteLength } from './utf8.js';

/**
 * Where a parse error happened. `offset` is always a UTF-8 byte offset into the document (for a
 * string input: into its UTF-8 encoding), `line` counts LF characters (1-based), `column` counts
 * Unicode code points from the start of the line (1-based).
 */
export interface JsonErrorLocation {
  offset: number;
  line: number;
  column: number;
  pointer: string;
}

/** Locates UTF-16 index `index` of `text`; only called when throwing, so it may be linear. */
export function locate(text: string, index: number, pointer: string): JsonErrorLocation {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  let column = 1;
  for (let i = lineStart; i < index; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) column++; // the low half of a pair is not a new code point
  }
  return { offset: utf8ByteLength(text.slice(0, index)), line, column, pointer };
}

const MAX_SHOWN = 120;

/** Shortens long user-supplied text (deep pointers, 400-digit numbers) before it goes into a detail. */
export function shorten(text: string): string {
  if (text.length <= MAX_SHOWN) return text;
  const high = text.charCodeAt(MAX_SHOWN - 1);
  return `${text.slice(0, high >= 0xd800 && high <= 0xdbff ? MAX_SHOWN - 1 : MAX_SHOWN)}…`; // never split a pair
}

/** `at byte 12 (line 1, column 13, pointer "/a/0")`, the pointer part omitted at the root. */
export function describeLocation(loc: JsonErrorLocation): string {
  const where = loc.pointer === '' ? '' : `, pointer "${shorten(loc.pointer)}"`;
  return `at byte ${loc.offset} (line ${loc.line}, column ${loc.column}${where})`;
}

function extensions(loc: JsonErrorLocation): Record<string, unknown> {
  return { offset: loc.offset, pointer: loc.pointer, line: loc.line, column: loc.column };
}

/** 400 `invalid_json`: `what` is a sentence start, `expected` what the grammar wanted instead. */
export function invalidJson(what: string, loc: JsonErrorLocation, expected?: string): ProblemError {
  const tail = expected === undefined ? '' : `, expected ${expected}`;
  return new ProblemError({
    status: 400,
    code: 'invalid_json',
    detail: `${what} ${describeLocation(loc)}${tail}`,
    extensions: extensions(loc),
  });
}

/** 422 with a domain code (`duplicate_key`, `invalid_unicode`, `number_out_of_range`). */
export function unprocessableJson(
  code: string,
  what: string,
  loc: JsonErrorLocation,
  advice: string,
): ProblemError {
  return new ProblemError({
    status: 422,
    code,
    detail: `${what} ${describeLocation(loc)}; ${advice}`,
    extensions: extensions(loc),
  });
}

/** 400 `validation_failed` for nesting deeper than `limit`; `loc` is the container that is one too deep. */
export function tooDeep(limit: number, loc: JsonErrorLocation | { pointer: string }): ProblemError {
  const message = `nesting exceeds the maximum depth of ${limit}`;
  const where =
    'offset' in loc ? ` ${describeLocation(loc)}` : loc.pointer === '' ? '' : ` at "${shorten(loc.pointer)}"`;
  return new ProblemError({
    status: 400,
    code: 'validation_failed',
    detail: `JSON ${message}${where}`,
    errors: [{ path: loc.pointer, code: 'too_deep', message }],
    extensions: { ...('offset' in loc ? extensions(loc) : { pointer: loc.pointer }), limit },
  });
}

/** A character for a detail sentence: printable as is, controls and quotes JSON-escaped. */
export function showChar(text: string, index: number): string {
  const cp = text.codePointAt(index) ?? 0;
  return JSON.stringify(String.fromCodePoint(cp));
}
