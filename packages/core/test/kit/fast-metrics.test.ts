// The kit's fast counter and histogram expose exactly what prom-client's own would, for the same
// observations (prom-client is the reference: same registry, same text format).
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { FastCounter, FastHistogram } from '../../src/kit/fast-metrics.js';

/** The exposition of one metric, its name replaced, so two implementations can be compared. */
async function exposition(registry: Registry, name: string): Promise<string> {
  return (await registry.getSingleMetricAsString(name)).replaceAll(name, 'm');
}

describe('fast metrics', () => {
  it('a histogram renders as prom-client renders the same observations', async () => {
    const registry = new Registry();
    const reference = new Histogram({
      name: 'reference_seconds',
      help: 'h',
      labelNames: ['route', 'method'] as const,
      registers: [registry],
    });
    const fast = new FastHistogram('fast_seconds', 'h', registry, ['route', 'method']);
    const observations: Array<[string, string, number]> = [
      ['/a', 'GET', 0.001],
      ['/a', 'GET', 0.005],
      ['/a', 'GET', 0.0051],
      ['/b', 'POST', 0.3],
      ['/a', 'GET', 12],
      ['/b', 'POST', 10],
    ];
    for (const [route, method, seconds] of observations) {
      reference.observe({ route, method }, seconds);
      fast.observe(route, method, seconds);
    }
    expect(await exposition(registry, 'fast_seconds')).toBe(await exposition(registry, 'reference_seconds'));
  });

  it('a counter renders as prom-client renders the same increments; reset empties it', async () => {
    const registry = new Registry();
    const reference = new Counter({
      name: 'reference_total',
      help: 'c',
      labelNames: ['tool', 'outcome'] as const,
      registers: [registry],
    });
    const fast = new FastCounter('fast_total', 'c', registry, ['tool', 'outcome']);
    for (const [tool, outcome] of [
      ['a', 'ok'],
      ['a', 'ok'],
      ['b', 'error'],
    ] as const) {
      reference.inc({ tool, outcome });
      fast.inc(tool, outcome);
    }
    expect(await exposition(registry, 'fast_total')).toBe(await exposition(registry, 'reference_total'));
    registry.resetMetrics();
    expect(await exposition(registry, 'fast_total')).toBe(await exposition(registry, 'reference_total'));
  });

  it('a counter over three labels, one of them a number, renders as prom-client renders it', async () => {
    const registry = new Registry();
    const reference = new Counter({
      name: 'reference_total',
      help: 'c',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    });
    const fast = new FastCounter('fast_total', 'c', registry, ['route', 'method', 'status']);
    for (const [route, method, status] of [
      ['/a', 'GET', 200],
      ['/a', 'GET', 404],
      ['/a', 'POST', 200],
      ['/b', 'GET', 200],
      ['/a', 'GET', 200],
    ] as const) {
      reference.inc({ route, method, status: String(status) });
      fast.inc(route, method, status);
    }
    expect(await exposition(registry, 'fast_total')).toBe(await exposition(registry, 'reference_total'));
  });
});
