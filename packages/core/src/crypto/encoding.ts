/** Byte encodings. Decoders are strict: they return `undefined` instead of guessing on bad input. */

// Single character classes only: a repeated group such as (?:x{4})* backtracks one stack frame per
// repetition, and a few million characters then overflow the stack (a 500 on client input).
const HEX_RE = /^[0-9a-fA-F]*$/;
const BASE64_ALPHABET_RE = /^[A-Za-z0-9+/]*$/;
const BASE64URL_RE = /^[A-Za-z0-9_-]*$/;

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

export function toBase64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
}

/** Case-insensitive hex; `undefined` for odd length or a non-hex character. */
export function fromHex(text: string): Buffer | undefined {
  return text.length % 2 === 0 && HEX_RE.test(text) ? Buffer.from(text, 'hex') : undefined;
}

/** Standard padded base64 (RFC 4648 §4); `undefined` when malformed. Unpadded input is accepted when its length is valid. */
export function fromBase64(text: string): Buffer | undefined {
  const padded = text + '='.repeat((4 - (text.length % 4)) % 4);
  const firstPad = padded.indexOf('=');
  const dataEnd = firstPad < 0 ? padded.length : firstPad;
  // At most two `=`, only at the very end (a `=` inside, or three of them, is malformed).
  if (padded.length - dataEnd > 2 || padded.slice(dataEnd).replaceAll('=', '') !== '') return undefined;
  return BASE64_ALPHABET_RE.test(padded.slice(0, dataEnd)) ? Buffer.from(padded, 'base64') : undefined;
}

/** base64url without padding (RFC 4648 §5); `undefined` when malformed. */
export function fromBase64Url(text: string): Buffer | undefined {
  if (!BASE64URL_RE.test(text) || text.length % 4 === 1) return undefined;
  return Buffer.from(text, 'base64url');
}
