// Issue reproducers: inputs within the 32 MiB route limit that stalled A for seconds and left ~1 GB
// resident. Each is now refused or answered at once (generous wall-clock guards, not benchmarks).
import { isProblemError } from '@dus/core';
import { describe, expect, it } from 'vitest';
import {
  MAX_FORM_PARAMETERS,
  MAX_KEY_CHARS,
  MAX_PAYLOAD_BYTES,
  MAX_SIGNATURE_CHARS,
  verifyWebhook,
} from '../../src/domain/index.js';

const NOW = { nowS: 1_700_000_000 };

function timed<T>(run: () => T): { value: T | unknown; ms: number } {
  const started = performance.now();
  let value: T | unknown;
  try {
    value = run();
  } catch (error) {
    value = error;
  }
  return { value, ms: performance.now() - started };
}

describe('bounded work on hostile input', () => {
  it('a Twilio form payload of "a=1&" × 7,000,000 is 413 for Twilio, naming its 1 MiB limit', () => {
    const { value, ms } = timed(() =>
      verifyWebhook({
        platform: 'twilio',
        secret: 's',
        payload: 'a=1&'.repeat(7_000_000),
        signature: 'x',
        url: 'https://a.example/h',
      }),
    );
    expect(
      isProblemError(value) &&
        value.status === 413 &&
        value.extensions?.limit_bytes === MAX_PAYLOAD_BYTES.twilio,
    ).toBe(true);
    expect(ms).toBeLessThan(1_000);
  });

  it('repeated Twilio parameters stay linear, and more than 1000 parameters is a 400 naming the payload', () => {
    const repeated = timed(() =>
      verifyWebhook({
        platform: 'twilio',
        secret: 's',
        payload: 'a=1&'.repeat(MAX_FORM_PARAMETERS),
        signature: 'x',
        url: 'https://a.example/h',
      }),
    );
    expect(repeated.value).toMatchObject({ valid: false });
    expect(repeated.ms).toBeLessThan(1_000);
    const distinct = Array.from({ length: MAX_FORM_PARAMETERS + 1 }, (_, i) => `p${i}=1`).join('&');
    const { value } = timed(() =>
      verifyWebhook({
        platform: 'twilio',
        secret: 's',
        payload: distinct,
        signature: 'x',
        url: 'https://a.example/h',
      }),
    );
    expect(isProblemError(value) && value.status === 400 && value.errors?.[0]?.path === '/payload').toBe(
      true,
    );
  });

  it.each([
    ['stripe', `t=1,${'v1=ab,'.repeat(5_000_000)}`],
    ['paddle', `ts=1${';h1=ab'.repeat(5_000_000)}`],
  ])(
    'a %s header of millions of entries is a 400 naming /signature before it is split',
    (platform, signature) => {
      const { value, ms } = timed(() =>
        verifyWebhook({ platform, secret: 's', payload: '{}', signature }, NOW),
      );
      expect(isProblemError(value) && value.status === 400 && value.errors?.[0]?.path === '/signature').toBe(
        true,
      );
      expect(ms).toBeLessThan(1_000);
    },
  );

  it('a 28 MB Linear payload is 413 before it is parsed', () => {
    const payload = `{"webhookTimestamp":1,"data":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)},"x":"${'y'.repeat(26_000_000)}"}`;
    const { value, ms } = timed(() =>
      verifyWebhook({ platform: 'linear', secret: 's', payload, signature: 'ab' }, NOW),
    );
    expect(isProblemError(value) && value.status === 413 && value.extensions?.platform === 'linear').toBe(
      true,
    );
    expect(ms).toBeLessThan(1_000);
  });

  it('a failing 20 MB GitHub delivery is answered without re-parsing the payload for hints', () => {
    const payload = `{"items":[${'{"a":1},'.repeat(2_500_000)}{}]}`;
    const { value, ms } = timed(() =>
      verifyWebhook({ platform: 'github', secret: 's', payload, signature: `sha256=${'0'.repeat(64)}` }, NOW),
    );
    expect(value).toMatchObject({ valid: false, reason: 'signature_mismatch' });
    expect(ms).toBeLessThan(1_500);
  });

  it('a generic-ed25519 public_key or signature that is a long run of "=" is refused at once', () => {
    // Trailing `=` were once stripped with /=+$/, quadratic on such a run: 3 s for a 64 KiB key.
    const key = timed(() =>
      verifyWebhook({
        platform: 'generic-ed25519',
        public_key: `A${'='.repeat(MAX_KEY_CHARS - 2)}A`,
        payload: 'x',
        signature: 'ab',
      }),
    );
    expect(isProblemError(key.value) && key.value.code === 'invalid_public_key').toBe(true);
    expect(key.ms).toBeLessThan(1_000);
    const signature = timed(() =>
      verifyWebhook({
        platform: 'generic-ed25519',
        public_key: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
        payload: 'x',
        signature: `A${'='.repeat(MAX_SIGNATURE_CHARS - 2)}A`,
      }),
    );
    expect(signature.value).toMatchObject({ valid: false, reason: 'malformed_signature' });
    expect(signature.ms).toBeLessThan(1_000);
  });
});
