/** Byte encodings. Decoders are strict: they return `undefined` instead of guessing on bad input. */

const HEX_RE = /^(?:[0-9a-fA-F]{2})*$/;
const BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
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
  return HEX_RE.test(text) ? Buffer.from(text, 'hex') : undefined;
}

/** Standard padded base64 (RFC 4648 §4); `undefined` when malformed. Unpadded input is accepted when its length is valid. */
export function fromBase64(text: string): Buffer | undefined {
  const padded = text + '='.repeat((4 - (text.length % 4)) % 4);
  return BASE64_RE.test(padded) ? Buffer.from(padded, 'base64') : undefined;
}

/** base64url without padding (RFC 4648 §5); `undefined` when malformed. */
export function fromBase64Url(text: string): Buffer | undefined {
  if (!BASE64URL_RE.test(text) || text.length % 4 === 1) return undefined;
  return Buffer.from(text, 'base64url');
}
