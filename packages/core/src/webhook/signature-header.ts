/** Parsing of webhook signature headers: `t=…,v1=…` lists, `ts=…;h1=…` lists, `sha256=<hex>` values. */

/** One `key=value` element of a signature list. */
export interface SignatureEntry {
  /** The scheme key before the first `=`, trimmed; `''` when the element has no `=`. */
  key: string;
  /** Everything after the first `=` (values may contain `=`, e.g. base64 padding), trimmed. */
  value: string;
}

export type SignatureListSeparator = ',' | ';';

/** Splits a signature list into its elements, in header order; empty elements are skipped. */
export function parseSignatureList(header: string, separator: SignatureListSeparator): SignatureEntry[] {
  const entries: SignatureEntry[] = [];
  for (const raw of header.split(separator)) {
    const part = raw.trim();
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq === -1) entries.push({ key: '', value: part });
    else entries.push({ key: part.slice(0, eq).trim(), value: part.slice(eq + 1).trim() });
  }
  return entries;
}

/** Values of every entry with this key, in header order. */
export function valuesForKey(entries: readonly SignatureEntry[], key: string): string[] {
  const values: string[] = [];
  for (const entry of entries) if (entry.key === key) values.push(entry.value);
  return values;
}

/** Distinct keys of the entries not in `used`, in first-seen order (`''` for elements without `=`). */
export function unusedKeys(entries: readonly SignatureEntry[], used: readonly string[]): string[] {
  const keys: string[] = [];
  for (const entry of entries)
    if (!used.includes(entry.key) && !keys.includes(entry.key)) keys.push(entry.key);
  return keys;
}

const SCHEME_PREFIX = /^([A-Za-z][A-Za-z0-9_-]{0,15})=/;

/**
 * Splits a `scheme=value` signature such as `sha256=<hex>` or `v0=<hex>`. `scheme` is `null` when the
 * text does not start with a short token followed by `=`; the value is returned unchanged then.
 */
export function splitSchemePrefix(text: string): { scheme: string | null; value: string } {
  const trimmed = text.trim();
  const match = SCHEME_PREFIX.exec(trimmed);
  if (!match) return { scheme: null, value: trimmed };
  return { scheme: match[1]!, value: trimmed.slice(match[0].length) };
}
