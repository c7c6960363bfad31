import { escapePointerToken, isProblemError, type ProblemError, toJsonPointer } from '../errors.js';
import { documentText } from './input.js';
import { resolveMaxDepth } from './limits.js';
import { numberRangeIssue } from './numbers.js';
import { invalidJson, locate, shorten, showChar, tooDeep, unprocessableJson } from './problems.js';
import type { JsonObject, JsonValue } from './types.js';
import { utf8ByteLength } from './utf8.js';

export interface ParseOptions {
  /** Maximum nesting of arrays/objects (default 256); deeper input is 400 `validation_failed`. */
  maxDepth?: number;
}

type Container = JsonValue[] | JsonObject;

const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const QUOTE = 34;
const PLUS = 43;
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const SLASH = 47;
const D0 = 48;
const D1 = 49;
const D9 = 57;
const COLON = 58;
const UPPER_E = 69;
const LBRACKET = 91;
const BACKSLASH = 92;
const RBRACKET = 93;
const LOWER_B = 98;
const LOWER_E = 101;
const LOWER_F = 102;
const LOWER_N = 110;
const LOWER_R = 114;
const LOWER_T = 116;
const LOWER_U = 117;
const LBRACE = 123;
const RBRACE = 125;

/**
 * Objects are built from this constructor and get a null prototype when they are closed:
 * `Object.create(null)` objects start in V8's dictionary mode, which made parsing and
 * canonicalizing about twice as slow. The frozen, empty, null-prototype `prototype` means that even
 * while building, no member name is inherited or hits an accessor (`__proto__` stays data).
 */
const ObjectUnderConstruction = function (this: JsonObject) {} as unknown as new () => JsonObject;
ObjectUnderConstruction.prototype = Object.freeze(Object.create(null));

/** Integer literals with at most this many digits are below 2^53 and are accumulated exactly. */
const SAFE_DIGITS = 15;

/**
 * Strict RFC 8259 + I-JSON (RFC 7493) parser. Objects get a null prototype, so `__proto__` and
 * `constructor` are ordinary members. Iterative: nesting costs heap, never stack.
 *
 * Errors are `ProblemError`s with `extensions: { offset, pointer, line, column }` where `offset` is
 * the UTF-8 byte offset into the document (for a string input: into its UTF-8 encoding) and
 * `pointer` the RFC 6901 pointer of the value (or, between members, of the container) being read.
 */
export function parseStrictJson(input: Uint8Array | string, options?: ParseOptions): JsonValue {
  const maxDepth = resolveMaxDepth(options?.maxDepth);
  return new Parser(
    documentText(input, (prefix) => pointerAtEnd(prefix, maxDepth)),
    maxDepth,
  ).parseDocument();
}

/** Pointer of the value that a truncated document `prefix` stops inside ('' when unknown). */
function pointerAtEnd(prefix: string, maxDepth: number): string {
  try {
    new Parser(prefix, maxDepth).parseDocument();
  } catch (error) {
    if (isProblemError(error) && error.extensions?.offset === utf8ByteLength(prefix)) {
      return String(error.extensions.pointer);
    }
  }
  return '';
}

class Parser {
  private readonly s: string;
  private readonly n: number;
  private readonly maxDepth: number;
  private i = 0;
  /** Open containers, outermost first. */
  private readonly frames: Container[] = [];
  /** `keys[d]` is the name of the member being read in `frames[d]` when that is an object. */
  private readonly keys: string[] = [];

  constructor(text: string, maxDepth: number) {
    this.s = text;
    this.n = text.length;
    this.maxDepth = maxDepth;
  }

  parseDocument(): JsonValue {
    const frames = this.frames;
    const keys = this.keys;
    let value: JsonValue;
    for (;;) {
      let c = this.skipWhitespace();
      if (c === QUOTE) value = this.parseString(true);
      else if (c === LBRACKET) {
        this.checkDepth();
        this.i++;
        if (this.skipWhitespace() === RBRACKET) {
          this.i++;
          value = [];
        } else {
          frames.push([]);
          keys.push('');
          continue;
        }
      } else if (c === LBRACE) {
        this.checkDepth();
        this.i++;
        const object = new ObjectUnderConstruction();
        if (this.skipWhitespace() === RBRACE) {
          this.i++;
          value = Object.setPrototypeOf(object, null) as JsonObject;
        } else {
          frames.push(object);
          keys.push('');
          this.parseMemberName(object, true);
          continue;
        }
      } else if (c === MINUS || (c >= D0 && c <= D9)) value = this.parseNumber();
      else value = this.parseLiteral(c);

      // Attach the finished value to its container, closing every container it completes.
      for (;;) {
        const depth = frames.length;
        if (depth === 0) {
          this.skipWhitespace();
          if (this.i < this.n) throw this.unexpected('end of input', false);
          return value;
        }
        const top = frames[depth - 1]!;
        const isArray = Array.isArray(top);
        if (isArray) top.push(value);
        else (top as JsonObject)[keys[depth - 1]!] = value;
        c = this.skipWhitespace();
        if (c === COMMA) {
          this.i++;
          if (!isArray) this.parseMemberName(top as JsonObject, false);
          break;
        }
        if (c === (isArray ? RBRACKET : RBRACE)) {
          this.i++;
          value = isArray ? top : (Object.setPrototypeOf(top, null) as JsonObject);
          frames.pop();
          keys.pop();
          continue;
        }
        throw this.unexpected(isArray ? '"," or "]"' : '"," or "}"', false);
      }
    }
  }

  private skipWhitespace(): number {
    const s = this.s;
    let i = this.i;
    let c = s.charCodeAt(i);
    while (c === SPACE || c === LF || c === CR || c === TAB) c = s.charCodeAt(++i);
    this.i = i;
    return c; // NaN at the end of input
  }

  private checkDepth(): void {
    if (this.frames.length >= this.maxDepth) throw tooDeep(this.maxDepth, this.locate(this.i, true));
  }

  /** Reads `"name" :` and records the name as the current member of `object`. */
  private parseMemberName(object: JsonObject, first: boolean): void {
    if (this.skipWhitespace() !== QUOTE)
      throw this.unexpected(first ? 'a member name or "}"' : 'a member name', false);
    const at = this.i;
    const name = this.parseString(false);
    if (object[name] !== undefined) {
      const pointer = toJsonPointer(this.path(false)) + '/' + escapePointerToken(name);
      throw unprocessableJson(
        'duplicate_key',
        `Duplicate member name ${JSON.stringify(shorten(name))}`,
        locate(this.s, at, pointer),
        'member names must be unique within an object (I-JSON, RFC 7493 §2.3)',
      );
    }
    this.keys[this.frames.length - 1] = name;
    if (this.skipWhitespace() !== COLON) throw this.unexpected('":"', true);
    this.i++;
  }

  /** Reads a string starting at the opening quote; `isValue` says whether it is a value or a name. */
  private parseString(isValue: boolean): string {
    const s = this.s;
    const n = this.n;
    const start = this.i + 1;
    let i = start;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === QUOTE) {
        this.i = i + 1;
        return s.slice(start, i);
      }
      if (c === BACKSLASH || c < SPACE) break;
      i++;
    }
    return this.parseEscapedString(start, i, isValue);
  }

  private parseEscapedString(start: number, from: number, isValue: boolean): string {
    const s = this.s;
    const n = this.n;
    let out = '';
    let run = start;
    let i = from;
    for (;;) {
      if (i >= n) {
        this.i = i;
        throw this.unexpected("'\"' to close the string", isValue);
      }
      const c = s.charCodeAt(i);
      if (c === QUOTE) {
        this.i = i + 1;
        return out + s.slice(run, i);
      }
      if (c < SPACE) {
        const hex = c.toString(16).padStart(4, '0');
        throw invalidJson(
          `Unescaped control character U+${hex.toUpperCase()} in a string`,
          this.locate(i, isValue),
          `an escape such as "\\u${hex}"`,
        );
      }
      if (c !== BACKSLASH) {
        i++;
        continue;
      }
      out += s.slice(run, i);
      const e = s.charCodeAt(i + 1);
      let length = 2;
      if (e === QUOTE) out += '"';
      else if (e === BACKSLASH) out += '\\';
      else if (e === SLASH) out += '/';
      else if (e === LOWER_B) out += '\b';
      else if (e === LOWER_F) out += '\f';
      else if (e === LOWER_N) out += '\n';
      else if (e === LOWER_R) out += '\r';
      else if (e === LOWER_T) out += '\t';
      else if (e === LOWER_U) {
        const unit = this.hex4(i + 2, isValue);
        length = 6;
        if (unit >= 0xdc00 && unit <= 0xdfff) throw this.loneSurrogate(i, unit, isValue);
        if (unit >= 0xd800 && unit <= 0xdbff) {
          const low =
            s.charCodeAt(i + 6) === BACKSLASH && s.charCodeAt(i + 7) === LOWER_U
              ? this.hex4(i + 8, isValue)
              : -1;
          if (low < 0xdc00 || low > 0xdfff) throw this.loneSurrogate(i, unit, isValue);
          out += String.fromCharCode(unit, low);
          length = 12;
        } else out += String.fromCharCode(unit);
      } else {
        this.i = i + 1;
        if (i + 1 >= n) throw this.unexpected('an escape character', isValue);
        throw invalidJson(
          `Invalid escape "\\${String.fromCodePoint(s.codePointAt(i + 1)!)}" in a string`,
          this.locate(i, isValue),
          'one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX',
        );
      }
      i += length;
      run = i;
    }
  }

  /** The code unit of the four hex digits at `at`. */
  private hex4(at: number, isValue: boolean): number {
    let unit = 0;
    for (let k = at; k < at + 4; k++) {
      const c = this.s.charCodeAt(k);
      const digit =
        c >= D0 && c <= D9 ? c - D0 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;
      if (digit < 0) {
        this.i = k;
        throw this.unexpected('a hexadecimal digit in a \\u escape', isValue);
      }
      unit = unit * 16 + digit;
    }
    return unit;
  }

  private loneSurrogate(at: number, unit: number, isValue: boolean): ProblemError {
    return unprocessableJson(
      'invalid_unicode',
      `Lone surrogate escape "\\u${unit.toString(16).padStart(4, '0')}" in a ${isValue ? 'string' : 'member name'}`,
      this.locate(at, isValue),
      'a surrogate escape must be a high (\\uD800-\\uDBFF) followed by a low (\\uDC00-\\uDFFF) one',
    );
  }

  private parseNumber(): number {
    const s = this.s;
    const start = this.i;
    let i = start;
    let c = s.charCodeAt(i);
    const negative = c === MINUS;
    if (negative) c = s.charCodeAt(++i);
    let small = 0;
    let nonZero = false;
    if (c === D0) {
      c = s.charCodeAt(++i);
      if (c >= D0 && c <= D9) {
        this.i = i;
        throw this.unexpected('no leading zeros ("." or an exponent after "0")', true);
      }
    } else if (c >= D1 && c <= D9) {
      nonZero = true;
      do {
        small = small * 10 + (c - D0);
        c = s.charCodeAt(++i);
      } while (c >= D0 && c <= D9);
    } else {
      this.i = i;
      throw this.unexpected('a digit', true);
    }
    let integerForm = true;
    if (c === DOT) {
      integerForm = false;
      c = s.charCodeAt(++i);
      if (!(c >= D0 && c <= D9)) {
        this.i = i;
        throw this.unexpected('a digit after "."', true);
      }
      do {
        if (c !== D0) nonZero = true;
        c = s.charCodeAt(++i);
      } while (c >= D0 && c <= D9);
    }
    if (c === LOWER_E || c === UPPER_E) {
      integerForm = false;
      c = s.charCodeAt(++i);
      if (c === PLUS || c === MINUS) c = s.charCodeAt(++i);
      if (!(c >= D0 && c <= D9)) {
        this.i = i;
        throw this.unexpected('a digit in the exponent', true);
      }
      do c = s.charCodeAt(++i);
      while (c >= D0 && c <= D9);
    }
    this.i = i;
    if (integerForm && i - start <= (negative ? SAFE_DIGITS + 1 : SAFE_DIGITS))
      return negative ? -small : small;
    return this.checkRange(start, i, integerForm, nonZero);
  }

  /** IEEE-754 rounding of the literal, rejecting what a double cannot carry (I-JSON §2.2). */
  private checkRange(start: number, end: number, integerForm: boolean, nonZero: boolean): number {
    const text = this.s.slice(start, end);
    const value = Number(text);
    const issue = numberRangeIssue(text, value, integerForm, nonZero);
    if (issue !== undefined) {
      throw unprocessableJson('number_out_of_range', issue.what, this.locate(start, true), issue.advice);
    }
    return value;
  }

  private parseLiteral(c: number): JsonValue {
    const literal = c === LOWER_T ? 'true' : c === LOWER_F ? 'false' : c === LOWER_N ? 'null' : undefined;
    if (literal === undefined) throw this.unexpected('a JSON value', true);
    const s = this.s;
    const start = this.i;
    for (let k = 1; k < literal.length; k++) {
      if (s.charCodeAt(start + k) !== literal.charCodeAt(k)) {
        this.i = start + k;
        throw this.unexpected(`"${literal}"`, true);
      }
    }
    this.i = start + literal.length;
    return c === LOWER_T ? true : c === LOWER_F ? false : null;
  }

  /** Path to the value being read (`includeTop`) or to the innermost open container. */
  private path(includeTop: boolean): Array<string | number> {
    const tokens: Array<string | number> = [];
    const depth = this.frames.length - (includeTop ? 0 : 1);
    for (let d = 0; d < depth; d++) {
      const frame = this.frames[d]!;
      tokens.push(Array.isArray(frame) ? frame.length : this.keys[d]!);
    }
    return tokens;
  }

  private locate(index: number, includeTop: boolean) {
    return locate(this.s, index, toJsonPointer(this.path(includeTop)));
  }

  private unexpected(expected: string, includeTop: boolean): ProblemError {
    const i = this.i;
    const what = i >= this.n ? 'Unexpected end of input' : `Unexpected character ${showChar(this.s, i)}`;
    return invalidJson(what, this.locate(i, includeTop), expected);
  }
}
