// Growth of a domain engine with its input size: time per item at each size and the time over
// n·log2(n), normalised to the smallest size (1.00 everywhere = exactly n log n; falling = better).
export function measureGrowth(row) {
  const points = [];
  for (const n of row.sizes) {
    const input = row.setup(n);
    const runs = n <= 10_000 ? 5 : 1;
    row.run(input); // warm-up (JIT)
    const heapBefore = process.memoryUsage().heapUsed;
    const started = process.hrtime.bigint();
    for (let i = 0; i < runs; i++) row.run(input);
    const ms = Number(process.hrtime.bigint() - started) / 1e6 / runs;
    points.push({
      n,
      ms,
      us_per_item: (ms * 1000) / n,
      heap_delta_mib: (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20,
    });
  }
  const base = points[0].ms / (points[0].n * Math.log2(points[0].n));
  for (const point of points) point.vs_n_log_n = point.ms / (point.n * Math.log2(point.n)) / base;
  return points;
}
