// Summarises V8 .cpuprofile files (node --cpu-prof): self time by function, or by layer of the stack.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Sampled time of the profiles in `files`, summed by `keyOf(callFrame)` (undefined: not counted), with
 * the total counted. With `window` ([from, to] in µs of the monotonic clock, which V8's profile
 * timestamps and `process.hrtime` share), only the samples taken inside it: the load, not start-up.
 */
function timeBy(dir, files, keyOf, window = undefined) {
  const time = new Map();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const delta = profile.timeDeltas[i] ?? 0;
      at += delta;
      if (window !== undefined && (at < window[0] || at > window[1])) return;
      const key = keyOf(nodes.get(id).callFrame);
      if (key === undefined) return;
      time.set(key, (time.get(key) ?? 0) + delta);
      total += delta;
    });
  }
  return { time, total };
}

const profilesIn = (dir) => readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));

/** The functions with the most self time on the main thread (the first profile written). */
export function topSelfTime(dir, count) {
  const file = profilesIn(dir)[0];
  if (file === undefined) return `no profile in ${dir}`;
  const { time, total } = timeBy(dir, [file], ({ functionName, url, lineNumber }) => {
    const where = url
      .replace(/^.*node_modules\/\.pnpm\//, '')
      .replace(/^file:\/\/.*?\/(packages|services)\//, '$1/');
    return `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
  });
  return [...time]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, t]) => `  ${((t / total) * 100).toFixed(1).padStart(5)} %  ${key}`)
    .join('\n');
}

/** Where a sample's function lives: the kit's file, Hono, zod, the service, Node's internals, GC, native. */
function layerOf({ functionName, url }) {
  if (functionName === '(idle)') return undefined;
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

/**
 * The busy time of every profile in `dir` (main thread and workers) by layer, as a share of the whole;
 * with `window`, of the samples taken inside it.
 */
export function layerShares(dir, window = undefined) {
  const { time, total } = timeBy(dir, profilesIn(dir), layerOf, window);
  return new Map([...time].map(([layer, t]) => [layer, t / total]));
}
