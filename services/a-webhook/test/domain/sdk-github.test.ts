import { sign, verify } from '@octokit/webhooks-methods';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/domain/index.js';

const secret = 'octokit-cross-check-secret';
// sign() refuses an empty payload, so the empty body is covered by the table test only.
const payloads = ['{"action":"opened","number":1}', 'Hello, World!', '{"emoji":"🎉","text":"naïve"}'];

describe('@octokit/webhooks-methods cross-check', () => {
  it.each(payloads)('accepts what sign() produces for %j', async (payload) => {
    const signature = await sign(secret, payload);
    expect(await verify(secret, payload, signature)).toBe(true);
    expect(verifyWebhook({ platform: 'github', secret, payload, signature })).toMatchObject({
      valid: true,
      scheme: 'github-sha256',
    });
  });

  it.each(payloads)('agrees on a tampered payload for %j', async (payload) => {
    const signature = await sign(secret, payload);
    const tampered = `${payload}!`;
    expect(await verify(secret, tampered, signature)).toBe(false);
    expect(verifyWebhook({ platform: 'github', secret, payload: tampered, signature }).reason).toBe(
      'signature_mismatch',
    );
  });

  it('agrees on a wrong secret', async () => {
    const signature = await sign(secret, payloads[0]!);
    expect(await verify('other', payloads[0]!, signature)).toBe(false);
    expect(
      verifyWebhook({ platform: 'github', secret: 'other', payload: payloads[0]!, signature }).reason,
    ).toBe('signature_mismatch');
  });
});
