// A test file must load without a working engine: nothing computes a report while the app is built
// (the OpenAPI examples are computed when the document is first asked for). Mutation testing relies
// on it; a broken engine then fails the tests that use it, not every file at import.
// The test files share one module registry (`--no-isolate`): the registry is reset before the app is
// loaded here and again after, so the mock reaches this file's app and no other file's.
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/domain/report.js', () => ({
  calculate: () => {
    throw new Error('engine broken on purpose');
  },
}));

vi.resetModules();
const { app } = await import('./helpers.js');
afterAll(() => {
  vi.doUnmock('../../src/domain/report.js');
  vi.resetModules();
});

describe('with a broken engine', () => {
  it('the app builds and answers what does not compute a report', async () => {
    expect((await app.request('/health')).status).toBe(200);
    const methods = await app.request('/api/v1/methods');
    expect(methods.status).toBe(200);
    expect(((await methods.json()) as { methods: { id: string }[] }).methods.map((m) => m.id)).toEqual([
      'fifo',
      'lifo',
      'hifo',
      'average',
    ]);
  });

  it('a calculation is a 500, not a crash at import', async () => {
    const response = await app.request('/api/v1/calculate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ trades: [] }),
    });
    expect(response.status).toBe(500);
  });
});
