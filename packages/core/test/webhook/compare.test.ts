import { describe, expect, it } from 'vitest';
import {
  compareSignature,
  decodeSignature,
  decodeSignatureOfLength,
  findSignatureMatch,
} from '../../src/webhook/index.js';

const expected = Buffer.from('00ff10ab', 'hex');

describe('compareSignature', () => {
  it('matches hex case-insensitively', () => {
    expect(compareSignature('00ff10ab', expected, 'hex')).toBe('match');
    expect(compareSignature('00FF10AB', expected, 'hex')).toBe('match');
  });

  it('reports a mismatch for the right length and wrong bytes', () => {
    expect(compareSignature('00ff10ac', expected, 'hex')).toBe('mismatch');
  });

  it('reports malformed for the wrong decoded length or a non-hex character', () => {
    expect(compareSignature('00ff10', expected, 'hex')).toBe('malformed');
    expect(compareSignature('00ff10abcd', expected, 'hex')).toBe('malformed');
    expect(compareSignature('00ff10ag', expected, 'hex')).toBe('malformed');
    expect(compareSignature('00ff10a', expected, 'hex')).toBe('malformed');
  });

  it('compares base64 and rejects bad base64', () => {
    expect(compareSignature('AP8Qqw==', expected, 'base64')).toBe('match');
    expect(compareSignature('AP8Qqw', expected, 'base64')).toBe('match');
    expect(compareSignature('AP8Rqw==', expected, 'base64')).toBe('mismatch');
    expect(compareSignature('AP8Q*w==', expected, 'base64')).toBe('malformed');
    expect(compareSignature('AP8Q', expected, 'base64')).toBe('malformed');
  });
});

describe('decodeSignature', () => {
  it('decodes by encoding and checks the length', () => {
    expect(decodeSignature('0aff', 'hex')).toEqual(Buffer.from([10, 255]));
    expect(decodeSignature('0x0a', 'hex')).toBeUndefined();
    expect(decodeSignatureOfLength('0aff', 'hex', 2)).toEqual(Buffer.from([10, 255]));
    expect(decodeSignatureOfLength('0aff', 'hex', 3)).toBeUndefined();
  });
});

describe('findSignatureMatch', () => {
  const a = Buffer.from([1, 2]);
  const b = Buffer.from([3, 4]);
  it('finds the first matching (expected, signature) pair', () => {
    expect(findSignatureMatch([undefined, b, a], [a, b])).toEqual({ signatureIndex: 2, expectedIndex: 0 });
    expect(findSignatureMatch([b], [a, b])).toEqual({ signatureIndex: 0, expectedIndex: 1 });
  });
  it('returns null when nothing matches', () => {
    expect(findSignatureMatch([undefined, Buffer.from([9, 9])], [a, b])).toBeNull();
    expect(findSignatureMatch([], [a])).toBeNull();
  });
});
