import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withoutStackTraces } from '../../src/index.js';

const framesOf = (error: Error) =>
  (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at ')).length;

describe('withoutStackTraces', () => {
  it('captures no frames inside, and restores the limit after a result', () => {
    const before = Error.stackTraceLimit;
    expect(framesOf(withoutStackTraces(() => new Error('inside')))).toBe(0);
    expect(Error.stackTraceLimit).toBe(before);
    expect(framesOf(new Error('after'))).toBeGreaterThan(0);
  });

  it('restores the limit when the call throws, and the error goes through', () => {
    const before = Error.stackTraceLimit;
    const failing = () =>
      withoutStackTraces(() => {
        throw new RangeError('from inside');
      });
    expect(failing).toThrow(RangeError);
    expect(Error.stackTraceLimit).toBe(before);
  });

  it('returns what the call returns (a key imported from a JWK, the same as without)', () => {
    const jwk = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
    const key = withoutStackTraces(() => createPublicKey({ key: jwk, format: 'jwk' }));
    expect(key.equals(createPublicKey({ key: jwk, format: 'jwk' }))).toBe(true);
  });
});
