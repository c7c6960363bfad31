import { binarySizes, shortKeySaving } from './formats.js';
import { isDebugOrTempName } from './prune-rules.js';
import { Dec, percent } from './numbers.js';
import { brotliBytes, COMPRESSION, gzipBytes, minified } from './sizes.js';
import { flatten, keyBytes } from './walk.js';

export const LONG_STRING_BYTES = 1024;
const LARGEST_FIELDS = 10;
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** Where the bytes of a JSON payload go: sizes, shape, types, emptiness, and a bloat score. */
export function analyze(payload: unknown) {
  const { text, bytes } = minified(payload);
  const flat = flatten(payload);
  const n = flat.values.length;
  const types = { object: 0, array: 0, string: 0, number: 0, integer: 0, boolean: 0, null: 0 };
  let nulls = 0;
  let emptyStrings = 0;
  let emptyArrays = 0;
  let emptyObjects = 0;
  let fieldCount = 0;
  let keyTotal = 0;
  let debugOrTemp = 0;
  let maxDepth = 0;
  // Member names by first appearance, with how many members are so named.
  const keyCounts = new Map<string, number>();
  const fields = new Map<string, number>();
  const repeated = new Map<string, number>();
  const longStrings = new Map<string, number>();
  const numberStrings = new Set<string>();
  const siblingsOf = new Map<number, Set<string>>();

  for (let i = 0; i < n; i++) {
    const value = flat.values[i];
    maxDepth = Math.max(maxDepth, flat.depth[i]!);
    if (value === null) {
      types.null++;
      nulls++;
    } else if (Array.isArray(value)) {
      types.array++;
      if (value.length === 0) emptyArrays++;
    } else if (typeof value === 'object') {
      types.object++;
      const names = Object.keys(value);
      if (names.length === 0) emptyObjects++;
      const parent = flat.parent[i]!;
      // An object that is an array item: its member names count towards repeated keys.
      if (parent >= 0 && flat.key[i] === undefined)
        for (const name of names) repeated.set(name, (repeated.get(name) ?? 0) + 1);
    } else if (typeof value === 'string') {
      types.string++;
      if (value === '') emptyStrings++;
      const utf8 = Buffer.byteLength(value, 'utf8');
      if (utf8 > LONG_STRING_BYTES)
        longStrings.set(flat.path[i]!, (longStrings.get(flat.path[i]!) ?? 0) + utf8);
      if (JSON_NUMBER.test(value)) numberStrings.add(flat.path[i]!);
    } else if (typeof value === 'number') {
      if (Number.isInteger(value)) types.integer++;
      else types.number++;
    } else types.boolean++;

    const key = flat.key[i];
    if (key === undefined) continue;
    fieldCount++;
    keyCounts.set(key, (keyCounts.get(key) ?? 0) + 1);
    keyTotal += keyBytes(key);
    fields.set(flat.path[i]!, (fields.get(flat.path[i]!) ?? 0) + flat.size[i]!);
    const parent = flat.parent[i]!;
    let siblings = siblingsOf.get(parent);
    if (siblings === undefined) {
      siblings = new Set(Object.keys(flat.values[parent] as object));
      siblingsOf.set(parent, siblings);
    }
    if (isDebugOrTempName(key, siblings)) debugOrTemp++;
  }

  const empties = emptyStrings + emptyArrays + emptyObjects;
  const score = new Dec(nulls + empties)
    .div(n)
    .times(40)
    .plus(bytes === 0 ? 0 : new Dec(keyTotal).div(bytes).times(30))
    .plus(new Dec(debugOrTemp).div(Math.max(1, fieldCount)).times(20))
    .plus(new Dec(Math.min(maxDepth, 10)).div(10).times(10));

  const largest = largestFields(fields).map(([path, size]) => ({
    path,
    bytes: size,
    share_percent: percent(size, bytes),
  }));

  const saving = shortKeySaving(keyCounts);
  const result = {
    bytes,
    pretty_bytes: Buffer.byteLength(JSON.stringify(payload, null, 2), 'utf8'),
    gzip_bytes: gzipBytes(text),
    brotli_bytes: brotliBytes(text),
    compression: COMPRESSION,
    formats: { json: bytes, ...binarySizes(flat.values, flat.key) },
    short_keys: {
      distinct_keys: keyCounts.size,
      bytes: bytes - saving,
      saving_bytes: saving,
      saving_percent: percent(saving, bytes),
    },
    field_count: fieldCount,
    unique_keys: keyCounts.size,
    max_depth: maxDepth,
    type_distribution: types,
    nulls,
    empty_strings: emptyStrings,
    empty_arrays: emptyArrays,
    empty_objects: emptyObjects,
    largest_fields: largest,
    key_bytes: keyTotal,
    value_bytes: bytes - keyTotal,
    repeated_keys: [...repeated]
      .filter(([, count]) => count >= 2)
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, occurrences]) => ({ key, occurrences })),
    long_strings: [...longStrings].map(([path, size]) => ({ path, bytes: size })),
    numbers_as_strings: [...numberStrings].map((path) => ({ path })),
    bloat_score: Number(score.round(0, Dec.roundHalfUp).toFixed(0)),
    signals: [] as string[],
  };
  result.signals = signals(result, n, empties, debugOrTemp);
  return result;
}

/**
 * The `LARGEST_FIELDS` paths of most bytes, first seen first among equals: one pass keeping a short
 * sorted list, not a sort of every path (an object of a million keys has a million paths).
 */
function largestFields(fields: Map<string, number>): Array<[string, number]> {
  const top: Array<[string, number]> = [];
  for (const entry of fields) {
    if (top.length === LARGEST_FIELDS && entry[1] <= top[LARGEST_FIELDS - 1]![1]) continue;
    let at = top.length;
    while (at > 0 && top[at - 1]![1] < entry[1]) at--;
    top.splice(at, 0, entry);
    if (top.length > LARGEST_FIELDS) top.pop();
  }
  return top;
}

type Analysis = ReturnType<typeof analyze>;

function signals(a: Analysis, values: number, empties: number, debugOrTemp: number): string[] {
  const out: string[] = [];
  const emptyShare = percent(a.nulls + empties, values);
  if (emptyShare >= 10) out.push(`${emptyShare}% of the values are null or empty.`);
  const keyShare = percent(a.key_bytes, a.bytes);
  if (keyShare >= 30) out.push(`Member names are ${keyShare}% of the bytes.`);
  const top = a.repeated_keys[0];
  if (top && top.occurrences >= 10)
    out.push(
      `"${top.key}" is repeated in ${top.occurrences} array items; a columnar or keyed layout would shorten it.`,
    );
  if (debugOrTemp > 0)
    out.push(`${debugOrTemp} member${debugOrTemp > 1 ? 's look' : ' looks'} like debug or temporary data.`);
  if (a.max_depth > 10) out.push(`Nesting depth ${a.max_depth} exceeds 10.`);
  if (a.long_strings.length > 0)
    out.push(
      `${a.long_strings.length} path${a.long_strings.length > 1 ? 's hold' : ' holds'} strings over ${LONG_STRING_BYTES} bytes.`,
    );
  if (a.numbers_as_strings.length > 0)
    out.push(
      `${a.numbers_as_strings.length} path${a.numbers_as_strings.length > 1 ? 's hold' : ' holds'} numbers written as strings.`,
    );
  if (a.bytes > 0 && a.gzip_bytes / a.bytes < 0.25)
    out.push(`gzip shrinks it to ${percent(a.gzip_bytes, a.bytes)}%: serve it compressed.`);
  return out;
}
