// The prune rules of the spec, as data: levels most specific first; the first level that matches a
// member name applies (within a level, the higher confidence). Names are case-sensitive.

export type Category = 'debug' | 'temp' | 'internal' | 'null' | 'deprecated';

export interface Verdict {
  category: Category;
  confidence: number;
  reason: string;
}

interface NameRule {
  level: number;
  category: Category;
  confidence: number;
  describe: string;
  matches(name: string, siblings: ReadonlySet<string>): boolean;
}

const exact =
  (...names: string[]) =>
  (name: string) =>
    names.includes(name);
const prefix =
  (...prefixes: string[]) =>
  (name: string) =>
    prefixes.some((p) => name.startsWith(p));

const RULES: readonly NameRule[] = [
  {
    level: 1,
    category: 'debug',
    confidence: 95,
    describe: 'a debug field',
    matches: exact('debug', '_debug', 'debug_info', 'trace', 'stack', 'stacktrace'),
  },
  {
    level: 1,
    category: 'temp',
    confidence: 90,
    describe: 'a temporary field',
    matches: exact('tmp', 'temp', '_tmp'),
  },
  { level: 1, category: 'temp', confidence: 55, describe: 'a cache field', matches: exact('cache') },
  {
    level: 1,
    category: 'internal',
    confidence: 75,
    describe: 'an internal field',
    matches: exact('internal', '_meta'),
  },
  {
    level: 1,
    category: 'internal',
    confidence: 40,
    describe: 'a storage id or version key',
    matches: exact('_id', '__v'),
  },
  {
    level: 1,
    category: 'deprecated',
    confidence: 85,
    describe: 'a deprecated field',
    matches: exact('deprecated'),
  },
  {
    level: 2,
    category: 'temp',
    confidence: 90,
    describe: 'a temporary field (temp_/tmp_ prefix)',
    matches: prefix('temp_', 'tmp_'),
  },
  {
    level: 2,
    category: 'temp',
    confidence: 55,
    describe: 'a cached copy (cached_ prefix)',
    matches: prefix('cached_'),
  },
  {
    level: 2,
    category: 'internal',
    confidence: 75,
    describe: 'an internal field (internal_ prefix)',
    matches: prefix('internal_'),
  },
  {
    level: 2,
    category: 'deprecated',
    confidence: 85,
    describe: 'a deprecated field (legacy_/old_ prefix, _deprecated suffix, or _v1 beside a _v2)',
    matches: (name, siblings) =>
      name.startsWith('legacy_') ||
      name.startsWith('old_') ||
      name.endsWith('_deprecated') ||
      (name.endsWith('_v1') && siblings.has(`${name.slice(0, -3)}_v2`)),
  },
  {
    level: 3,
    category: 'debug',
    confidence: 80,
    describe: 'a debug field (name contains "debug")',
    matches: (name) => name.includes('debug'),
  },
  {
    level: 4,
    category: 'internal',
    confidence: 75,
    describe: 'an internal field (leading "_")',
    matches: (name) => name.startsWith('_'),
  },
];

/** The name rule a member matches: the first level that matches, its highest confidence. */
export function nameVerdict(name: string, siblings: ReadonlySet<string>): Verdict | undefined {
  let found: NameRule | undefined;
  for (const rule of RULES) {
    if (found !== undefined && rule.level > found.level) break;
    if (rule.matches(name, siblings) && (found === undefined || rule.confidence > found.confidence))
      found = rule;
  }
  return (
    found && {
      category: found.category,
      confidence: found.confidence,
      reason: `"${name}" is ${found.describe}`,
    }
  );
}

/** The value rule: null → 70; "", [], {} → 50. */
export function valueVerdict(value: unknown): Verdict | undefined {
  if (value === null) return { category: 'null', confidence: 70, reason: 'the value is null' };
  if (value === '' || (Array.isArray(value) && value.length === 0)) {
    return { category: 'null', confidence: 50, reason: `the value is empty (${JSON.stringify(value)})` };
  }
  if (typeof value === 'object' && Object.keys(value as object).length === 0) {
    return { category: 'null', confidence: 50, reason: 'the value is empty ({})' };
  }
  return undefined;
}

/** A member's verdict: its name rule, unless the value rule is more confident. */
export function memberVerdict(
  name: string,
  value: unknown,
  siblings: ReadonlySet<string>,
): Verdict | undefined {
  const byName = nameVerdict(name, siblings);
  const byValue = valueVerdict(value);
  if (byValue && (!byName || byValue.confidence > byName.confidence)) return byValue;
  return byName;
}

/** Whether a member name is, by its name alone, a debug or temp field (bloat score's D). */
export function isDebugOrTempName(name: string, siblings: ReadonlySet<string>): boolean {
  const verdict = nameVerdict(name, siblings);
  return verdict?.category === 'debug' || verdict?.category === 'temp';
}
