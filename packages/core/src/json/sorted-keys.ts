/**
 * `Object.keys(object).sort()` with a per-document memo: records of one shape (the rows of an
 * array) list the same keys in the same order, and comparing a key list with a remembered one is
 * much cheaper than sorting it again. The default sort compares UTF-16 code units (RFC 8785 §3.2.3).
 */
export class SortedKeys {
  /** Remembered key lists, bucketed by their first key. */
  private readonly memo = new Map<string, Array<{ keys: string[]; sorted: string[] }>>();

  of(object: object): string[] {
    const keys = Object.keys(object);
    if (keys.length < 2) return keys;
    const first = keys[0]!;
    let bucket = this.memo.get(first);
    if (bucket === undefined) {
      bucket = [];
      this.memo.set(first, bucket);
    }
    for (const entry of bucket) if (sameKeys(entry.keys, keys)) return entry.sorted;
    const sorted = keys.slice().sort();
    if (bucket.length < 8) bucket.push({ keys, sorted });
    return sorted;
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
