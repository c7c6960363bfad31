// budget-check: byte budgets for the parts of a payload that RFC 6901 pointers (with `*` for every item
// of an array) select. A valid request always answers; `pass` says whether every budget holds.

import { escapePointerToken } from '@dus/core';

/** A pointer outside RFC 6901: the schema reports it as 400 at `/budgets/i/path`. */
export class PointerSyntaxError extends Error {}

/** The reference tokens of an RFC 6901 pointer (`""` → none), `~1` → `/` and `~0` → `~`. */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (pointer[0] !== '/') throw new PointerSyntaxError('must be "" or start with "/"');
  if (/~(?![01])/.test(pointer))
    throw new PointerSyntaxError('"~" must be followed by 0 or 1 (~0 is ~, ~1 is /)');
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const INDEX = /^(?:0|[1-9]\d*)$/;

/** A match: its value, and how it was reached (its concrete pointer is built only when it is reported). */
interface Match {
  value: unknown;
  parent: Match | undefined;
  token: string;
}

/** The concrete RFC 6901 pointer of a match. */
function pointerOf(match: Match): string {
  const tokens: string[] = [];
  for (let at: Match | undefined = match; at?.parent !== undefined; at = at.parent) tokens.push(at.token);
  return tokens.reverse().reduce((pointer, token) => `${pointer}/${token}`, '');
}

/**
 * What a pointer selects: on an array `*` is every item and a decimal token that index; on an object
 * every token is a member name (own members). Matches in document order.
 */
function matchesOf(payload: unknown, tokens: readonly string[]): Match[] {
  let level: Match[] = [{ value: payload, parent: undefined, token: '' }];
  for (const token of tokens) {
    const next: Match[] = [];
    for (const match of level) {
      const { value } = match;
      if (Array.isArray(value)) {
        if (token === '*')
          for (let i = 0; i < value.length; i++)
            next.push({ value: value[i], parent: match, token: String(i) });
        else if (INDEX.test(token) && Number(token) < value.length)
          next.push({ value: value[Number(token)], parent: match, token });
      } else if (typeof value === 'object' && value !== null && Object.hasOwn(value, token)) {
        next.push({
          value: (value as Record<string, unknown>)[token],
          parent: match,
          token: escapePointerToken(token),
        });
      }
    }
    level = next;
  }
  return level;
}

/** The matches of a pointer with their concrete pointers, in document order. */
export function matchPointer(payload: unknown, tokens: readonly string[]) {
  return matchesOf(payload, tokens).map((match) => ({ value: match.value, pointer: pointerOf(match) }));
}

export interface Budget {
  path: string;
  max_bytes: number;
}

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * Minified sizes (UTF-8 bytes of `JSON.stringify`), each container measured once from its children's
 * sizes and remembered, each string once: budgets over nested parts of a document cost the document, not
 * the document once per budget (100 nested budgets over 9.5 MB once serialised 950 MB).
 */
export function sizer(): (value: unknown) => number {
  const containers = new Map<object, number>();
  // Strings matched themselves (by several budgets): each measured once. Strings inside a container are
  // measured with it, once.
  const strings = new Map<string, number>();
  const scalar = (value: unknown): number => utf8(JSON.stringify(value));
  return (root) => {
    // Stryker disable all: memos (a string matched again, a container measured before); they change no size
    if (typeof root === 'string') {
      let size = strings.get(root);
      if (size === undefined) {
        size = scalar(root);
        strings.set(root, size);
      }
      return size;
    }
    if (typeof root !== 'object' || root === null) return scalar(root);
    // Pre-order: every container before its children, so in reverse each child is measured first.
    const order: object[] = [];
    const stack: object[] = [root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (containers.has(node)) continue;
      // Stryker restore all
      order.push(node);
      for (const child of Object.values(node))
        if (typeof child === 'object' && child !== null) stack.push(child);
    }
    for (let i = order.length - 1; i >= 0; i--) {
      const node = order[i]!;
      const measure = (child: unknown) =>
        typeof child === 'object' && child !== null ? containers.get(child)! : scalar(child);
      let size = 2;
      if (Array.isArray(node)) {
        for (const item of node) size += measure(item);
        size += Math.max(0, node.length - 1);
      } else {
        const names = Object.keys(node);
        for (const name of names) size += scalar(name) + 1 + measure((node as Record<string, unknown>)[name]);
        size += Math.max(0, names.length - 1);
      }
      containers.set(node, size);
    }
    return containers.get(root)!;
  };
}

/** Checks each budget (and the whole payload against `totalMax`): sizes are minified UTF-8 bytes. */
export function checkBudgets(payload: unknown, budgets: readonly Budget[], totalMax?: number) {
  const sizeOf = sizer();
  const results = budgets.map(({ path, max_bytes }) => {
    let largest = 0;
    let total = 0;
    let worst: Match | undefined;
    const matches = matchesOf(payload, pointerTokens(path));
    for (const match of matches) {
      const size = sizeOf(match.value);
      total += size;
      if (worst === undefined || size > largest) {
        largest = size;
        worst = match;
      }
    }
    return {
      path,
      max_bytes,
      matches: matches.length,
      bytes: largest,
      total_bytes: total,
      worst_path: worst === undefined ? null : pointerOf(worst),
      pass: largest <= max_bytes,
    };
  });
  const bytes = sizeOf(payload);
  const total = totalMax === undefined ? null : { max_bytes: totalMax, bytes, pass: bytes <= totalMax };
  const failed = results.filter((r) => !r.pass).length + (total?.pass === false ? 1 : 0);
  return { budgets: results, bytes, total, failed, pass: failed === 0 };
}
