import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../src/webhook/index.js';

/** The textbook bitwise CRC-32 (reflected 0xEDB88320): an oracle independent of zlib. */
function referenceCrc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('')).toBe(0);
    expect(crc32(new Uint8Array([0]))).toBe(0xd202ef8d);
  });

  it('hashes strings as UTF-8', () => {
    expect(crc32('é')).toBe(crc32(new Uint8Array([0xc3, 0xa9])));
    expect(crc32('é')).toBe(referenceCrc32(new Uint8Array([0xc3, 0xa9])));
  });

  it('agrees with the bitwise reference on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
        expect(crc32(bytes)).toBe(referenceCrc32(bytes));
      }),
    );
  });
});
