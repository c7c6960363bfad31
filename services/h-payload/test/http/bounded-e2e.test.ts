// Issue 43 items 7, 8 and 9 on the built server over a real socket, at the issue's sizes: 800 `!`
// exclusions over 300,000 items in four 3 MB calls at once (once 11.8 s each, both workers pinned 162 s),
// 100 nested budgets over 9.5 MB (once 5.3 s), CBOR of -0, and compare's document order.
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

// biome-ignore lint/suspicious/noExplicitAny: JSON answers inspected field by field
const post = async (path: string, body: string): Promise<{ status: number; json: any }> => {
  const response = await fetch(`${server.origin}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, json: await response.json() };
};

/** 800 distinct names of two characters (800 `!` terms fit `fields`' 4096 characters). */
const names = Array.from(
  { length: 800 },
  (_, i) => `${'abcdefghijklmnopqrstuvwxyz'[Math.floor(i / 36)]}${(i % 36).toString(36)}`,
);

describe('masks and budgets linear in the document (built server)', () => {
  it('800 exclusions over 300,000 items, four 3 MB calls at once: each 200 with the exact sizes', async () => {
    // Every 100th item holds a member an exclusion names (`a1`, the 2nd name): those are removed.
    const items = Array.from({ length: 300_000 }, (_, i) =>
      i % 100 === 0 ? `{"zz":${10 + (i % 90)},"a1":7}` : `{"zz":${10 + (i % 90)}}`,
    );
    const payload = `[${items.join(',')}]`;
    const body = `{"fields":"${names.map((n) => `!${n}`).join(',')}","payload":${payload}}`;
    expect(body.length).toBeGreaterThan(3_000_000);
    const answers = await Promise.all(Array.from({ length: 4 }, () => post('apply-mask', body)));
    for (const { status, json } of answers) {
      expect(status).toBe(200);
      expect(json.original_bytes).toBe(payload.length);
      expect(json.delta_bytes).toBe(3_000 * ',"a1":7'.length);
      expect(json.masked).toHaveLength(300_000);
      expect(json.masked[100]).toEqual({ zz: 20 });
    }
  }, 300_000);

  it('700 names kept over 300,000 items: 200, each item masked', async () => {
    const items = Array.from({ length: 300_000 }, (_, i) => `{"${names[i % 5]}":1,"zz":2}`);
    const { status, json } = await post(
      'apply-mask',
      `{"fields":"${names.slice(0, 700).join(',')}","payload":[${items.join(',')}]}`,
    );
    expect(status).toBe(200);
    expect(json.masked[3]).toEqual({ [names[3]!]: 1 });
  }, 300_000);

  it('100 nested budgets over 9.5 MB: 200 with every size exact', async () => {
    const blob = `[${Array.from({ length: 500_000 }, () => '"abcdefghijklmnop"').join(',')}]`;
    const inner = `{"blob":${blob}}`;
    const payload = `${'{"a":'.repeat(99)}${inner}${'}'.repeat(99)}`;
    expect(payload.length).toBeGreaterThan(9_000_000);
    const budgets = Array.from({ length: 100 }, (_, i) => `{"path":"${'/a'.repeat(i)}","max_bytes":1000}`);
    const { status, json } = await post('budget-check', `{"payload":${payload},"budgets":[${budgets}]}`);
    expect(status).toBe(200);
    expect(json.budgets).toHaveLength(100);
    json.budgets.forEach((budget: { bytes: number; worst_path: string }, i: number) => {
      expect(budget.bytes).toBe(payload.length - 6 * i);
      expect(budget.worst_path).toBe('/a'.repeat(i));
    });
    expect(json).toMatchObject({ bytes: payload.length, failed: 100, pass: false });
  }, 300_000);

  it('CBOR of -0 is the CBOR of 0 (H serialises -0 as 0): 1 byte, like JSON and MessagePack', async () => {
    const { status, json } = await post('payload-analyze', '{"payload":-0}');
    expect(status).toBe(200);
    expect(json.formats).toEqual({ json: 1, cbor: 1, msgpack: 1 });
  });

  it('compare lists added fields in document order when a member changed type', async () => {
    const { json } = await post(
      'compare-payloads',
      '{"original":{"id":1,"flag":true,"active":true},"optimized":{"id":1,"flag":{"on":true},"active":true,"extra":1}}',
    );
    expect(json.added_fields).toEqual([{ path: '/flag/on' }, { path: '/extra' }]);
  });
});
