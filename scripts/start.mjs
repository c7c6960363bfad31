// `npm start [-- <service>…]`: install if needed, build, start every service (or the ones named, by
// directory or id letter) on its default port plus PORT_OFFSET, announce each once it listens, then
// show one compact line per request (START_LOGS=json: the JSON lines; START_LOGS=0: none). Every taken
// port is named at once, before anything starts; a service that exits is named with its exit code and
// last lines while the others keep running; Ctrl-C stops all.
import { createInterface } from 'node:readline';
import { portTaken } from './ports.mjs';
import { build, ensureInstalled, services, spawnService } from './workspace.mjs';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  const rows = services().map(
    (s) => `  ${s.name.padEnd(16)} ${s.name[0].toUpperCase()}  http://127.0.0.1:${s.port}${s.basePath ?? ''}/`,
  );
  console.log(
    [
      'Usage: npm start [-- <service>…]',
      '',
      'Builds the repository (installing first if needed) and starts every service, or the ones named by',
      'directory or id letter (`npm start -- e g`, `npm start -- e-pace`), each on its own port:',
      ...rows,
      '',
      'Environment:',
      '  PORT_OFFSET=<n>   add n to every port (when one is taken)',
      "  START_LOGS=json   the services' JSON log lines as they are; START_LOGS=0: no request lines",
      "A service's own settings (PORT, LOG_LEVEL, REDIS_URL, …): node services/<service>/dist/server.js --help,",
      "or the README's Configuration. Ctrl-C stops them all.",
    ].join('\n'),
  );
  process.exit(0);
}
const wanted = args.map((name) => name.toLowerCase());
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

const taken = (
  await Promise.all(chosen.map(async (s) => ((await portTaken(s.port + offset)) ? s : undefined)))
).filter(Boolean);
if (taken.length > 0) {
  const list = taken.map((s) => `${s.port + offset} (${s.name})`).join(', ');
  console.error(
    `Not started: port${taken.length > 1 ? 's' : ''} ${list} ${taken.length > 1 ? 'are' : 'is'} already in use. Move every port at once with PORT_OFFSET (e.g. PORT_OFFSET=100 npm start).`,
  );
  process.exit(1);
}

const width = Math.max(...chosen.map((s) => s.name.length)) + 2;
const raw = process.env.START_LOGS === 'json';
const quiet = process.env.START_LOGS === '0';

/** A service's JSON log line as one compact line: requests as method, route, status and time. */
function compact(name, line) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return `${name.padEnd(width)}${line}`;
  }
  const level = { 40: 'WARN ', 50: 'ERROR ', 60: 'FATAL ' }[entry.level] ?? '';
  if (entry.msg === 'request') {
    const tool = entry.tool ? ` (${entry.tool})` : '';
    return `${name.padEnd(width)}${entry.method} ${entry.route ?? '(no route)'}${tool} ${entry.status} ${entry.ms} ms`;
  }
  const detail = entry.err?.message ? `: ${entry.err.message}` : '';
  return `${name.padEnd(width)}${level}${entry.msg}${detail}`;
}

let stopping = false;
/** Whether a service exited with an error (the exit code of `npm start` once none runs). */
let failed = false;
let ready = 0;
let running = chosen.length;
const children = chosen.map((service) => {
  const port = service.port + offset;
  const child = spawnService(service, { PORT: String(port) }, ['ignore', 'pipe', 'pipe']);
  const recent = [];
  const remember = (line) => {
    recent.push(line);
    if (recent.length > 8) recent.shift();
  };
  createInterface({ input: child.stderr }).on('line', (line) => {
    remember(line);
    console.error(`${service.name.padEnd(width)}${line}`);
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    remember(line);
    if (line.includes('"msg":"listening"')) {
      const origin = `http://127.0.0.1:${port}${service.basePath ?? ''}`;
      console.log(`  ${service.name.padEnd(16)} ${origin}/  (docs: ${origin}/docs)`);
      if (++ready === chosen.length)
        console.log('\nAll services are up (request logs below). Press Ctrl-C to stop.\n');
    } else if (!quiet) {
      console.log(raw ? line : compact(service.name, line));
    }
  });
  child.on('exit', (code, signal) => {
    running--;
    if (stopping) return;
    if (code === 0) {
      // A clean exit (it was stopped, e.g. by a SIGTERM of its own): nothing went wrong.
      console.log(`\n${service.name} stopped (exit code 0)${running > 0 ? '; the others keep running' : ''}.\n`);
      if (running === 0) process.exit(failed ? 1 : 0);
      return;
    }
    failed = true;
    const lines = recent.map((line) => `    ${raw ? line : compact(service.name, line)}`).join('\n');
    console.error(
      `\n✗ ${service.name} exited (${signal ?? `code ${code}`}); the others keep running.${lines ? ` Its last lines:\n${lines}` : ''}\n`,
    );
    if (running === 0) process.exit(1);
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
