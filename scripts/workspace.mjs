// Shared helpers for the root commands: install once (and again only when manifests change),
// build through turbo, and discover the services. Uses nothing but Node's standard library,
// because it runs before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePinnedNode } from './node-runtime.mjs';

await ensurePinnedNode();

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split(
  '@',
)[1];

const bin = join(root, 'node_modules', '.bin');
export const env = {
  ...process.env,
  PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  TURBO_NO_UPDATE_NOTIFIER: '1',
};

function manifests() {
  const files = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml'];
  for (const group of ['packages', 'services', 'bench', 'attack']) {
    const dir = join(root, group);
    if (!existsSync(dir)) continue;
    if (existsSync(join(dir, 'package.json'))) files.push(join(group, 'package.json'));
    for (const name of readdirSync(dir)) {
      const manifest = join(group, name, 'package.json');
      if (existsSync(join(root, manifest))) files.push(manifest);
    }
  }
  return files;
}

function installStamp() {
  const hash = createHash('sha256');
  for (const file of manifests()) {
    const path = join(root, file);
    if (existsSync(path)) hash.update(file).update(readFileSync(path));
  }
  return hash.update(process.version).digest('hex');
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Installs dependencies with the pinned pnpm unless the manifests are unchanged since the last install. */
export function ensureInstalled() {
  const stampFile = join(root, 'node_modules', '.install-stamp');
  const stamp = installStamp();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  console.log(`Installing dependencies with pnpm ${PNPM_VERSION}…`);
  const status = run('npx', [
    '--yes',
    `pnpm@${PNPM_VERSION}`,
    'install',
    '--frozen-lockfile',
    '--reporter=append-only',
  ]);
  if (status !== 0) process.exit(status);
  writeFileSync(stampFile, installStamp());
}

/** Runs turbo tasks; `logs` is turbo's --output-logs (errors-only by default, `full` to stream progress). */
export function turbo(tasks, extra = [], logs = 'errors-only') {
  return run('turbo', ['run', ...tasks, `--output-logs=${logs}`, ...extra]);
}

export function build() {
  const status = turbo(['build']);
  if (status !== 0) process.exit(status);
}

/** Every service under services/ with its port and base path (from the `service` field of its package.json). */
export function services() {
  const dir = join(root, 'services');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter(
      (name) =>
        existsSync(join(dir, name, 'package.json')) && existsSync(join(dir, name, 'src', 'server.ts')),
    )
    .map((name) => {
      const manifest = JSON.parse(readFileSync(join(dir, name, 'package.json'), 'utf8'));
      return { name, dir: join(dir, name), ...manifest.service, version: manifest.version };
    })
    .filter((service) => typeof service.port === 'number')
    .sort((a, b) => a.port - b.port);
}

export function spawnService(service, extraEnv = {}, stdio = 'inherit') {
  return spawn(process.execPath, [join(service.dir, 'dist', 'server.js')], {
    cwd: service.dir,
    env: { ...env, PORT: String(service.port), ...extraEnv },
    stdio,
  });
}
