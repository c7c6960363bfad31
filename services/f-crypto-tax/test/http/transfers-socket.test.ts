// Issue #43 item 6 on the built server over a real socket: 4,000 buys then 4,000 whole-holding transfers
// (16 million lot moves before: 14 s) are answered; parts moved back and forth are refused by the bound.
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess(join(import.meta.dirname, '..', '..', 'dist', 'server.js'));
});
afterAll(() => server.stop('SIGKILL'));

const minute = (base: number, i: number) => new Date(base + i * 60_000).toISOString();

function pingPong(n: number, m: number, part: number) {
  const trades: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    trades.push({
      type: 'buy',
      asset: 'BTC',
      amount: '1',
      price: String(1000 + i),
      date: minute(Date.UTC(2023, 0, 1), i),
      wallet: 'A',
    });
  }
  const held = { A: n, B: 0 };
  for (let j = 0; j < m; j++) {
    const [from, to] = j % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
    const moved = held[from] - part;
    held[from] -= moved;
    held[to] += moved;
    trades.push({
      id: `t${j}`,
      type: 'transfer',
      asset: 'BTC',
      amount: String(moved),
      date: minute(Date.UTC(2025, 0, 1), j),
      from_wallet: from,
      to_wallet: to,
    });
  }
  return trades;
}

const post = (body: unknown) =>
  fetch(`${server.origin}/api/v1/calculate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('transfers over a real socket', () => {
  it.each([{}, { pooling: 'per_wallet' }, { jurisdiction: 'US' }])(
    '%j: 4,000 buys, 4,000 whole-holding transfers → 200, every lot back in A',
    async (options) => {
      const res = await post({ trades: pingPong(4000, 4000, 0), ...options });
      expect(res.status).toBe(200);
      const report = (await res.json()) as { holdings: unknown[] };
      // Σ (1000 + i), i < 4000 = 4,000,000 + 7,998,000
      expect(report.holdings).toEqual([
        {
          asset: 'BTC',
          wallet: 'pooling' in options || 'jurisdiction' in options ? 'A' : null,
          amount: '4000',
          cost_basis: '11998000.00',
          lots: 4000,
        },
      ]);
    },
  );

  it('4,000 buys, 4,000 transfers of all but half a unit → 422 too_expensive; the server still answers', async () => {
    const res = await post({ trades: pingPong(4000, 4000, 0.5), pooling: 'per_wallet' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'too_expensive', trade_id: 't62', limit: 250_000 });
    expect((await fetch(`${server.origin}/health`)).status).toBe(200);
  });
});
