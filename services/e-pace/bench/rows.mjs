// Benchmark rows of service E, run by bench/run.mjs against the built server.
import { healthRow } from '../../../bench/health-row.mjs';
import { parseDistance, parseDuration } from '@dus/core';
import { EQUIVALENT_DISTANCES, paceReport, riegelTime, vdotReport } from '../dist/domain/index.js';

export const http = [
  healthRow('E', 'e-pace', '1.0.0'),
  {
    name: 'E POST /vdot (5K in 20:00)',
    method: 'POST',
    path: '/vdot',
    body: '{"distance":"5k","time":"20:00"}',
    // Parse the body, the distance and the time with core's parsers, the VDOT report, the same JSON.
    sameWork: (body) => {
      const { distance, time } = JSON.parse(body);
      return JSON.stringify(vdotReport(parseDistance(distance).value.meters, parseDuration(time).value));
    },
    // Within 0.1 of its 2026-11 ratio to bare Hono doing the same work (0.73).
    target: { bareHono: 0.63 },
  },
];

export const hotPaths = [
  {
    // /vdot solves VDOT(d, t) = V for t at nine distances to 0.0001 s (safeguarded Newton, a few
    // evaluations of the Daniels–Gilbert curve each). The ceiling is the same nine rows from a closed-form prediction
    // (Riegel), with the same pace and text formatting: the ratio is what the root finding costs.
    name: 'E vdotReport: VDOT + 9 equivalent times (Newton)',
    run: () => vdotReport(5000, 1200),
    ceiling: {
      name: '9 closed-form (Riegel) rows, same formatting',
      run: () =>
        EQUIVALENT_DISTANCES.map(({ distance_m }) =>
          paceReport(distance_m, riegelTime(1200, 5000, distance_m, 1.06)),
        ),
    },
    target: { atMost: 4 },
  },
];
