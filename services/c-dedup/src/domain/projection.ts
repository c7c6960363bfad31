import { parseJsonPointer } from '@dus/core';

/** `fingerprint: {include?, exclude?}`: RFC 6901 pointers that shape a JSON body before hashing. */
export interface Projection {
  include?: readonly string[];
  exclude?: readonly string[];
}

type Container = Record<string, unknown> | unknown[];

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;
const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/**
 * One step of a pointer: the member `token` of `node`, or undefined when it does not resolve (array
 * indices in decimal without leading zeros and below the length, `-` never; own object members only).
 */
function step(node: unknown, token: string): { value: unknown } | undefined {
  if (Array.isArray(node)) {
    if (!ARRAY_INDEX.test(token) || Number(token) >= node.length) return undefined;
    return { value: node[Number(token)] };
  }
  if (!isContainer(node) || !Object.hasOwn(node, token)) return undefined;
  return { value: (node as Record<string, unknown>)[token] };
}

/** Members to leave out, by container: what the exclude pointers resolve to in the body as given. */
type Marks = Map<Container, Set<string>>;
const NO_MARKS: Marks = new Map();

/**
 * Walks `tokens` from `root`; undefined when a step does not resolve or passes through (or ends on) a
 * member marked for removal — exclude wins.
 */
function resolve(root: unknown, tokens: readonly string[], marks: Marks): { value: unknown } | undefined {
  let at: { value: unknown } | undefined = { value: root };
  for (const token of tokens) {
    const node: unknown = at.value;
    if (marks.get(node as Container)?.has(token)) return undefined;
    at = step(node, token);
    if (at === undefined) return undefined;
  }
  return at;
}

/** Creates an own enumerable data property (a `__proto__` member stays a member, never a prototype). */
const setOwn = (target: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true });

/** A deep copy without the marked members, built iteratively (no recursion on deep bodies). */
function copyWithout(root: unknown, marks: Marks): unknown {
  if (marks.size === 0 || !isContainer(root)) return root;
  const shell = (from: Container): Container => (Array.isArray(from) ? [] : {});
  const out = shell(root);
  const stack: Array<[Container, Container]> = [[root, out]];
  const child = (value: unknown) => {
    if (!isContainer(value)) return value;
    const copy = shell(value);
    stack.push([value, copy]);
    return copy;
  };
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    const gone = marks.get(from);
    if (Array.isArray(from)) {
      from.forEach((value, i) => {
        if (!gone?.has(String(i))) (to as unknown[]).push(child(value));
      });
    } else
      for (const key of Object.keys(from))
        if (!gone?.has(key)) setOwn(to as Record<string, unknown>, key, child(from[key]));
  }
  return out;
}

/**
 * How JSON bodies are fingerprinted under `projection` (draft-ietf-httpapi-idempotency-key-header-06
 * §2.4, "selected element(s)"), its pointers parsed once: with a non-empty `include`, an object mapping
 * each include pointer that resolves to its value, else the whole body; then every member an exclude
 * pointer resolves to (in the body as given) is left out, inside included values too. Undefined when
 * `""` is excluded: the body is removed.
 */
export function projector(projection: Projection | undefined): (body: unknown) => unknown {
  if (projection === undefined) return (body) => body;
  const exclude = (projection.exclude ?? []).map((pointer) => parseJsonPointer(pointer));
  const include = (projection.include ?? []).map((pointer) => [pointer, parseJsonPointer(pointer)] as const);
  return (body) => {
    const marks: Marks = new Map();
    for (const tokens of exclude) {
      if (tokens.length === 0) return undefined;
      const parent = resolve(body, tokens.slice(0, -1), NO_MARKS);
      if (parent === undefined) continue;
      // A token naming no member of its parent marks nothing that exists: it changes no copy.
      const last = tokens[tokens.length - 1]!;
      const container = parent.value as Container;
      const set = marks.get(container);
      if (set) set.add(last);
      else marks.set(container, new Set([last]));
    }
    if (include.length === 0) return copyWithout(body, marks);
    const selected: Record<string, unknown> = {};
    for (const [pointer, tokens] of include) {
      const found = resolve(body, tokens, marks);
      if (found !== undefined) setOwn(selected, pointer, copyWithout(found.value, marks));
    }
    return selected;
  };
}
