import { percent } from './numbers.js';
import { type Category, memberVerdict, type Verdict } from './prune-rules.js';
import { minified } from './sizes.js';
import { type Flat, flatten, keyBytes } from './walk.js';

export const DEFAULT_THRESHOLD = 60;

interface PathGroup {
  members: number[];
  verdicts: Array<Verdict | undefined>;
}

/** Bytes one member takes in its object: name, colon, value, and a comma when it has siblings. */
function memberBytes(flat: Flat, i: number): number {
  const siblings = flat.children[flat.parent[i]!]!;
  return keyBytes(flat.key[i]!) + 1 + flat.size[i]! + (siblings > 1 ? 1 : 0);
}

/**
 * The document without the given members (by index), built without recursion. Only the containers
 * on the way to a removed member are rebuilt; every other subtree is the document's own value, shared
 * rather than copied (a 10 MiB array with nothing to remove costs no second copy). Removed members are
 * outermost: none lies inside another.
 */
function without(flat: Flat, removed: ReadonlySet<number>): unknown {
  const n = flat.values.length;
  const rebuilt = new Uint8Array(n);
  for (const member of removed) {
    for (let p = flat.parent[member]!; p >= 0 && rebuilt[p] === 0; p = flat.parent[p]!) rebuilt[p] = 1;
  }
  // Stryker disable next-line ArrayDeclaration: preallocation only; the array grows to n either way
  const values: unknown[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const parent = flat.parent[i]!;
    if ((parent >= 0 && rebuilt[parent] === 0) || removed.has(i)) continue;
    const value = flat.values[i];
    const kept = rebuilt[i] === 0 ? value : Array.isArray(value) ? [] : {};
    values[i] = kept;
    if (parent < 0) continue;
    const holder = values[parent];
    if (Array.isArray(holder)) holder.push(kept);
    else
      Object.defineProperty(holder, flat.key[i]!, {
        value: kept,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return values[0];
}

/**
 * Members to remove, by rule: suggested when the confidence reaches 100 − threshold; a `*` path
 * only when every occurrence qualifies (then at the lowest occurrence's confidence); nothing inside
 * a suggested member.
 */
export function suggestPrunes(payload: unknown, threshold = DEFAULT_THRESHOLD) {
  const minimum = 100 - threshold;
  const flat = flatten(payload);
  const groups = new Map<string, PathGroup>();
  const siblingSets = new Map<number, Set<string>>();
  for (let i = 1; i < flat.values.length; i++) {
    const key = flat.key[i];
    if (key === undefined) continue;
    const parent = flat.parent[i]!;
    let siblings = siblingSets.get(parent);
    if (siblings === undefined) {
      siblings = new Set(Object.keys(flat.values[parent] as object));
      // Stryker disable next-line CallExpression: see the memo above
      siblingSets.set(parent, siblings);
    }
    const path = flat.path[i]!;
    let group = groups.get(path);
    if (group === undefined) {
      group = { members: [], verdicts: [] };
      groups.set(path, group);
    }
    group.members.push(i);
    group.verdicts.push(memberVerdict(key, flat.values[i], siblings));
  }

  const qualified: Array<{ path: string; verdict: Verdict; members: number[] }> = [];
  for (const [path, group] of groups) {
    if (!group.verdicts.every((v) => v !== undefined && v.confidence >= minimum)) continue;
    const lowest = (group.verdicts as Verdict[]).reduce((low, v) =>
      v.confidence < low.confidence ? v : low,
    );
    qualified.push({ path, verdict: lowest, members: group.members });
  }
  const paths = new Set(qualified.map((q) => q.path));
  const outermost = qualified.filter(({ path }) => {
    for (let cut = path.lastIndexOf('/'); cut > 0; cut = path.lastIndexOf('/', cut - 1)) {
      if (paths.has(path.slice(0, cut))) return false;
    }
    return true;
  });

  const { bytes } = minified(payload);
  const suggestions = outermost
    .map(({ path, verdict, members }) => ({
      path,
      category: verdict.category as Category,
      confidence: verdict.confidence,
      reason: verdict.reason,
      bytes_saved: members.reduce((sum, i) => sum + memberBytes(flat, i), 0),
      occurrences: members.length,
    }))
    .sort((a, b) => b.bytes_saved - a.bytes_saved || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const pruned = without(flat, new Set(outermost.flatMap((q) => q.members)));
  const saved = bytes - minified(pruned).bytes;
  return {
    suggestions,
    pruned_payload: pruned,
    total_bytes_saved: saved,
    percent_saved: percent(saved, bytes),
    threshold,
  };
}
