/** Bodies with more leaves than this are left out of `volatile_fields`. */
export const MAX_LEAVES = 1000;

/** RFC 6901 escaping of one reference token: `~` → `~0`, `/` → `~1`. */
const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  typeof value === 'object' && value !== null;

/** A body's leaves (a scalar or an empty container): pointers in order, canonical JSON values beside. */
export interface Leaves {
  pointers: string[];
  values: string[];
}

/**
 * The leaves of a JSON container in pointer order (code units), iteratively; undefined when there are
 * more than 1,000.
 */
export function leavesOf(body: unknown): Leaves | undefined {
  const pointers: string[] = [];
  const values: string[] = [];
  const stack: Array<[unknown, string]> = [[body, '']];
  while (stack.length > 0) {
    const [node, at] = stack.pop()!;
    if (isContainer(node)) {
      const keys = Object.keys(node);
      if (keys.length > 0) {
        for (const key of keys)
          stack.push([(node as Record<string, unknown>)[key], `${at}/${escapeToken(key)}`]);
        continue;
      }
    }
    // As RFC 8785 writes them: `{}`, `[]` or a scalar (the whole body was canonicalised before).
    pointers.push(at);
    values.push(JSON.stringify(node));
    if (pointers.length > MAX_LEAVES) return undefined;
  }
  // Stryker disable next-line EqualityOperator: the pointers of one body are distinct, never equal
  const order = pointers.map((_, i) => i).sort((a, b) => (pointers[a]! < pointers[b]! ? -1 : 1));
  return { pointers: order.map((i) => pointers[i]!), values: order.map((i) => values[i]!) };
}

/** A request as `volatile_fields` sees it: `head` = method, normalised URL and allow-listed headers. */
export interface BodyShape {
  head: string;
  json: unknown;
}

/**
 * Body pointers whose values differ among otherwise identical requests. Requests whose (projected) body
 * is an object or array of at most 1,000 leaves are grouped by head and set of leaf pointers. In a group
 * of n ≥ 2, a leaf is unique when its n values are pairwise different; two requests are otherwise
 * identical when they agree at every other leaf. Each unique leaf counts the group's requests that are
 * otherwise identical to another. Sorted by count descending, then pointer (code units). Linear in the
 * leaves: one set per group and leaf, one map of the other leaves' values per group.
 */
export function volatileFields(requests: readonly BodyShape[]) {
  const groups = new Map<string, { pointers: string[]; members: string[][] }>();
  for (const { head, json } of requests) {
    if (!isContainer(json)) continue;
    const leaves = leavesOf(json);
    if (leaves === undefined) continue;
    const key = head + JSON.stringify(leaves.pointers);
    const group = groups.get(key);
    if (group) group.members.push(leaves.values);
    else groups.set(key, { pointers: leaves.pointers, members: [leaves.values] });
  }
  const counts = new Map<string, number>();
  for (const { pointers, members } of groups.values()) {
    // A lone request (n = 1) has every leaf unique but no other request to agree with: it counts 0.
    const n = members.length;
    const unique: number[] = [];
    // Stryker disable next-line ArrayDeclaration: a constant extra element adds the same value to every signature
    const others: number[] = [];
    pointers.forEach((_, j) => {
      const values = new Set<string>();
      for (const member of members) values.add(member[j]!);
      (values.size === n ? unique : others).push(j);
    });
    // Stryker disable next-line ConditionalExpression,BlockStatement: a shortcut; without unique leaves nothing is counted
    if (unique.length === 0) continue;
    const signatures = members.map((member) => JSON.stringify(others.map((j) => member[j])));
    const seen = new Map<string, number>();
    for (const signature of signatures) seen.set(signature, (seen.get(signature) ?? 0) + 1);
    const alike = signatures.filter((signature) => seen.get(signature)! > 1).length;
    for (const j of unique) counts.set(pointers[j]!, (counts.get(pointers[j]!) ?? 0) + alike);
  }
  return [...counts]
    .filter(([, count]) => count > 0)
    .map(([pointer, count]) => ({ pointer, count }))
    .sort(byCountThenPointer);
}

const byCountThenPointer = (a: { pointer: string; count: number }, b: { pointer: string; count: number }) =>
  // Stryker disable next-line EqualityOperator: the pointers are distinct map keys, never equal
  b.count - a.count || (a.pointer < b.pointer ? -1 : 1);
