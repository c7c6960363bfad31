// apply-mask: a json-mask 2.0.0 expression (npm json-mask, nemtsov/json-mask; Google's partial-response
// syntax) selects what is kept, then `!path` terms remove members. The compiler and the filter follow
// json-mask 2.0.0's lib/compiler.js and lib/filter.js step by step (the same results, edge cases
// included) on the JSON data model: a member is an own member, an array's members are its items.

import { percent } from './numbers.js';
import { brotliBytes, COMPRESSION, gzipBytes, minified } from './sizes.js';

/** A term of `fields` outside the grammar: the schema reports it as 400 at `/fields`. */
export class MaskSyntaxError extends Error {}

/** One selected name: `*` (unescaped) selects every member; `props` is its sub-selection. */
export interface MaskNode {
  wildcard: boolean;
  props: MaskProps | undefined;
}
/** Selected names, each once (a later term of the same name replaces an earlier one, as json-mask). */
export type MaskProps = Record<string, MaskNode>;

/** An exclusion path: names, `undefined` for an unescaped `*` (every member). */
export type Exclusion = Array<string | undefined>;

export interface Fields {
  /** The json-mask expression of the terms without `!`; null when there are none (keep everything). */
  mask: MaskProps | null;
  exclusions: Exclusion[];
}

const ESCAPE = '\\';
const WILDCARD = '*';
type Token = { tag: 'name'; value: string } | { tag: ',' | '/' | '(' | ')' };

/** json-mask's scanner: names and the terminals `,/()`; `\` takes the next character as it is. */
function scan(text: string): Token[] {
  const tokens: Token[] = [];
  let name = '';
  for (let i = 0; i < text.length; i++) {
    let ch = text.charAt(i);
    if (ch === ESCAPE) {
      i++;
      if (i === text.length) throw new MaskSyntaxError(`"${ESCAPE}" at the end escapes nothing`);
      ch = text.charAt(i);
      // json-mask keeps an escaped star as `\*`: alone it is the member named `*`, not the wildcard
      name += ch === WILDCARD ? ESCAPE + WILDCARD : ch;
    } else if (ch === ',' || ch === '/' || ch === '(' || ch === ')') {
      if (name !== '') tokens.push({ tag: 'name', value: name });
      name = '';
      tokens.push({ tag: ch });
    } else name += ch;
  }
  if (name !== '') tokens.push({ tag: 'name', value: name });
  return tokens;
}

const newProps = (): MaskProps => Object.create(null) as MaskProps;

/**
 * Compiles a json-mask expression: `Props ::= Prop ("," Prop)*`, `Prop ::= NAME ("/" Prop | "(" Props ")")?`.
 * Iterative: each open `/` or `(` is a frame whose props receive the names that follow.
 */
export function compileMask(text: string): MaskProps {
  const root = newProps();
  // Frames: the props names go into, and whether a `(` (else a `/`, which takes one Prop) opened it.
  const frames: Array<{ props: MaskProps; paren: boolean }> = [{ props: root, paren: true }];
  let last: MaskNode | undefined;
  // expect: 'name' before a name, 'after-name' after one, 'after-close' after a `)`
  let expect: 'name' | 'after-name' | 'after-close' = 'name';
  const closeSlashes = () => {
    while (!frames[frames.length - 1]!.paren) frames.pop();
  };
  for (const token of scan(text)) {
    if (expect === 'name') {
      if (token.tag !== 'name') throw new MaskSyntaxError(`an empty name before "${token.tag}"`);
      const node: MaskNode = { wildcard: token.value === WILDCARD, props: undefined };
      const key = token.value === ESCAPE + WILDCARD ? WILDCARD : token.value;
      frames[frames.length - 1]!.props[key] = node;
      last = node;
      expect = 'after-name';
      continue;
    }
    if (token.tag === '/' || token.tag === '(') {
      if (expect === 'after-close') throw new MaskSyntaxError(`"${token.tag}" after ")"`);
      last!.props = newProps();
      frames.push({ props: last!.props, paren: token.tag === '(' });
      expect = 'name';
    } else if (token.tag === ',') {
      closeSlashes();
      expect = 'name';
    } else if (token.tag === ')') {
      closeSlashes();
      if (frames.length === 1) throw new MaskSyntaxError('a ")" without its "("');
      frames.pop();
      closeSlashes();
      expect = 'after-close';
    } else throw new MaskSyntaxError(`a name right after ")"`);
  }
  if (expect === 'name') throw new MaskSyntaxError('an empty name at the end');
  closeSlashes();
  if (frames.length > 1) throw new MaskSyntaxError('a "(" without its ")"');
  return root;
}

/** Splits `fields` into its top-level terms (commas outside parentheses, unescaped). */
function terms(fields: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < fields.length; i++) {
    const ch = fields[i];
    if (ch === ESCAPE) i++;
    else if (ch === '(') depth++;
    else if (ch === ')') {
      if (depth === 0) throw new MaskSyntaxError('a ")" without its "("');
      depth--;
    } else if (ch === ',' && depth === 0) {
      out.push(fields.slice(start, i));
      start = i + 1;
    }
  }
  if (depth > 0) throw new MaskSyntaxError('a "(" without its ")"');
  out.push(fields.slice(start));
  return out;
}

/** An exclusion `!a/b/*`: names joined by `/`, `\` escapes, an unescaped `*` alone = every member. */
function exclusion(term: string): Exclusion {
  const names: Exclusion = [];
  let name = '';
  let star = true;
  for (let i = 1; i <= term.length; i++) {
    const ch = term[i];
    if (ch === undefined || ch === '/') {
      if (name === '') throw new MaskSyntaxError(`an empty name in the exclusion "${term}"`);
      names.push(star && name === WILDCARD ? undefined : name);
      name = '';
      star = true;
    } else if (ch === '(' || ch === ')') {
      throw new MaskSyntaxError(`parentheses in the exclusion "${term}"`);
    } else if (ch === ESCAPE) {
      i++;
      if (i === term.length) throw new MaskSyntaxError(`"${ESCAPE}" at the end escapes nothing`);
      name += term[i];
      star = false;
    } else name += ch;
  }
  return names;
}

/** Parses `fields`: the json-mask terms as one expression, then the `!` exclusions. */
export function parseFields(fields: string): Fields {
  const include: string[] = [];
  const exclusions: Exclusion[] = [];
  for (const term of terms(fields)) {
    if (term === '') throw new MaskSyntaxError('an empty term');
    if (term[0] === '!') exclusions.push(exclusion(term));
    else include.push(term);
  }
  return { mask: include.length === 0 ? null : compileMask(include.join(',')), exclusions };
}

const INDEX = /^(?:0|[1-9]\d*)$/;

/** An own member of an object, or the item of an array at a canonical decimal index; else undefined. */
function member(holder: object, key: string): unknown {
  if (Array.isArray(holder)) return INDEX.test(key) ? holder[Number(key)] : undefined;
  return Object.hasOwn(holder, key) ? (holder as Record<string, unknown>)[key] : undefined;
}

/** Sets a member as data (`__proto__` included) or an array item. */
function put(target: object, key: string, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    // Stryker disable next-line BooleanLiteral: the result is only read and serialised, never assigned to
    writable: true,
    configurable: true,
  });
}

// The three functions below are json-mask's _properties, _object and _array. Their recursion follows
// the payload's nesting (at most 256 levels, the body's depth limit), a few frames a level.

/** A mask's names in json-mask's order (Object.keys: integer-like names first), and where `*` is. */
interface MaskOrder {
  keys: string[];
  position: Map<string, number>;
  wildcard: MaskNode | undefined;
}

const orders = new WeakMap<MaskProps, MaskOrder>();

function orderOf(mask: MaskProps): MaskOrder {
  let order = orders.get(mask);
  if (order === undefined) {
    const keys = Object.keys(mask);
    const wildcard = keys.map((key) => mask[key]!).find((node) => node.wildcard);
    order = { keys, position: new Map(keys.map((key, i) => [key, i])), wildcard };
    orders.set(mask, order);
  }
  return order;
}

/**
 * An object's members under a mask with more names than the object has members, or with `*` (which
 * reads every member anyway): from the members' side, so each object costs its members, not the mask's
 * names (700 names over 300,000 items once took 7.3 s). For each member, the mask
 * entries that apply (its name, `*`) in the mask's order, the last that keeps something winning — what
 * json-mask's loop over the mask's names gives (member order is not significant).
 */
function byMembers(holder: Record<string, unknown>, mask: MaskProps, order: MaskOrder): object {
  const masked = {};
  const wild = order.wildcard === undefined ? -1 : order.position.get(WILDCARD)!;
  for (const name of Object.keys(holder)) {
    const node = Object.hasOwn(mask, name) && !mask[name]!.wildcard ? mask[name] : undefined;
    const at = node === undefined ? -1 : order.position.get(name)!;
    const first = at < wild ? node : order.wildcard;
    const last = at < wild ? order.wildcard : node;
    let kept = last === undefined ? undefined : select(holder, name, last.props);
    if (kept === undefined && first !== undefined) kept = select(holder, name, first.props);
    if (kept !== undefined) put(masked, name, kept);
  }
  return masked;
}

function properties(value: unknown, mask: MaskProps | undefined): unknown {
  if (!value || !mask) return value;
  if (typeof value !== 'object') return undefined;
  const holder = value as object;
  if (!Array.isArray(holder)) {
    const order = orderOf(mask);
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: both loops keep the same members (in another order, which is not significant); the choice is only cost
    if (order.wildcard !== undefined || order.keys.length > Object.keys(holder).length)
      return byMembers(holder as Record<string, unknown>, mask, order);
  }
  const masked: object = Array.isArray(holder) ? [] : {};
  for (const key of Object.keys(mask)) {
    const node = mask[key]!;
    if (node.wildcard) {
      for (const name of Object.keys(holder)) {
        const kept = select(holder, name, node.props);
        if (kept !== undefined) put(masked, name, kept);
      }
    } else {
      const kept = select(holder, key, node.props);
      if (kept !== undefined) put(masked, key, kept);
    }
  }
  if (Array.isArray(masked)) {
    // json-mask leaves holes where a wildcard kept nothing; JSON writes them null
    for (let i = 0; i < masked.length; i++) if (!(i in masked)) masked[i] = null;
  }
  return masked;
}

function select(holder: object, key: string, mask: MaskProps | undefined): unknown {
  const value = member(holder, key);
  if (Array.isArray(value)) return items(value, mask);
  return mask ? properties(value, mask) : value;
}

function items(list: unknown[], mask: MaskProps | undefined): unknown {
  if (list.length === 0) return list;
  const out: unknown[] = [];
  for (const item of list) {
    const kept = properties(item, mask);
    if (kept !== undefined) out.push(kept);
  }
  return out.length > 0 ? out : undefined;
}

/** json-mask 2.0.0's `mask(payload, expression)` (null when nothing is kept or the payload is a scalar). */
export function jsonMask(payload: unknown, mask: MaskProps): unknown {
  const kept = Array.isArray(payload) ? items(payload, mask) : properties(payload, mask);
  return kept || null;
}

/** The exclusion paths as one trie: `names` by member name, `star` for `*`; `end` where a path ends. */
interface ExclusionNode {
  end: boolean;
  names: Map<string, ExclusionNode>;
  star: ExclusionNode | undefined;
}

const exclusionNode = (): ExclusionNode => ({ end: false, names: new Map(), star: undefined });

function exclusionTrie(paths: readonly Exclusion[]): ExclusionNode {
  const root = exclusionNode();
  for (const path of paths) {
    let node = root;
    for (const name of path) {
      if (name === undefined) node = node.star ??= exclusionNode();
      else {
        let next = node.names.get(name);
        if (next === undefined) {
          next = exclusionNode();
          node.names.set(name, next);
        }
        node = next;
      }
    }
    node.end = true;
  }
  return root;
}

/**
 * A set of trie nodes a member may be at (several paths, `*` or names, can match the same member), with
 * its steps memoised: `named` holds the names its nodes continue with; any other name leads to `other`
 * (the `*` children alone). So each member of the document costs one lookup, whatever the number of
 * exclusions.
 */
interface ExclusionState {
  nodes: ExclusionNode[];
  /** A path ends here: the member is removed. */
  end: boolean;
  /** The state after each name its nodes continue with; null until first needed. */
  named: Map<string, ExclusionState | null>;
  other: ExclusionState | null | undefined;
}

function exclusionStates() {
  const ids = new Map<ExclusionNode, number>();
  const states = new Map<string, ExclusionState>();
  const stateOf = (nodes: ExclusionNode[]): ExclusionState | null => {
    if (nodes.length === 0) return null;
    const key = nodes
      .map((node) => {
        if (!ids.has(node)) ids.set(node, ids.size);
        return ids.get(node)!;
      })
      // Stryker disable next-line MethodExpression,ArrowFunction: unsorted, one set could take two states; the same removals, more memo
      .sort((a, b) => a - b)
      .join(',');
    let state = states.get(key);
    if (state === undefined) {
      state = { nodes, end: nodes.some((node) => node.end), named: new Map(), other: undefined };
      for (const node of nodes) for (const name of node.names.keys()) state.named.set(name, null);
      states.set(key, state);
    }
    return state;
  };
  const stars = (state: ExclusionState) => state.nodes.flatMap((node) => (node.star ? [node.star] : []));
  /** The state a member named `name` of an object at `state` is at (null: no path continues). */
  const step = (state: ExclusionState, name: string): ExclusionState | null => {
    if (!state.named.has(name)) {
      if (state.other === undefined) state.other = stateOf(stars(state));
      return state.other;
    }
    const known = state.named.get(name);
    if (known) return known;
    // A name some node continues with: that node's child, beside the `*` children (never empty).
    const nodes = new Set(stars(state));
    for (const node of state.nodes) {
      const named = node.names.get(name);
      if (named) nodes.add(named);
    }
    const next = stateOf([...nodes]);
    state.named.set(name, next);
    return next;
  };
  return { stateOf, step };
}

/**
 * Removes every member an exclusion path matches (arrays transparent; items are never removed), all
 * paths at once: one walk of the document, each member looked up once. A member two paths reach is
 * removed if either ends there; what lies below a removed member goes with it, so the result is the
 * same as applying the paths one after another.
 */
export function excludeAll(document: unknown, paths: readonly Exclusion[]): void {
  const { stateOf, step } = exclusionStates();
  // One node: never null, and never an end (no exclusion is empty).
  const root = stateOf([exclusionTrie(paths)])!;
  const stack: Array<[unknown, ExclusionState]> = [[document, root]];
  while (stack.length > 0) {
    const [node, state] = stack.pop()!;
    if (Array.isArray(node)) {
      for (const item of node) stack.push([item, state]);
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    const record = node as Record<string, unknown>;
    // Own members only: an inherited name (`constructor`) matches nothing.
    for (const key of Object.keys(record)) {
      const next = step(state, key);
      if (next === null) continue;
      if (next.end) delete record[key];
      else stack.push([record[key], next]);
    }
  }
}

/** The included document (json-mask), then the exclusions applied to a copy of it. */
export function applyFields(payload: unknown, fields: Fields): unknown {
  const included = fields.mask === null ? payload : jsonMask(payload, fields.mask);
  if (fields.exclusions.length === 0) return included;
  // A copy: the included document shares its values with the payload.
  const copy: unknown = JSON.parse(JSON.stringify(included));
  excludeAll(copy, fields.exclusions);
  return copy;
}

/** The masked document and what it saves, minified, gzipped and brotli-compressed. */
export function applyMask(payload: unknown, fields: Fields) {
  const masked = applyFields(payload, fields);
  const a = minified(payload);
  const b = minified(masked);
  const sizes = (original: number, kept: number) => ({
    original_bytes: original,
    masked_bytes: kept,
    delta_bytes: original - kept,
  });
  return {
    masked,
    ...sizes(a.bytes, b.bytes),
    delta_percent: percent(a.bytes - b.bytes, a.bytes),
    gzip: sizes(gzipBytes(a.text), gzipBytes(b.text)),
    brotli: sizes(brotliBytes(a.text), brotliBytes(b.text)),
    compression: COMPRESSION,
  };
}
