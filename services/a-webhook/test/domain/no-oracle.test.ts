import { ProblemError } from '@dus/core';
import { describe, expect, it } from 'vitest';
import { type VerifyInput, verifyWebhook } from '../../src/domain/index.js';
import { FIXTURES, flipSignatureChar, garble, NOW, truncate } from './helpers/fixtures.js';

const SECRET = 'whsec_oracle-RIGHT-7f3a9c1e5b2d8f4a6c0e';
const WRONG = 'whsec_oracle-WRONG-2b8d4f6a0c1e3a5b7d9f';

/** Every text form of an expected signature: as given, and in the other encoding. */
function forms(signature: string): string[] {
  const isHex = /^[0-9a-f]+$/.test(signature);
  const bytes = Buffer.from(signature, isHex ? 'hex' : 'base64');
  return [
    signature,
    bytes.toString('hex'),
    bytes.toString('base64'),
    bytes.toString('base64').replace(/=+$/, ''),
  ];
}

/** The serialised result, or the serialised problem (with its message) when the call throws one. */
function outcome(input: VerifyInput): string {
  try {
    return JSON.stringify(verifyWebhook(input, { nowS: NOW }));
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    return JSON.stringify({ problem: error.toProblem(), message: error.message, title: error.title });
  }
}

describe('the service is not a signing oracle', () => {
  it.each(FIXTURES)('$label: no result or error repeats a secret or an expected signature', (fixture) => {
    const sign = (options: Partial<Parameters<typeof fixture.sign>[0]> = {}) =>
      fixture.sign({ secret: SECRET, ts: NOW, ...options });
    const valid = sign();
    const inputs: VerifyInput[] = [
      valid,
      { ...valid, secret: WRONG },
      { ...valid, secret: [WRONG, SECRET] },
      { ...valid, secret: [WRONG, `${WRONG}x`] },
      { ...valid, payload: `${valid.payload} ` },
      sign({ mutate: flipSignatureChar }),
      sign({ mutate: truncate }),
      sign({ mutate: garble }),
      sign({ ts: NOW - 100_000 }),
      { ...valid, signature: '' },
      { ...valid, secret: `${WRONG}\n` },
      { ...valid, tolerance: -1 },
      { ...valid, url: 'not a url' },
      { ...valid, mode: 'hmac', platform: fixture.platform === 'paypal' ? 'stripe' : fixture.platform },
      { ...valid, signature: undefined },
      { ...valid, platform: 'unknown' },
      { ...valid, secret: ['', SECRET] },
      { ...valid, secret: Array.from({ length: 11 }, () => SECRET) },
    ];
    if (fixture.withWrongKey) inputs.push(fixture.withWrongKey(valid));
    const secrets = [SECRET, WRONG];
    const expected = fixture.expectedSignatures({ secret: SECRET, ts: NOW }).flatMap(forms);
    for (const input of inputs) {
      const text = outcome(input);
      for (const secret of secrets) expect(text).not.toContain(secret);
      // Fragments too: a prefix of the expected signature would already be an oracle.
      for (const signature of expected) expect(text).not.toContain(signature.slice(0, 12));
    }
  });
});
