import { constantTimeEqual, fromBase64, fromHex } from '../crypto/index.js';

/** Text encodings of a binary signature. Hex is case-insensitive; base64 is standard (padding optional). */
export type SignatureEncoding = 'hex' | 'base64';

export type SignatureComparison = 'match' | 'mismatch' | 'malformed';

/** Decodes a signature; `undefined` for text that is not valid in that encoding. */
export function decodeSignature(text: string, encoding: SignatureEncoding): Buffer | undefined {
  return encoding === 'hex' ? fromHex(text) : fromBase64(text);
}

/**
 * Decodes a signature that must be exactly `length` bytes long (a digest's size, which is public);
 * `undefined` when it is not valid in that encoding or has another length.
 */
export function decodeSignatureOfLength(
  text: string,
  encoding: SignatureEncoding,
  length: number,
): Buffer | undefined {
  const bytes = decodeSignature(text, encoding);
  return bytes !== undefined && bytes.byteLength === length ? bytes : undefined;
}

/**
 * Compares a presented signature with the expected bytes: decoding errors and a wrong decoded length
 * are `malformed`; otherwise the bytes are compared in constant time.
 */
export function compareSignature(
  presented: string,
  expected: Uint8Array,
  encoding: SignatureEncoding,
): SignatureComparison {
  const bytes = decodeSignatureOfLength(presented, encoding, expected.byteLength);
  if (bytes === undefined) return 'malformed';
  return constantTimeEqual(bytes, expected) ? 'match' : 'mismatch';
}

export interface SignatureMatch {
  /** Index into the presented signatures. */
  signatureIndex: number;
  /** Index into the expected values (typically one per candidate secret). */
  expectedIndex: number;
}

/**
 * Compares every decoded signature with every expected value. It does not stop at the first match, so
 * the time taken does not reveal which pair matched; the first match in (expected, signature) order
 * is returned. Undecodable signatures (`undefined`) never match.
 */
export function findSignatureMatch(
  signatures: readonly (Uint8Array | undefined)[],
  expected: readonly Uint8Array[],
): SignatureMatch | null {
  let found: SignatureMatch | null = null;
  for (let e = 0; e < expected.length; e++) {
    const want = expected[e]!;
    for (let s = 0; s < signatures.length; s++) {
      const got = signatures[s];
      const equal = got !== undefined && constantTimeEqual(got, want);
      if (equal && found === null) found = { signatureIndex: s, expectedIndex: e };
    }
  }
  return found;
}
