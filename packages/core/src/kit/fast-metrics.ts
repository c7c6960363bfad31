import type { Metric, Registry } from 'prom-client';

/**
 * A counter and a histogram for the per-request series, registered on a prom-client registry as
 * metrics of their own (prom-client renders them with everything else). prom-client's own `inc` and
 * `observe` hash the label object on every call, even on a bound child: about 1.8 µs a request on a
 * `GET /health` of 15 µs. Here a label set is found by a string key in a Map and an observation is a few
 * array increments; the label objects are built once, and the exposition only when scraped.
 */
interface Series<T> {
  labels: Record<string, string>;
  state: T;
}

abstract class FastMetric<T> {
  readonly type: 'counter' | 'histogram';
  readonly aggregator = 'sum' as const;
  readonly #series = new Map<string, Series<T>>();

  constructor(
    readonly name: string,
    readonly help: string,
    type: 'counter' | 'histogram',
    registry: Registry,
  ) {
    this.type = type;
    registry.registerMetric(this as unknown as Metric);
  }

  protected series(key: string, labels: () => Record<string, string>): T {
    let found = this.#series.get(key);
    if (found === undefined) {
      found = { labels: labels(), state: this.initial() };
      this.#series.set(key, found);
    }
    return found.state;
  }

  protected abstract initial(): T;
  protected abstract values(
    series: Series<T>,
  ): Array<{ metricName?: string; labels: Record<string, string | number>; value: number }>;

  async get() {
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values: [...this.#series.values()].flatMap((series) => this.values(series)),
    };
  }

  reset(): void {
    this.#series.clear();
  }
}

export class FastCounter extends FastMetric<{ value: number }> {
  constructor(name: string, help: string, registry: Registry) {
    super(name, help, 'counter', registry);
  }

  /** Adds one to the series of `key`, whose labels `labels()` builds the first time. */
  inc(key: string, labels: () => Record<string, string>): void {
    this.series(key, labels).value++;
  }

  protected initial() {
    return { value: 0 };
  }

  protected values(series: Series<{ value: number }>) {
    return [{ labels: series.labels, value: series.state.value }];
  }
}

/** prom-client's default buckets, in seconds. */
export const DEFAULT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface HistogramState {
  /** Observations per bucket, not cumulative (the last one is +Inf). */
  counts: Float64Array;
  sum: number;
  count: number;
}

export class FastHistogram extends FastMetric<HistogramState> {
  constructor(
    name: string,
    help: string,
    registry: Registry,
    readonly buckets: readonly number[] = DEFAULT_BUCKETS,
  ) {
    super(name, help, 'histogram', registry);
  }

  observe(key: string, labels: () => Record<string, string>, value: number): void {
    const state = this.series(key, labels);
    let bucket = 0;
    while (bucket < this.buckets.length && value > this.buckets[bucket]!) bucket++;
    state.counts[bucket]!++;
    state.sum += value;
    state.count++;
  }

  protected initial(): HistogramState {
    return { counts: new Float64Array(this.buckets.length + 1), sum: 0, count: 0 };
  }

  protected values({ labels, state }: Series<HistogramState>) {
    let cumulative = 0;
    const bounds = [...this.buckets.map(String), '+Inf'];
    return [
      ...bounds.map((le, i) => {
        cumulative += state.counts[i]!;
        return { metricName: `${this.name}_bucket`, labels: { le, ...labels }, value: cumulative };
      }),
      { metricName: `${this.name}_sum`, labels, value: state.sum },
      { metricName: `${this.name}_count`, labels, value: state.count },
    ];
  }
}
