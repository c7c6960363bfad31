import { Buffer } from 'node:buffer';

/** Number of bytes in the UTF-8 encoding of `s` (a lone surrogate counts as the 3 bytes of U+FFFD). */
export function utf8ByteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

const fatalDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Strict UTF-8 decode; `undefined` when the bytes are not well-formed UTF-8. */
export function decodeUtf8Strict(bytes: Uint8Array): string | undefined {
  try {
    return fatalDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Offset of the first byte of the first ill-formed sequence (RFC 3629 §4: no overlongs, no
 * surrogates, nothing above U+10FFFF), or -1 when all of `bytes` is well-formed UTF-8.
 */
export function findInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      else if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      else if (b === 0xf4) hi = 0x8f;
    } else return i;
    if (i + need >= n) return i;
    const second = bytes[i + 1]!;
    if (second < lo || second > hi) return i;
    for (let k = 2; k <= need; k++) {
      const cont = bytes[i + k]!;
      if (cont < 0x80 || cont > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** Whether `s` has no lone surrogates (`String.prototype.isWellFormed`, Node ≥ 20; not yet in our TS lib). */
export function isWellFormedString(s: string): boolean {
  return (s as unknown as { isWellFormed(): boolean }).isWellFormed();
}

/** UTF-16 index of the first lone surrogate in `s`, or -1. */
export function findLoneSurrogate(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    }
    return i;
  }
  return -1;
}
