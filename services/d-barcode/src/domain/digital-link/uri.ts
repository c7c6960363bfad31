import type { ProblemFieldError } from '@dus/core';
import { FIELD_ERROR_CODES, fieldError } from '../errors.js';

/** A host: letters, digits, `-` and `.`, or an `[IPv6]` literal; an optional `:port`. */
export const HOST = /(?:[A-Za-z0-9\-.]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?/;
/** Most characters of a Digital Link URI. */
export const MAX_URI_LENGTH = 2048;

/** RFC 3986 characters (unreserved, reserved, `%` with two hex digits) and nothing else. */
const RFC3986 = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
const START = new RegExp(`^(?:https?|HTTPS?)://(${HOST.source})(?=[/?#]|$)`);

/** A URI split into what a Digital Link reader needs. */
export interface UriParts {
  /** `scheme://host[:port]` as given. */
  origin: string;
  /** The path (from its first `/`), without query or fragment. */
  path: string;
  /** The query without its `?`; empty when there is none. */
  query: string;
}

/** The `/uri` (or `/data`) error of a URI, or its parts. */
export function splitUri(uri: string, field: string): UriParts | ProblemFieldError {
  const error = (message: string) => fieldError(field, FIELD_ERROR_CODES.type, message);
  if (uri.length > MAX_URI_LENGTH)
    return error(`must be at most ${MAX_URI_LENGTH} characters, got ${uri.length}`);
  if (!RFC3986.test(uri)) return error('must contain only RFC 3986 characters (others percent-encoded)');
  const start = START.exec(uri);
  if (start === null) {
    return error(
      'must start with http:// or https:// and a host (letters, digits, - and .; :port or [IPv6])',
    );
  }
  const origin = start[0];
  const rest = uri.slice(origin.length).replace(/#.*$/s, '');
  const mark = rest.indexOf('?');
  return mark < 0
    ? { origin, path: rest, query: '' }
    : { origin, path: rest.slice(0, mark), query: rest.slice(mark + 1) };
}

/** Percent-decodes UTF-8; null when the bytes are not UTF-8. */
export function percentDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
