// The attack suite's smoke subset, inside `npm test`: every built service, small fuzz counts, the
// Node-level refusals, slow clients, aborts, the early 413, the large inputs and the light reproducers of
// issue 23; no load run.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { services } from '../../scripts/workspace.mjs';
import { attackService, formatReport } from '../lib/suite.mjs';

describe('attack smoke', () => {
  it.concurrent.each(services().map((service) => [service.name, service]))(
    '%s: no violations',
    async (_name, service) => {
      const report = await attackService(service, {
        perRoute: 120,
        seed: 7,
        large: true,
        loadSeconds: 0,
        lightReproducers: true,
        // All eight run at once on this machine's cores: each time allowance grows by how many share one.
        timeScale: Math.max(1, services().length / availableParallelism()),
      });
      const violations = report.results.flatMap((result) => result.violations);
      expect(violations, formatReport(report)).toEqual([]);
      expect(report.routes).toBeGreaterThan(0);
      expect(report.tools).toBeGreaterThan(0);
    },
    60_000,
  );
});
