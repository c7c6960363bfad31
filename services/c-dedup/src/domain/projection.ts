import { parseJsonPointer, ProblemError } from '@dus/core';

/** `fingerprint: {include?, exclude?}`: RFC 6901 pointers that shape a JSON body before hashing. */
export interface Projection {
  include?: readonly string[];
  exclude?: readonly string[];
}

/**
 * Most characters the include pointers may add, as member names of the projected bodies, over one
 * analysis. A resolving pointer is written once per body that holds it: 64 pointers of 512 characters
 * that share a long prefix resolve in a body of a few hundred bytes, so without a bound ~10 MiB of such
 * bodies would hash over half a gigabyte of names.
 */
export const MAX_PROJECTED_NAME_CHARS = 32 * 1024 * 1024;

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

/**
 * The pointers of one list as a trie of their tokens: pointers sharing a prefix walk it once, so a walk
 * costs at most the body nodes it reaches. `end` is the pointer (as given) that ends at a node.
 */
interface Trie {
  end: string | undefined;
  /** Position in its list of the pointer that ends here (for the problem of a nested include). */
  at: number;
  next: Map<string, Trie>;
}

const node = (): Trie => ({ end: undefined, at: -1, next: new Map() });

function trieOf(pointers: readonly string[]): Trie {
  const root = node();
  pointers.forEach((pointer, at) => {
    let here = root;
    for (const token of parseJsonPointer(pointer)) {
      let next = here.next.get(token);
      if (next === undefined) {
        next = node();
        here.next.set(token, next);
      }
      here = next;
    }
    // A pointer given twice is one (its member is the same); the first position names it.
    if (here.end === undefined) {
      here.end = pointer;
      here.at = at;
    }
  });
  return root;
}

/**
 * 422 `nested_include` when an include pointer lies inside another: its value would be hashed again
 * inside the outer one (64 nested pointers once copied and serialised a 9.5 MB body 64 times).
 */
function refuseNested(root: Trie): void {
  const stack: Array<{ trie: Trie; outer: Trie | undefined }> = [{ trie: root, outer: undefined }];
  while (stack.length > 0) {
    const { trie, outer } = stack.pop()!;
    if (trie.end !== undefined && outer !== undefined) {
      const message = `lies inside "${outer.end}" (include/${outer.at}): its value is already part of that one; leave out one of the two`;
      throw new ProblemError({
        status: 422,
        code: 'nested_include',
        detail: `fingerprint.include/${trie.at} "${trie.end}" ${message}.`,
        errors: [{ path: `/fingerprint/include/${trie.at}`, code: 'nested_include', message }],
      });
    }
    const inner = trie.end === undefined ? outer : trie;
    for (const next of trie.next.values()) stack.push({ trie: next, outer: inner });
  }
}

/** Members to leave out, by container: what the exclude pointers resolve to in the body as given. */
type Marks = Map<Container, Set<string>>;

/**
 * The members the exclude pointers name, by container, walking the body along the trie once; undefined
 * when `""` is excluded (the body is removed).
 */
function marksOf(body: unknown, excludes: Trie): Marks | undefined {
  if (excludes.end !== undefined) return undefined;
  const marks: Marks = new Map();
  const stack: Array<[Trie, unknown]> = [[excludes, body]];
  while (stack.length > 0) {
    const [trie, at] = stack.pop()!;
    if (!isContainer(at)) continue;
    for (const [token, next] of trie.next) {
      // A token naming no member of its container marks nothing that exists: it changes no copy.
      if (next.end !== undefined) {
        const set = marks.get(at);
        if (set) set.add(token);
        else marks.set(at, new Set([token]));
      }
      const found = next.next.size > 0 ? step(at, token) : undefined;
      if (found !== undefined) stack.push([next, found.value]);
    }
  }
  return marks;
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
 * The include pointers that resolve in `body`, walking it along the trie once: a step through (or onto)
 * a member marked for removal does not resolve — exclude wins.
 */
function selectedIn(body: unknown, includes: Trie, marks: Marks): Array<[Trie, unknown]> {
  const found: Array<[Trie, unknown]> = [];
  const stack: Array<[Trie, unknown]> = [[includes, body]];
  while (stack.length > 0) {
    const [trie, at] = stack.pop()!;
    if (trie.end !== undefined) {
      // Nested include pointers are refused: an end has no pointer below it.
      found.push([trie, at]);
      continue;
    }
    for (const [token, next] of trie.next) {
      if (marks.get(at as Container)?.has(token)) continue;
      const value = step(at, token);
      if (value !== undefined) stack.push([next, value.value]);
    }
  }
  return found;
}

/**
 * How JSON bodies are fingerprinted under `projection` (draft-ietf-httpapi-idempotency-key-header-06
 * §2.4, "selected element(s)"), its pointers parsed once into tries: with a non-empty `include`, an
 * object mapping each include pointer that resolves to its value, else the whole body; then every
 * member an exclude pointer resolves to (in the body as given) is left out, inside included values too.
 * Undefined when `""` is excluded: the body is removed. Each body is walked once per list, and each
 * included value is copied and hashed once: include pointers inside one another are refused (422
 * `nested_include`), and the names they add over the analysis are bounded (422 `projection_too_large`).
 */
export function projector(projection: Projection | undefined): (body: unknown) => unknown {
  if (projection === undefined) return (body) => body;
  const excludes = trieOf(projection.exclude ?? []);
  const includes = (projection.include ?? []).length === 0 ? undefined : trieOf(projection.include!);
  if (includes !== undefined) refuseNested(includes);
  let names = 0;
  return (body) => {
    const marks = marksOf(body, excludes);
    if (marks === undefined) return undefined;
    if (includes === undefined) return copyWithout(body, marks);
    const found = selectedIn(body, includes, marks);
    // In the order of the include list, as the answer's keys were before (the hash sorts them anyway).
    found.sort((a, b) => a[0].at - b[0].at);
    const selected: Record<string, unknown> = {};
    for (const [trie, value] of found) {
      // `"pointer":` and a comma, as the canonical form writes it (escapes aside).
      names += trie.end!.length + 4;
      if (names > MAX_PROJECTED_NAME_CHARS) {
        throw new ProblemError({
          status: 422,
          code: 'projection_too_large',
          detail: `The include pointers would add more than ${MAX_PROJECTED_NAME_CHARS.toLocaleString('en-US')} characters of member names to the projected bodies of this analysis; use fewer or shorter pointers, or fewer requests.`,
          errors: [
            {
              path: '/fingerprint/include',
              code: 'projection_too_large',
              message: `its pointers, once per body they resolve in, may add up to ${MAX_PROJECTED_NAME_CHARS} characters`,
            },
          ],
          extensions: { max_chars: MAX_PROJECTED_NAME_CHARS },
        });
      }
      setOwn(selected, trie.end!, copyWithout(value, marks));
    }
    return selected;
  };
}
