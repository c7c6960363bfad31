import type { ProblemFieldError } from '@dus/core';
import { domainError, FIELD_ERROR_CODES, fieldError, throwIfAny } from '../errors.js';
import { type ElementField, gs1128Data, gs1128DataError } from '../gs1-128.js';
import {
  DEFAULT_DL_DOMAIN,
  type DigitalLink,
  type DlRefusal,
  dataAttributeRefusal,
  digitalLink,
  PRIMARY_KEY,
  QUALIFIERS,
  queryOrder,
  refusal,
  TPX,
  uriTail,
} from './rules.js';
import { HOST } from './uri.js';

/** `http(s)://host[:port][/path]`: the path of RFC 3986 path characters, no query or fragment. */
const DOMAIN = new RegExp(`^https?://${HOST.source}(?:/[A-Za-z0-9\\-._~!$&'()*+,;=:@%/]*)?$`);

/** The `/domain` error, or null: http(s), a host, an optional path. */
export function domainFieldError(domain: string): ProblemFieldError | null {
  return DOMAIN.test(domain) && !/%(?![0-9A-Fa-f]{2})/.test(domain)
    ? null
    : fieldError(
        'domain',
        FIELD_ERROR_CODES.type,
        'must be http:// or https://, a host (letters, digits, - and .; :port or [IPv6]) and an optional path',
      );
}

/** 422 `invalid_digital_link` with `rule` and `ai`, on `path`. */
export function invalidDigitalLink(refused: DlRefusal, path: string) {
  return domainError('invalid_digital_link', refused.detail, { rule: refused.rule, ai: refused.ai }, path);
}

/** The path and query of the element string's fields, or the first refusal. */
export function placeFields(
  fields: readonly ElementField[],
): { path: ElementField[]; query: ElementField[] } | DlRefusal {
  const first = new Map<string, string>();
  for (const { ai, value } of fields) if (!first.has(ai)) first.set(ai, value);
  if (!first.has(PRIMARY_KEY)) return refusal('primary_key', null, 'a Digital Link needs a GTIN, AI (01)');
  const tpx = first.has(TPX);
  const pathAis = tpx ? [PRIMARY_KEY, TPX] : [PRIMARY_KEY, ...QUALIFIERS.filter((ai) => first.has(ai))];
  const path = pathAis.map((ai) => ({ ai, value: first.get(ai)! }));
  const query = [...first].filter(([ai]) => !pathAis.includes(ai)).map(([ai, value]) => ({ ai, value }));
  const misplaced = dataAttributeRefusal(query, tpx);
  if (misplaced) return misplaced;
  for (const { ai, value } of fields) {
    if (first.get(ai) !== value) return refusal('duplicate_ai', ai, `is given twice with different values`);
  }
  return { path, query: queryOrder(query) };
}

/**
 * A GS1 Digital Link URI from an element string: `domain` (default https://id.gs1.org, a final `/` dropped)
 * + `/01/`GTIN + `/22/`, `/10/`, `/21/` in that order or `/235/` alone + the other AIs as the query. The
 * element string's errors are GS1-128's (400, 422 `invalid_gs1_data`); a Digital Link refusal is 422
 * `invalid_digital_link` on `/data`.
 */
export function buildDigitalLink(data: string, domain: string = DEFAULT_DL_DOMAIN): DigitalLink {
  const errors = [gs1128DataError(data), domainFieldError(domain)].filter((error) => error !== null);
  throwIfAny(errors);
  const { fields } = gs1128Data(data);
  const placed = placeFields(fields);
  if ('rule' in placed) throw invalidDigitalLink(placed, '/data');
  const base = domain.endsWith('/') ? domain.slice(0, -1) : domain;
  return digitalLink(base + uriTail(placed.path, placed.query), base, placed.path, placed.query);
}
