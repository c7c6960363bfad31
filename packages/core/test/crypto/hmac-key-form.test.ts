import { Session } from 'node:inspector/promises';
import { describe, expect, it } from 'vitest';
import { hmac } from '../../src/index.js';

/** How many exceptions are thrown (caught or not) while `run` runs: the debugger pauses on each. */
async function exceptionsThrownBy(run: () => void): Promise<number> {
  const session = new Session();
  session.connect();
  let thrown = 0;
  session.on('Debugger.paused', () => {
    thrown++;
    void session.post('Debugger.resume');
  });
  await session.post('Debugger.enable');
  await session.post('Debugger.setPauseOnExceptions', { state: 'all' });
  try {
    run();
  } finally {
    await session.post('Debugger.setPauseOnExceptions', { state: 'none' });
    session.disconnect();
  }
  return thrown;
}

// Given raw key bytes, Node 24's createHmac asks whether they are a KeyObject or a CryptoKey by
// catching an error thrown by each check (~10 µs an HMAC); `hmac` hands it a KeyObject instead.
describe('hmac: the key form node:crypto takes fastest', () => {
  it('the probe counts exceptions that are caught', async () => {
    const caughtTwice = () => {
      for (const text of ['{', '[']) {
        try {
          JSON.parse(text);
        } catch {
          // counted, not needed
        }
      }
    };
    expect(await exceptionsThrownBy(caughtTwice)).toBe(2);
  });

  it('a byte key and a string key throw nothing on the way', async () => {
    const bytes = new Uint8Array(32).fill(7);
    expect(await exceptionsThrownBy(() => hmac('sha-256', bytes, 'x'))).toBe(0);
    expect(await exceptionsThrownBy(() => hmac('sha-256', bytes.subarray(4), ['x', 'y']))).toBe(0);
    expect(await exceptionsThrownBy(() => hmac('sha-1', 'Jefe', 'x'))).toBe(0);
  });
});
