import { crc32 as zlibCrc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../src/webhook/index.js';

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('')).toBe(0);
    expect(crc32(new Uint8Array([0]))).toBe(0xd202ef8d);
  });

  it('hashes strings as UTF-8', () => {
    expect(crc32('é')).toBe(crc32(new Uint8Array([0xc3, 0xa9])));
  });

  it('agrees with zlib on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
        expect(crc32(bytes)).toBe(zlibCrc32(bytes));
      }),
    );
  });
});
