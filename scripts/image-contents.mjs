// What each image would contain, proven without a Docker engine: for every service, the same
// `pnpm deploy --prod --legacy` folder the Dockerfile's build stage copies into the runtime image, then
// that folder started on its own with Node (NODE_ENV=production, no workspace around it) and its
// /health checked; and no development dependency may be inside.
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
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: out,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn' },
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
      console.log(`ok  ${service.name.padEnd(16)} ${present.length} production packages, /health 200 (${Date.now() - started} ms)`);
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
