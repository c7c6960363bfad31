// What each image would contain, proven without a Docker engine: for every service, the same
// `pnpm deploy --prod --legacy` folder the Dockerfile's build stage copies into the runtime image, then
// that folder started on its own as the image starts it (NODE_ENV=production, `--max-old-space-size` from
// MAX_HEAP_MB, no workspace around it), its /health checked and, for a service with heavy operations, one
// call of each above its size threshold answered 200 by the worker threads loaded from that folder; and no
// development dependency may be inside.
//   npm run test:images            every service;  npm run test:images -- g-canonical e-pace   some
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './ports.mjs';
import { build, ensureInstalled, env, root, services } from './workspace.mjs';

ensureInstalled();
const wanted = process.argv.slice(2);
const chosen = services().filter((s) => wanted.length === 0 || wanted.some((w) => s.name.includes(w)));
build();

/** The image's default heap cap (Dockerfile: ARG MAX_HEAP_MB=512). */
const HEAP_MB = 512;
const HEAVY_BYTES = 1024 * 1024 + 1024;

/**
 * Each heavy operation (documented with 503 `overloaded`) called with its own example padded past every
 * heavy threshold with JSON whitespace: a 200 proves its worker threads load from the deployed folder.
 */
async function heavyCalls(origin, service, failures) {
  const document = await (await fetch(`${origin}${service.basePath ?? ''}/openapi.json`)).json();
  let count = 0;
  for (const [path, item] of Object.entries(document.paths)) {
    const post = item.post;
    const example = post?.requestBody?.content?.['application/json']?.example;
    if (!JSON.stringify(post?.responses?.['503'] ?? '').includes('overloaded') || example === undefined) continue;
    const text = JSON.stringify(example);
    const res = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `${text}${' '.repeat(HEAVY_BYTES - Buffer.byteLength(text))}`,
    });
    await res.arrayBuffer();
    if (res.status !== 200) failures.push(`${service.name}: heavy POST ${path} answered ${res.status}`);
    count++;
  }
  return count;
}

const work = mkdtempSync(join(tmpdir(), 'dus-images-'));
const failures = [];
for (const service of chosen) {
  const manifest = JSON.parse(readFileSync(join(service.dir, 'package.json'), 'utf8'));
  const out = join(work, service.name);
  const started = Date.now();
  const deploy = spawnSync('pnpm', ['--filter', manifest.name, 'deploy', '--prod', '--legacy', out], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (deploy.status !== 0) {
    failures.push(`${service.name}: pnpm deploy failed\n${deploy.stderr}`);
    continue;
  }
  rmSync(join(out, 'test'), { recursive: true, force: true });
  const present = readdirSync(join(out, 'node_modules'), { withFileTypes: true }).flatMap((entry) =>
    entry.name.startsWith('@')
      ? readdirSync(join(out, 'node_modules', entry.name)).map((name) => `${entry.name}/${name}`)
      : [entry.name],
  );
  const dev = Object.keys(manifest.devDependencies ?? {}).filter((name) => present.includes(name));
  if (dev.length > 0) failures.push(`${service.name}: development dependencies in the image: ${dev.join(', ')}`);
  if (!existsSync(join(out, 'dist', 'server.js'))) failures.push(`${service.name}: no dist/server.js in the image`);

  const port = await freePort();
  // As the Dockerfile's CMD: `node --max-old-space-size="$MAX_HEAP_MB" --no-allocation-site-pretenuring dist/server.js`.
  const args = [`--max-old-space-size=${HEAP_MB}`, '--no-allocation-site-pretenuring', 'dist/server.js'];
  const child = spawn(process.execPath, args, {
    cwd: out,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      MAX_HEAP_MB: String(HEAP_MB),
      // Above every heavy threshold (1 MiB at most) on the routes of the default limit too.
      MAX_BODY_BYTES: String(4 * 1024 * 1024),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  try {
    await waitForPort(port, child, service.name);
    const health = `http://127.0.0.1:${port}${service.basePath ?? ''}/health`;
    const res = await fetch(health);
    const body = await res.json();
    if (res.status !== 200 || body.status !== 'ok' || body.service !== service.name) {
      failures.push(`${service.name}: ${health} answered ${res.status} ${JSON.stringify(body)}`);
    } else {
      const heavy = await heavyCalls(`http://127.0.0.1:${port}`, service, failures);
      console.log(
        `ok  ${service.name.padEnd(16)} ${present.length} production packages, /health 200${heavy > 0 ? `, ${heavy} heavy calls 200 in the worker pool` : ''} (${Date.now() - started} ms)`,
      );
    }
  } catch (error) {
    failures.push(`${service.name}: did not start from its deploy folder: ${error.message}\n${stderr}`);
  } finally {
    child.kill('SIGTERM');
  }
}
rmSync(work, { recursive: true, force: true });
if (failures.length > 0) {
  console.error(`\n${failures.join('\n')}`);
  process.exit(1);
}
console.log(`\nimages: ${chosen.length} of ${chosen.length} services start from their production-only folders`);
