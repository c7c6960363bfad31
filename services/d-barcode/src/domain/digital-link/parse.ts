import { rejectField } from '../errors.js';
import { AI_TABLE } from '../ai-table.js';
import { type ElementField, fieldRefusal } from '../gs1-128.js';
import { invalidDigitalLink } from './build.js';
import {
  type DigitalLink,
  type DlRefusal,
  dataAttributeRefusal,
  digitalLink,
  PRIMARY_KEY,
  QUALIFIERS,
  refusal,
  TPX,
} from './rules.js';
import { percentDecode, splitUri } from './uri.js';

/** A field whose value may not have decoded (null: not UTF-8). */
interface RawField {
  ai: string;
  value: string | null;
}

/**
 * The path's `/AI/value` pairs read from the end while the AI is in the table, up to the first `01`; null
 * when no `01` is reached. `start` is where the Digital Link path begins.
 */
function readPath(path: string): { start: number; fields: RawField[] } | null {
  const segments = path.split('/');
  const fields: RawField[] = [];
  let offset = path.length;
  for (let i = segments.length - 2; i >= 1; i -= 2) {
    const ai = segments[i]!;
    const value = segments[i + 1]!;
    if (!AI_TABLE.has(ai)) return null;
    fields.unshift({ ai, value: percentDecode(value) });
    offset -= ai.length + value.length + 2;
    if (ai === PRIMARY_KEY) return { start: offset, fields };
  }
  return null;
}

/** The query's numeric keys (others and empty parts ignored), `+` as space, values percent-decoded. */
function readQuery(query: string): RawField[] {
  const fields: RawField[] = [];
  for (const part of query.split('&')) {
    const equals = part.indexOf('=');
    const key = equals < 0 ? part : part.slice(0, equals);
    if (!/^\d+$/.test(key)) continue;
    const value = equals < 0 ? '' : part.slice(equals + 1);
    fields.push({ ai: key, value: percentDecode(value.replaceAll('+', ' ')) });
  }
  return fields;
}

/** The qualifiers after the GTIN: a subsequence of 22, 10, 21, or 235 alone. */
function qualifierRefusal(qualifiers: readonly string[]): DlRefusal | null {
  if (qualifiers.includes(TPX)) {
    const other = qualifiers.find((ai) => ai !== TPX);
    if (other !== undefined) return refusal('data_attribute', other, 'cannot be in the path with AI (235)');
    return null;
  }
  let previous = -1;
  for (const ai of qualifiers) {
    const index = (QUALIFIERS as readonly string[]).indexOf(ai);
    if (index <= previous) {
      return refusal(
        'qualifier_order',
        null,
        `the path's key qualifiers must be 22, 10, 21 in that order or 235 alone, got ${qualifiers.join(', ')}`,
      );
    }
    previous = index;
  }
  return null;
}

/** The first rule the fields break: structure, repeats, then each value (its AI's format). */
function firstRefusal(path: readonly RawField[], query: readonly RawField[]): DlRefusal | null {
  const structure = qualifierRefusal(path.slice(1).map(({ ai }) => ai));
  if (structure) return structure;
  const misplaced = dataAttributeRefusal(
    query as ElementField[],
    path.some(({ ai }) => ai === TPX),
  );
  if (misplaced) return misplaced;
  const seen = new Set<string>();
  for (const { ai } of [...path, ...query]) {
    if (seen.has(ai)) return refusal('duplicate_ai', ai, 'appears more than once');
    seen.add(ai);
  }
  for (const { ai, value } of [...path, ...query]) {
    if (value === null) return refusal('charset', ai, 'value is not percent-encoded UTF-8');
    const refused = fieldRefusal({ ai, value });
    // Every rule of an element-string field but `syntax` is a Digital Link rule.
    if (refused)
      return refusal(refused.rule as DlRefusal['rule'], ai, refused.detail.replace(/^AI \(\d+\): /, ''));
  }
  return null;
}

/** The fields of a URI that passed the checks, or the first refusal. */
export function readDigitalLink(
  uri: string,
  field: string,
): { domain: string; path: ElementField[]; query: ElementField[] } | DlRefusal {
  const parts = splitUri(uri, field);
  if ('code' in parts) rejectField(parts);
  const read = readPath(parts.path);
  if (read === null) return refusal('primary_key', null, 'no GTIN, AI (01), in the path');
  const query = readQuery(parts.query);
  const refused = firstRefusal(read.fields, query);
  if (refused) return refused;
  return {
    domain: parts.origin + parts.path.slice(0, read.start),
    path: read.fields as ElementField[],
    query: query as ElementField[],
  };
}

/**
 * Reads and checks a GS1 Digital Link URI: 400 on `/uri` for a URI that is not http(s) with a host in RFC 3986
 * characters (at most 2048); 422 `invalid_digital_link` with `rule` and `ai`.
 */
export function parseDigitalLink(uri: string): DigitalLink {
  const read = readDigitalLink(uri, 'uri');
  if ('rule' in read) throw invalidDigitalLink(read, '/uri');
  return digitalLink(uri, read.domain, read.path, read.query);
}
