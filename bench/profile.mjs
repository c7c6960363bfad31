// Summarises a V8 .cpuprofile (node --cpu-prof): the functions with the most self time.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function topSelfTime(dir, count) {
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (file === undefined) return `no profile in ${dir}`;
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const where = url
      .replace(/^.*node_modules\/\.pnpm\//, '')
      .replace(/^file:\/\/.*?\/(packages|services)\//, '$1/');
    const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    const delta = profile.timeDeltas[i] ?? 0;
    self.set(key, (self.get(key) ?? 0) + delta);
    total += delta;
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, time]) => `  ${((time / total) * 100).toFixed(1).padStart(5)} %  ${key}`)
    .join('\n');
}

/** Where a sample's function lives: the kit's file, Hono, zod, the service, Node's internals, GC, native. */
function layerOf({ functionName, url }) {
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(program)') return 'V8 (program)';
  if (/node_modules\/.*\/zod\//.test(url)) return 'zod';
  if (/node_modules\/.*\/(hono|@hono)\//.test(url)) return 'Hono + @hono/node-server';
  if (/node_modules\//.test(url)) return 'other packages';
  const kit = url.match(/packages\/core\/dist\/kit\/(.*)$/);
  if (kit) return `kit ${kit[1]}`;
  if (/packages\/core\/dist\//.test(url)) return 'core (parsers, units)';
  if (/services\//.test(url)) return 'the service (domain, schemas)';
  if (url.startsWith('node:')) return `node ${url.replace(/^node:(internal\/)?/, '')}`;
  return url === '' ? `native ${functionName}` : 'other';
}

/** The busy time of every profile in `dir` (main thread and workers) by layer, as a share of the whole. */
export function layerShares(dir) {
  const time = new Map();
  let busy = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, i) => {
      const frame = nodes.get(id).callFrame;
      if (frame.functionName === '(idle)') return;
      const layer = layerOf(frame);
      const delta = profile.timeDeltas[i] ?? 0;
      time.set(layer, (time.get(layer) ?? 0) + delta);
      busy += delta;
    });
  }
  return new Map([...time].map(([layer, t]) => [layer, t / busy]));
}
