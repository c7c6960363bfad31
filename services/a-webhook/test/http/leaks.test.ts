/** No secret used by the HTTP tests appears in the service's static documents; and the leak check works. */
import { describe, expect, it } from 'vitest';
import { FIXTURES, NOW } from '../domain/helpers/fixtures.js';
import { get, post, verify } from './helpers/client.js';
import { findLeaks, leaksSoFar, recordedResponses, registerSecrets } from './helpers/recorder.js';
import { ALL_TEST_SECRETS, SECRET } from './helpers/secrets.js';

describe('secrets never appear in responses', () => {
  it('the static documents contain none of the test secrets', async () => {
    const documents = await Promise.all(
      ['/', '/openapi.json', '/docs', '/platforms', '/version', '/health', '/mcp'].map(async (path) => ({
        label: path,
        text: (await get(path, { accept: 'application/json' })).text,
      })),
    );
    expect(documents.every((document) => document.text.length > 0)).toBe(true);
    expect(findLeaks(documents, ALL_TEST_SECRETS)).toEqual([]);
  });

  it('every platform, valid or not, answers without the secret (the recorder sees it all)', async () => {
    for (const fixture of FIXTURES) {
      const input = fixture.sign({ secret: SECRET, ts: NOW });
      await verify({ ...input, now: NOW });
      await verify({ ...input, secret: [`${SECRET}-wrong`, SECRET], now: NOW });
      await verify({ ...input, payload: `${input.payload} `, now: NOW + 1_000_000 });
      await verify({ ...input, signature: `${input.signature}x`, tolerance: -1 });
      await verify({ ...input, platform: 'no-such-platform' });
    }
    // A secret sent as the wrong member, or in a body that is not even valid JSON.
    registerSecrets(`${SECRET}-misplaced`);
    await post(
      '/verify',
      JSON.stringify({ platform: 'github', secrets: `${SECRET}-misplaced`, payload: '' }),
    );
    await post('/verify', `{"platform":"github","secret":"${SECRET}-misplaced",`);
    expect(recordedResponses().length).toBeGreaterThan(FIXTURES.length * 5);
    expect(leaksSoFar()).toEqual([]);
  });

  it('the check finds a secret in raw and JSON-escaped form', () => {
    const secret = 'se"cret\\with-quotes';
    expect(findLeaks([{ label: 'raw', text: `x${secret}y` }], [secret])).toHaveLength(1);
    expect(findLeaks([{ label: 'json', text: JSON.stringify({ secret }) }], [secret])).toHaveLength(1);
    expect(findLeaks([{ label: 'clean', text: 'nothing here' }], [secret])).toEqual([]);
  });
});
