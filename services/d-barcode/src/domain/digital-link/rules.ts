import { AI_TABLE } from '../ai-table.js';
import type { ElementField } from '../gs1-128.js';

/** GS1 Digital Link URI Syntax 1.6.0: the refusal rules of `/digital-link` and `/digital-link/parse`. */
export const DL_RULES = [
  'primary_key',
  'qualifier_order',
  'data_attribute',
  'duplicate_ai',
  'unknown_ai',
  'charset',
  'length',
  'check_digit',
  'date',
] as const;
export type DlRule = (typeof DL_RULES)[number];

/** A refusal: the rule, the AI (null for `primary_key` and `qualifier_order`) and the message. */
export interface DlRefusal {
  rule: DlRule;
  ai: string | null;
  detail: string;
}

export const DEFAULT_DL_DOMAIN = 'https://id.gs1.org';
/** The primary key D's Digital Links carry: the GTIN. */
export const PRIMARY_KEY = '01';
/** The GTIN's key qualifiers in their path order; 235 (TPX) is a qualifier alone. */
export const QUALIFIERS = ['22', '10', '21'] as const;
export const TPX = '235';
/** AIs that are never data attributes in the query (10 is one only beside a path 235). */
const NOT_IN_QUERY = new Set(['21', '22', '235', '8020']);

export function refusal(rule: DlRule, ai: string | null, message: string): DlRefusal {
  return { rule, ai, detail: `${rule}: ${ai === null ? '' : `AI (${ai}) `}${message}` };
}

/** The first query AI that may not be a data attribute, given whether the path holds a 235. */
export function dataAttributeRefusal(query: readonly ElementField[], pathTpx: boolean): DlRefusal | null {
  for (const { ai } of query) {
    if (NOT_IN_QUERY.has(ai) || (ai === '10' && !pathTpx)) {
      return refusal(
        'data_attribute',
        ai,
        ai === '8020' ? 'is not a data attribute of a GTIN' : 'is a key qualifier, not a query attribute',
      );
    }
  }
  return null;
}

/** `A–Za–z0–9-._~` as themselves, every other UTF-8 byte as `%XX` (upper-case hex). */
export function encodeValue(value: string): string {
  let result = '';
  // Buffer.from encodes a string as UTF-8.
  for (const byte of Buffer.from(value)) {
    const character = String.fromCharCode(byte);
    result += /[A-Za-z0-9\-._~]/.test(character)
      ? character
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return result;
}

/** `/AI/value…` then `?AI=value&…` with the predefined-length AIs first, each group in its given order. */
export function uriTail(path: readonly ElementField[], query: readonly ElementField[]): string {
  const pairs = queryOrder(query).map(({ ai, value }) => `${ai}=${encodeValue(value)}`);
  return (
    path.map(({ ai, value }) => `/${ai}/${encodeValue(value)}`).join('') +
    (pairs.length > 0 ? `?${pairs.join('&')}` : '')
  );
}

/** The query AIs in the order the URI lists them (predefined-length first). */
export function queryOrder(query: readonly ElementField[]): ElementField[] {
  return [
    ...query.filter(({ ai }) => AI_TABLE.get(ai)?.fixed === true),
    ...query.filter(({ ai }) => AI_TABLE.get(ai)?.fixed !== true),
  ];
}

/** The answer of both operations. */
export interface DigitalLink {
  uri: string;
  canonical_uri: string;
  domain: string;
  primary_key: string;
  ais: ElementField[];
  element_string: string;
}

/** The answer for a Digital Link of `domain` with these path and query AIs (`ais` in this order). */
export function digitalLink(
  uri: string,
  domain: string,
  path: readonly ElementField[],
  query: readonly ElementField[],
): DigitalLink {
  const ais = [...path, ...query];
  return {
    uri,
    canonical_uri: DEFAULT_DL_DOMAIN + uriTail(path, query),
    domain,
    primary_key: PRIMARY_KEY,
    ais,
    element_string: ais.map(({ ai, value }) => `(${ai})${value}`).join(''),
  };
}
