// Issue 43 (items 4 and 8) on the built server over a real socket, at the sizes: include pointers
// nested in one another are refused before any body is copied (a 9.5 MB body once gave a 500, with an
// exclude 65 s and 4.4 GB in a worker then a 503, 0.9 MB 1.7 s of event loop), the names include
// pointers add are bounded, and one JSON-typed body holding 1e400 no longer refuses 100,000 calls.
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: ServerProcess;

beforeAll(async () => {
  // A deadline far above the kit's: these tests check answers, not speed, on a machine that may be busy.
  server = await startServerProcess(join(import.meta.dirname, '..', '..', 'dist', 'server.js'), {
    CALL_TIMEOUT_MS: '300000',
  });
});
afterAll(() => server.stop('SIGKILL'));

const post = async (path: string, body: string) => {
  const response = await fetch(`${server.origin}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

/** One POST whose body is `{"a":{"a":…[1,1,…]}}` 64 deep, with the 64 pointers /a, /a/a, … included. */
function nestedPointers(bulkBytes: number, exclude: boolean) {
  const bulk = `[${'1,'.repeat(Math.floor(bulkBytes / 2) - 1)}1]`;
  const body = `${'{"a":'.repeat(64)}${bulk}${'}'.repeat(64)}`;
  const include = Array.from({ length: 64 }, (_, i) => '/a'.repeat(i + 1));
  const fingerprint = JSON.stringify(exclude ? { include, exclude: ['/zz'] } : { include });
  return `{"fingerprint":${fingerprint},"requests":[{"method":"POST","url":"https://a.io/p","body":${body}}]}`;
}

const NESTED = {
  status: 422,
  json: {
    code: 'nested_include',
    errors: [{ path: '/fingerprint/include/1', code: 'nested_include' }],
  },
};

describe('fingerprint.include bounds its own work (built server)', () => {
  it.each([
    ['9.5 MB, include only', 'request_deduplicator', 9_500_000, false],
    ['9.5 MB, with an exclude', 'request_deduplicator', 9_500_000, true],
    ['0.9 MB (inline), with an exclude', 'usage_analytics', 900_000, true],
    ['9.5 MB on cost_analyzer', 'cost_analyzer', 9_500_000, true],
  ] as const)(
    '64 nested include pointers over %s: 422 nested_include',
    async (_name, path, bytes, exclude) => {
      const body = nestedPointers(bytes, exclude);
      const priced =
        path === 'cost_analyzer' ? body.replace('{"fingerprint"', '{"price_per_call":1,"fingerprint"') : body;
      expect(await post(path, priced)).toMatchObject(NESTED);
    },
    60_000,
  );

  it('64 sibling pointers of 512 characters over 9 MB of small bodies: 422 projection_too_large', async () => {
    const prefix = 'p'.repeat(500);
    const members = Array.from({ length: 64 }, (_, i) => `"m${i}":1`).join(',');
    const include = Array.from({ length: 64 }, (_, i) => `"/${prefix}/m${i}"`);
    const request = (i: number) =>
      `{"method":"POST","url":"https://a.io/${i}","body":{"${prefix}":{${members}}}}`;
    const body = `{"fingerprint":{"include":[${include}]},"requests":[${Array.from({ length: 9_000 }, (_, i) => request(i))}]}`;
    expect(await post('request_deduplicator', body)).toMatchObject({
      status: 422,
      json: {
        code: 'projection_too_large',
        max_chars: 33_554_432,
        errors: [{ path: '/fingerprint/include' }],
      },
    });
    // Below the bound the same pointers are answered: 60 such bodies, each projected alike.
    const few = `{"fingerprint":{"include":[${include}]},"requests":[${Array.from({ length: 60 }, (_, i) => request(i))}]}`;
    const answer = await post('request_deduplicator', few);
    expect(answer.status).toBe(200);
    expect(answer.json.stats).toEqual({ total: 60, unique: 60, removed: 0, duplicate_rate: 0 });
  }, 300_000);

  it('100,000 calls with one JSON-typed body holding 1e400: 200, that body hashed as its text', async () => {
    const calls = Array.from(
      { length: 100_000 },
      (_, i) => `{"method":"GET","url":"https://a.io/u/${i % 50_000}","timestamp":${i}}`,
    );
    const typed = (i: number) =>
      `{"method":"POST","url":"https://a.io/p","headers":{"content-type":"application/json"},"body":"{\\"n\\":1e400}","timestamp":${i}}`;
    calls[500] = typed(500);
    calls[501] = typed(501);
    const answer = await post('request_deduplicator', `{"include_unsafe":true,"requests":[${calls}]}`);
    expect(answer.status).toBe(200);
    expect(answer.json.stats).toMatchObject({ total: 100_000 });
    const duplicates = answer.json.duplicates as Array<{
      index: number;
      duplicate_of: number;
      reason: string;
    }>;
    expect(duplicates.find((d) => d.index === 501)).toMatchObject({
      duplicate_of: 500,
      reason: 'likely_retry',
    });
  }, 300_000);

  it('serves on', async () => {
    const health = await fetch(`${server.origin}/api-request-deduplicator/health`);
    expect(health.status).toBe(200);
  });
});
