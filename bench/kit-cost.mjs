// `npm run bench:kit`: what the service kit's JavaScript costs on each declared row, beside a bare
// Hono app doing the row's same work, with no socket in the measurement (bench/kit-cost-child.mjs).
// The HTTP rows of `npm run bench` carry the kernel's work and the load generator's timing, which
// amplify and blur a difference of a few µs; this figure does not, so it shows what a kit change saves.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { declaredRows, declaredServices } from './declared.mjs';

const services = declaredServices();

function measure(dir, name) {
  return new Promise((resolve, reject) => {
    const child = fork(join(import.meta.dirname, 'kit-cost-child.mjs'), [dir, name], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', resolve);
    child.once('exit', (code) => code !== 0 && reject(new Error(`${name}: exited with ${code}`)));
  });
}

const lines = ['| row | kit µs/req | bare Hono, same work | kit − bare |', '|---|---|---|---|'];
for (const dir of services) {
  const { http = [] } = await declaredRows(dir);
  // Rows answered by the worker pool measure threads, not the request path.
  for (const row of http.filter((candidate) => candidate.connections === undefined)) {
    const { ours, bare } = await measure(dir, row.name);
    lines.push(`| ${row.name} | ${ours.toFixed(2)} | ${bare.toFixed(2)} | ${(ours - bare).toFixed(2)} |`);
    console.error(`  ${row.name}: ${ours.toFixed(2)} µs, bare Hono ${bare.toFixed(2)} µs`);
  }
}
console.log(lines.join('\n'));
