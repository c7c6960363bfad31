// Idempotency-Key classes over a real socket: REST and the MCP SDK client answer alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketSession } from './helpers.js';

let s: Awaited<ReturnType<typeof socketSession>>;
beforeAll(async () => {
  s = await socketSession();
});
afterAll(() => s.close());

const post = (key: string, body: unknown, timestamp: number, extra: Record<string, unknown> = {}) => ({
  method: 'POST',
  url: 'https://x.io/pay',
  headers: { 'Idempotency-Key': key },
  body,
  timestamp,
  ...extra,
});
const example = [
  post('k', { amount: 5 }, 0, { status: 201 }),
  post('"k"', { amount: 5 }, 50),
  post('k', { amount: 5 }, 200),
  post('k', { amount: 6 }, 300),
];

describe('request_deduplicator: Idempotency-Key classes', () => {
  it('the worked example with in_flight_ms 200: first 201, concurrent 409, retry 201, conflict 422', async () => {
    const body = await s.both('request_deduplicator', { requests: example, in_flight_ms: 200 });
    expect(body.idempotency).toEqual({
      requests: [
        {
          index: 0,
          id: null,
          key: 'k',
          class: 'first',
          first_index: 0,
          delta_ms: 0,
          http_status_if_replayed: 201,
        },
        {
          index: 1,
          id: null,
          key: 'k',
          class: 'concurrent',
          first_index: 0,
          delta_ms: 50,
          http_status_if_replayed: 409,
        },
        {
          index: 2,
          id: null,
          key: 'k',
          class: 'retry',
          first_index: 0,
          delta_ms: 200,
          http_status_if_replayed: 201,
        },
        {
          index: 3,
          id: null,
          key: 'k',
          class: 'conflict',
          first_index: 0,
          delta_ms: 300,
          http_status_if_replayed: 422,
        },
      ],
      counts: { first: 1, retry: 1, conflict: 1, concurrent: 1, missing_key: 0 },
    });
    expect(body.stats).toEqual({ total: 4, unique: 2, removed: 2, duplicate_rate: 0.5 });
  });

  it('by default the second is a retry; require_idempotency_key lists an unkeyed POST as missing_key', async () => {
    const body = await s.both('request_deduplicator', {
      requests: [...example, { method: 'POST', url: 'https://x.io/pay', id: 'bare' }],
      require_idempotency_key: true,
    });
    expect(body.idempotency.requests.map((r: { class: string }) => r.class)).toEqual([
      'first',
      'retry',
      'retry',
      'conflict',
      'missing_key',
    ]);
    expect(body.idempotency.requests[4]).toEqual({
      index: 4,
      id: 'bare',
      key: null,
      class: 'missing_key',
      first_index: null,
      delta_ms: null,
      http_status_if_replayed: 400,
    });
  });

  it.each([
    [{ in_flight_ms: -1 }, '/in_flight_ms'],
    [{ in_flight_ms: 86_400_001 }, '/in_flight_ms'],
    [{ in_flight_ms: 1.5 }, '/in_flight_ms'],
    [{ require_idempotency_key: 'yes' }, '/require_idempotency_key'],
  ])('%j → 400 at %s, and a tool error', async (option, path) => {
    const answer = await s.refused('request_deduplicator', { requests: example, ...option });
    expect(answer.status).toBe(400);
    expect(answer.problem.code).toBe('validation_failed');
    expect(answer.problem.errors.map((e: { path: string }) => e.path)).toEqual([path]);
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain(path.slice(1));
  });

  it('in_flight_ms 86,400,000 is accepted; the options belong to request_deduplicator only', async () => {
    const body = await s.both('request_deduplicator', { requests: example, in_flight_ms: 86_400_000 });
    expect(body.idempotency.counts).toEqual({
      first: 1,
      retry: 0,
      conflict: 1,
      concurrent: 2,
      missing_key: 0,
    });
    for (const tool of ['usage_analytics', 'batch_optimizer']) {
      const answer = await s.refused(tool, { requests: example, in_flight_ms: 10 });
      expect(answer.status).toBe(400);
      expect(answer.problem.errors[0].path).toBe('/in_flight_ms');
      expect(answer.isError).toBe(true);
    }
  });
});
