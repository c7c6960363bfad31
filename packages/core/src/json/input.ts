import { invalidJson, locate } from './problems.js';
import { decodeUtf8Strict, findInvalidUtf8, findLoneSurrogate, isWellFormedString } from './utf8.js';

/**
 * The text of a document: strictly decoded UTF-8 for bytes, a well-formed string as is. A BOM, a
 * lone surrogate or an ill-formed byte sequence is 400 `invalid_json` at its UTF-8 byte offset;
 * `pointerAt(prefix)` names the value the well-formed prefix before the fault stops inside.
 */
export function documentText(input: Uint8Array | string, pointerAt: (prefix: string) => string): string {
  const hasBom =
    typeof input === 'string'
      ? input.charCodeAt(0) === 0xfeff
      : input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf;
  if (hasBom) {
    throw invalidJson(
      'A byte order mark (U+FEFF) is not allowed',
      locate('', 0, ''),
      'JSON text without a byte order mark (RFC 8259 §8.1)',
    );
  }
  if (typeof input === 'string') {
    if (isWellFormedString(input)) return input;
    const at = findLoneSurrogate(input);
    const prefix = input.slice(0, at);
    throw invalidJson(
      `Lone surrogate U+${input.charCodeAt(at).toString(16).toUpperCase()} in the text (not well-formed Unicode)`,
      locate(prefix, at, pointerAt(prefix)),
      'text that can be encoded as UTF-8',
    );
  }
  const text = decodeUtf8Strict(input);
  if (text !== undefined) return text;
  const bad = findInvalidUtf8(input);
  const prefix = decodeUtf8Strict(input.subarray(0, bad)) ?? '';
  throw invalidJson(
    `Invalid UTF-8 byte 0x${input[bad]!.toString(16).toUpperCase().padStart(2, '0')}`,
    locate(prefix, prefix.length, pointerAt(prefix)),
    'UTF-8 encoded text (RFC 8259 §8.1)',
  );
}
