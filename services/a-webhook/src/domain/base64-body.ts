import { fromBase64, fromBase64Url } from '@dus/core';

/**
 * `payload_base64`: RFC 4648 base64 in the standard (§4) or the URL-safe (§5) alphabet, not mixed, with or
 * without `=` padding; no whitespace. Non-canonical encodings (set bits after the last byte) are refused, so
 * one body has exactly one accepted spelling per alphabet. Single character classes only (no backtracking).
 */
const STANDARD = /^[A-Za-z0-9+/]*$/;
const URL_SAFE = /^[A-Za-z0-9_-]*$/;

export function decodeBase64Body(text: string): Buffer | undefined {
  let end = text.length;
  while (end > 0 && text.length - end < 2 && text[end - 1] === '=') end -= 1;
  const data = text.slice(0, end);
  const padded = end < text.length;
  if (padded && text.length % 4 !== 0) return undefined;
  if (data.length % 4 === 1) return undefined;
  const alphabet = STANDARD.test(data) ? 'base64' : URL_SAFE.test(data) ? 'base64url' : null;
  if (alphabet === null) return undefined;
  const bytes = Buffer.from(data, alphabet);
  const canonical = bytes.toString('base64url');
  const normalized = alphabet === 'base64' ? data.replaceAll('+', '-').replaceAll('/', '_') : data;
  return canonical === normalized ? bytes : undefined;
}

/**
 * Keys and signatures (generic-ed25519): standard base64 (padding optional), else base64url after its
 * trailing `=` are dropped. Dropped by a loop: `/=+$/` is quadratic on a long run of `=` (a 64 KiB
 * `public_key` of them held the event loop for seconds).
 */
export function fromBase64OrBase64Url(text: string): Buffer | undefined {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x3d) end -= 1;
  return fromBase64(text) ?? fromBase64Url(text.slice(0, end));
}
