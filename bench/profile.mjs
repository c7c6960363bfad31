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
