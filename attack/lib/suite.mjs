// Runs every check against every built service and reports a table per service.
import { fuzz, largeInputs, load, nodeLevel, slowAndAborted } from './checks.mjs';
import { discover } from './discover.mjs';
import { hostile } from './hostile.mjs';
import { reproducers } from './reproducers.mjs';
import { startService } from './server.mjs';

/**
 * The large-input checks of services attacked at once take turns: each sends bodies up to its route
 * limit (10 MiB) and times the answer, which eight parsing at once on two cores would mostly measure.
 */
let largeTurn = Promise.resolve();

function inTurn(run) {
  const result = largeTurn.then(run);
  largeTurn = result.catch(() => {});
  return result;
}

export async function attackService(service, options) {
  const server = await startService(service);
  try {
    const found = await discover(server.origin, service.basePath ?? '');
    const results = [];
    results.push(await nodeLevel(server));
    // Before the fuzz: key guessing is counted per client and minute, and this check counts from zero.
    results.push(await hostile(server, found));
    results.push(await fuzz(server, found, options));
    results.push(await slowAndAborted(server, found));
    const timeScale = options.timeScale ?? 1;
    if (options.large) results.push(await inTurn(() => largeInputs(server, found, { timeScale })));
    results.push(await reproducers(server, service, { light: options.lightReproducers === true, timeScale }));
    if (options.loadSeconds > 0) results.push(await load(server, found, { seconds: options.loadSeconds }));
    if (!server.alive())
      results.push({ check: 'alive at the end', requests: 0, violations: ['the server died'], worst_ms: 0 });
    return { service: service.name, routes: found.routes.length, tools: found.tools.length, results };
  } finally {
    await server.stop();
  }
}

export function formatReport(report) {
  const lines = [
    `\n${report.service} (${report.routes} routes, ${report.tools} tools)`,
    `| check | requests | violations | worst ms |`,
    `|---|---|---|---|`,
  ];
  for (const result of report.results) {
    lines.push(
      `| ${result.check} | ${result.requests} | ${result.violations.length} | ${Math.round(result.worst_ms)} |`,
    );
  }
  for (const result of report.results)
    for (const violation of result.violations) lines.push(`  ✗ ${result.check}: ${violation}`);
  return lines.join('\n');
}
