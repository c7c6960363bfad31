// `npm start [-- <service>…]`: install if needed, build, start every service (or the ones named, by
// directory or id letter) on its default port plus PORT_OFFSET, announce each once it listens, stop
// all on Ctrl-C. A service that cannot start says why in one line, and the others are stopped.
import { createInterface } from 'node:readline';
import { build, ensureInstalled, services, spawnService } from './workspace.mjs';

const wanted = process.argv.slice(2).map((name) => name.toLowerCase());
const offset = Number(process.env.PORT_OFFSET ?? 0);
if (!Number.isInteger(offset) || offset < 0 || offset > 50_000) {
  console.error(
    `PORT_OFFSET must be a whole number from 0 to 50000 (got ${JSON.stringify(process.env.PORT_OFFSET)}).`,
  );
  process.exit(2);
}
const all = services();
const chosen =
  wanted.length === 0
    ? all
    : all.filter((s) => wanted.some((w) => s.name === w || s.name.startsWith(`${w}-`)));
const unknown = wanted.filter((w) => !all.some((s) => s.name === w || s.name.startsWith(`${w}-`)));
if (unknown.length > 0 || chosen.length === 0) {
  console.error(
    `Unknown service ${unknown.join(', ') || '(none chosen)'}; choose from: ${all.map((s) => s.name).join(', ')}.`,
  );
  process.exit(2);
}

ensureInstalled();
build();

let stopping = false;
let ready = 0;
const children = chosen.map((service) => {
  const port = service.port + offset;
  const child = spawnService(service, { PORT: String(port) }, ['ignore', 'pipe', 'pipe']);
  let lastError = '';
  createInterface({ input: child.stderr }).on('line', (line) => {
    lastError = line;
    // A start-up refusal is one line naming the service: it is reported once, below, with advice.
    if (!line.startsWith(`${service.name}: `)) console.error(line);
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.includes('"msg":"listening"')) {
      console.log(
        `  ${service.name.padEnd(16)} http://127.0.0.1:${port}${service.basePath ?? ''}/  (docs: ${service.basePath ?? ''}/docs)`,
      );
      if (++ready === chosen.length) console.log('\nAll services are up. Press Ctrl-C to stop.\n');
    } else if (process.env.START_LOGS === '1') {
      console.log(line);
    }
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(
      lastError.startsWith(service.name)
        ? `Not started: ${lastError} With npm start, move every port at once with PORT_OFFSET (e.g. PORT_OFFSET=100 npm start).`
        : `${service.name} exited (${signal ?? code}); stopping the others.`,
    );
    stop(1);
  });
  return child;
});
console.log(
  `\nStarting ${chosen.length} service${chosen.length > 1 ? 's' : ''}${offset ? ` (ports +${offset})` : ''}…`,
);

function stop(code) {
  if (stopping) return;
  stopping = true;
  let left = children.filter((child) => child.exitCode === null && child.signalCode === null).length;
  if (left === 0) process.exit(code);
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.once('exit', () => {
      if (--left === 0) process.exit(code);
    });
    child.kill('SIGTERM');
  }
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
