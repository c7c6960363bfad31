import { ProblemError, toJsonPointer } from '../errors.js';
import { resolveMaxDepth } from './limits.js';
import { shorten, tooDeep } from './problems.js';
import { SortedKeys } from './sorted-keys.js';
import type { JsonObject, JsonValue } from './types.js';
import { JsonWriter, LoneSurrogateError } from './writer.js';

export interface CanonicalizeOptions {
  /** Maximum nesting of arrays/objects (default 256); deeper values are 400 `validation_failed`. */
  maxDepth?: number;
}

/** An open array (`keys` null) or object (`keys` sorted) and the position of the member being written. */
interface Frame {
  container: JsonValue[] | JsonObject;
  keys: string[] | null;
  index: number;
}

const COMMA = 0x2c;
const COLON = 0x3a;

/**
 * RFC 8785 (JCS) serialisation: members sorted by UTF-16 code units, no whitespace, minimal string
 * escapes, numbers as ECMAScript `Number::toString`. Iterative, so depth costs heap, not stack.
 * Only own enumerable members are read and `toJSON` is never called, so any member name is data.
 * Throws 422 `number_out_of_range` (NaN, ±Infinity), 422 `invalid_unicode` (lone surrogate),
 * 400 `validation_failed` (deeper than `maxDepth`), each with `extensions.pointer`.
 */
export function canonicalize(value: JsonValue, options?: CanonicalizeOptions): string {
  return write(value, options).text();
}

/** UTF-8 bytes of the canonical form (what RFC 8785 hashes and signs), without a string round trip. */
export function canonicalizeToBytes(value: JsonValue, options?: CanonicalizeOptions): Uint8Array {
  return write(value, options).bytes().slice();
}

function write(value: JsonValue, options: CanonicalizeOptions | undefined): JsonWriter {
  const maxDepth = resolveMaxDepth(options?.maxDepth);
  const out = new JsonWriter();
  const frames: Frame[] = [];
  const sortedKeys = new SortedKeys();
  let current: unknown = value;
  for (;;) {
    if (typeof current === 'object' && current !== null) {
      if (frames.length >= maxDepth) throw tooDeep(maxDepth, { pointer: pointerOf(frames, true) });
      if (Array.isArray(current)) {
        if (current.length === 0) out.ascii('[]');
        else {
          out.byte(0x5b);
          frames.push({ container: current, keys: null, index: 0 });
          current = current[0];
          continue;
        }
      } else {
        const object = current as JsonObject;
        const keys = sortedKeys.of(object);
        if (keys.length === 0) out.ascii('{}');
        else {
          out.byte(0x7b);
          frames.push({ container: object, keys, index: 0 });
          writeName(out, keys[0]!, frames);
          current = object[keys[0]!];
          continue;
        }
      }
    } else writeScalar(out, current, frames);

    // Move to the next member, closing every container that is complete.
    for (;;) {
      const frame = frames[frames.length - 1];
      if (frame === undefined) return out;
      const next = ++frame.index;
      if (frame.keys === null) {
        const array = frame.container as JsonValue[];
        if (next < array.length) {
          out.byte(COMMA);
          current = array[next];
          break;
        }
        out.byte(0x5d);
      } else {
        if (next < frame.keys.length) {
          const key = frame.keys[next]!;
          out.byte(COMMA);
          writeName(out, key, frames);
          current = (frame.container as JsonObject)[key];
          break;
        }
        out.byte(0x7d);
      }
      frames.pop();
    }
  }
}

function writeName(out: JsonWriter, name: string, frames: readonly Frame[]): void {
  try {
    out.string(name);
  } catch (error) {
    if (error instanceof LoneSurrogateError) throw loneSurrogate('A member name', pointerOf(frames, false));
    throw error;
  }
  out.byte(COLON);
}

function writeScalar(out: JsonWriter, value: unknown, frames: readonly Frame[]): void {
  switch (typeof value) {
    case 'string':
      try {
        out.string(value);
      } catch (error) {
        if (error instanceof LoneSurrogateError) throw loneSurrogate('A string', pointerOf(frames, true));
        throw error;
      }
      return;
    case 'number':
      if (!Number.isFinite(value)) {
        const pointer = pointerOf(frames, true);
        throw new ProblemError({
          status: 422,
          code: 'number_out_of_range',
          detail: `${String(value)}${where(pointer)} cannot be represented in JSON; RFC 8785 §3.2.2.3 allows finite numbers only`,
          extensions: { pointer },
        });
      }
      out.ascii(String(value)); // Number::toString; String(-0) is already "0"
      return;
    case 'boolean':
      out.ascii(value ? 'true' : 'false');
      return;
    default:
      if (value === null) out.ascii('null');
      else
        throw new TypeError(
          `canonicalize: a ${typeof value}${where(pointerOf(frames, true))} is not a JSON value`,
        );
  }
}

function loneSurrogate(what: string, pointer: string): ProblemError {
  return new ProblemError({
    status: 422,
    code: 'invalid_unicode',
    detail: `${what}${where(pointer)} contains a lone surrogate; RFC 8785 §3.2.2.2 requires well-formed Unicode`,
    extensions: { pointer },
  });
}

/** Pointer of the member being written (`includeTop`) or of the innermost open container. */
function pointerOf(frames: readonly Frame[], includeTop: boolean): string {
  const tokens: Array<string | number> = [];
  const depth = frames.length - (includeTop ? 0 : 1);
  for (let d = 0; d < depth; d++) {
    const frame = frames[d]!;
    tokens.push(frame.keys === null ? frame.index : frame.keys[frame.index]!);
  }
  return toJsonPointer(tokens);
}

function where(pointer: string): string {
  return pointer === '' ? '' : ` at "${shorten(pointer)}"`;
}
