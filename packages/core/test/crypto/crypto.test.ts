import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  constantTimeEqual,
  digest,
  fromBase64,
  fromBase64Url,
  fromHex,
  hmac,
  secretsEqual,
  toBase64,
  toBase64Url,
  toHex,
} from '../../src/index.js';

describe('digests and HMAC (published test vectors)', () => {
  it('FIPS 180-4 "abc" digests', () => {
    expect(toHex(digest('sha-256', 'abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(digest('sha-1', 'abc'))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(toHex(digest('sha-384', 'abc'))).toBe(
      'cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7',
    );
    expect(toHex(digest('sha-512', 'abc')).slice(0, 32)).toBe('ddaf35a193617abacc417349ae204131');
  });

  it('RFC 4231 test case 2 (key "Jefe"), whole and in parts', () => {
    const expected = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';
    expect(toHex(hmac('sha-256', 'Jefe', 'what do ya want for nothing?'))).toBe(expected);
    expect(toHex(hmac('sha-256', 'Jefe', ['what do ya ', 'want for nothing?']))).toBe(expected);
    const bytes = new TextEncoder().encode('what do ya want for nothing?');
    expect(toHex(hmac('sha-256', 'Jefe', bytes))).toBe(expected);
    expect(toHex(hmac('sha-256', 'Jefe', [bytes.subarray(0, 5), 'ya'.slice(2), bytes.subarray(5)]))).toBe(
      expected,
    );
  });

  it('byte keys (made KeyObjects): RFC 4231 cases 1 and 6, a key inside a larger buffer, an empty key', () => {
    const case1 = toHex(hmac('sha-256', new Uint8Array(20).fill(0x0b), 'Hi There'));
    expect(case1).toBe('b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7');
    // Case 6: a 131-byte key, longer than SHA-256's block, is hashed first.
    const longKey = new Uint8Array(131).fill(0xaa);
    expect(toHex(hmac('sha-256', longKey, 'Test Using Larger Than Block-Size Key - Hash Key First'))).toBe(
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    );
    const framed = new Uint8Array(30).fill(0x01);
    framed.fill(0x0b, 5, 25);
    expect(toHex(hmac('sha-256', framed.subarray(5, 25), 'Hi There'))).toBe(case1);
    // RFC 2104 allows an empty key; it is the HMAC of an all-zero block key.
    expect(toHex(hmac('sha-256', new Uint8Array(0), 'x'))).toBe(
      '4cbc96099a6467ce002461f10549b4898265ebe6188b45efacc44293516e62c4',
    );
    expect(toHex(hmac('sha-256', new Uint8Array(0), 'x'))).toBe(toHex(hmac('sha-256', '', 'x')));
  });
});

describe('strict codecs', () => {
  it('round-trip arbitrary bytes through hex, base64 and base64url', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect([...fromHex(toHex(bytes))!]).toEqual([...bytes]);
        expect([...fromBase64(toBase64(bytes))!]).toEqual([...bytes]);
        expect([...fromBase64Url(toBase64Url(bytes))!]).toEqual([...bytes]);
      }),
    );
  });

  it('encode views of a larger buffer correctly', () => {
    const view = new Uint8Array([0, 1, 2, 255, 9]).subarray(1, 4);
    expect(toHex(view)).toBe('0102ff');
    expect(toBase64(view)).toBe('AQL/');
  });

  it.each([
    ['odd-length hex', () => fromHex('abc')],
    ['non-hex character', () => fromHex('zz')],
    ['base64 with a bad character', () => fromBase64('ab$d')],
    ['base64 of impossible length', () => fromBase64('abcde')],
    ['base64 padding in the middle', () => fromBase64('ab==cd==')],
    ['base64url with a standard character', () => fromBase64Url('ab+d')],
    ['base64url of impossible length', () => fromBase64Url('abcde')],
  ])('refuses %s', (_label, decode) => {
    expect(decode()).toBeUndefined();
  });

  it('accepts upper-case hex and unpadded base64', () => {
    expect(fromHex('ABff')?.toString('hex')).toBe('abff');
    expect(fromBase64('AQI')?.toString('hex')).toBe('0102');
  });
});

describe('constant-time comparisons', () => {
  it('constantTimeEqual compares bytes and lengths', () => {
    expect(constantTimeEqual(Buffer.from('abc'), Buffer.from('abc'))).toBe(true);
    expect(constantTimeEqual(Buffer.from('abc'), Buffer.from('abd'))).toBe(false);
    expect(constantTimeEqual(Buffer.from('abc'), Buffer.from('abcd'))).toBe(false);
  });

  it('secretsEqual compares values of different lengths without throwing', () => {
    expect(secretsEqual('token', 'token')).toBe(true);
    expect(secretsEqual('token', 'token2')).toBe(false);
    expect(secretsEqual('', 'x')).toBe(false);
  });
});

describe('strict decoders on hostile lengths', () => {
  it('decide on millions of characters without overflowing the stack', () => {
    expect(fromBase64('A'.repeat(5_000_000))?.byteLength).toBe(3_750_000);
    expect(fromBase64(`${'A'.repeat(5_000_000)}!`)).toBeUndefined();
    expect(fromHex('a'.repeat(6_000_000))?.byteLength).toBe(3_000_000);
    expect(fromHex('a'.repeat(6_000_001))).toBeUndefined();
    expect(fromBase64Url('A'.repeat(5_000_000))?.byteLength).toBe(3_750_000);
  });

  it('keep the padding rules: at most two `=`, only at the end', () => {
    expect(fromBase64('QUI=')?.toString()).toBe('AB');
    expect(fromBase64('QUI')?.toString()).toBe('AB');
    for (const bad of ['Q===', 'Q', '=QUJ', 'QU=J', 'QUJD====', 'QU I='])
      expect(fromBase64(bad)).toBeUndefined();
  });
});
