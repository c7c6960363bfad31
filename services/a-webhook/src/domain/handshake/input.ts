import { MAX_FIELD_ERRORS, ProblemError, type ProblemFieldError } from '@dus/core';
import { invalidFields, missingFields } from '../errors.js';
import { parseHeaders } from '../headers.js';
import { MAX_HEADER_NAME_CHARS, MAX_HEADERS, MAX_SIGNATURE_CHARS } from '../limits.js';
import type { HeaderValue, VerifyInput, VerifyRequest } from '../types.js';
import { parseRequest } from '../validate.js';
import { FLOWS_BY_PLATFORM, HANDSHAKE_PLATFORMS, type HandshakeFlow } from './flows.js';

/** The members of a POST /handshake request (any other member is a 400). */
export const HANDSHAKE_MEMBERS = [
  'platform',
  'method',
  'query',
  'headers',
  'payload',
  'payload_base64',
  'secret',
  'public_key',
  'tolerance',
  'now',
] as const;

export interface HandshakeInput {
  platform: string;
  method?: string | undefined;
  /** The request's query parameters, name → decoded value. */
  query?: Record<string, string> | undefined;
  headers?: Record<string, HeaderValue> | undefined;
  payload?: string | undefined;
  payload_base64?: string | undefined;
  secret?: string | string[] | undefined;
  public_key?: string | undefined;
  tolerance?: number | undefined;
  now?: number | undefined;
}

/** The request as checked: the flow named, its parts, and the members /verify reads. */
export interface ParsedHandshake {
  flow: HandshakeFlow;
  /** The method given, upper-cased, or the flow's. */
  method: string;
  query: Map<string, string>;
  headers: Map<string, string>;
  /** secret, payload (or its base64 decoded), public_key, tolerance, now — checked as /verify does. */
  request: VerifyRequest;
}

/** The query: at most MAX_HEADERS parameters, names and values as short as headers'. */
export const MAX_QUERY_PARAMETERS = MAX_HEADERS;

function unknownHandshakePlatform(): ProblemError {
  const list = HANDSHAKE_PLATFORMS.join(', ');
  return new ProblemError({
    status: 400,
    code: 'unknown_platform',
    title: 'Unknown platform',
    detail: `platform must be one of: ${list}`,
    errors: [{ path: '/platform', code: 'unknown_platform', message: `must be one of: ${list}` }],
    extensions: { valid: false, platforms: [...HANDSHAKE_PLATFORMS] },
  });
}

function rejectOtherMembers(fields: Record<string, unknown>): void {
  const errors: ProblemFieldError[] = [];
  for (const name of Object.keys(fields)) {
    if (!(HANDSHAKE_MEMBERS as readonly string[]).includes(name)) {
      errors.push({
        path: `/${name}`,
        code: 'not_allowed',
        message: 'is not a member of a handshake request',
      });
    }
  }
  if (errors.length > 0) throw invalidFields(errors.slice(0, MAX_FIELD_ERRORS));
}

function parseFlow(value: unknown): HandshakeFlow {
  if (value === undefined || value === null) throw missingFields(['platform'], null, null);
  const flow = typeof value === 'string' ? FLOWS_BY_PLATFORM.get(value.trim().toLowerCase()) : undefined;
  if (flow === undefined) throw unknownHandshakePlatform();
  return flow;
}

const queryPath = (name: string) =>
  `/query/${name.slice(0, MAX_HEADER_NAME_CHARS).replaceAll('~', '~0').replaceAll('/', '~1')}`;

function parseQuery(value: unknown): Map<string, string> {
  const query = new Map<string, string>();
  if (value === undefined || value === null) return query;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidFields([
      { path: '/query', code: 'invalid_type', message: 'must be an object of parameter names to strings' },
    ]);
  }
  const names = Object.keys(value);
  if (names.length > MAX_QUERY_PARAMETERS) {
    const message = `must hold at most ${MAX_QUERY_PARAMETERS} parameters`;
    throw invalidFields([{ path: '/query', code: 'too_many', message }]);
  }
  const errors: ProblemFieldError[] = [];
  for (const name of names) {
    const text: unknown = (value as Record<string, unknown>)[name];
    if (name.length > MAX_HEADER_NAME_CHARS) {
      const message = `parameter names must be at most ${MAX_HEADER_NAME_CHARS} characters`;
      errors.push({ path: queryPath(name), code: 'too_long', message });
    } else if (typeof text !== 'string') {
      errors.push({ path: queryPath(name), code: 'invalid_type', message: 'must be a string' });
    } else if (text.length > MAX_SIGNATURE_CHARS) {
      const message = `must be at most ${MAX_SIGNATURE_CHARS} characters`;
      errors.push({ path: queryPath(name), code: 'too_long', message });
    } else query.set(name, text);
  }
  if (errors.length > 0) throw invalidFields(errors.slice(0, MAX_FIELD_ERRORS));
  return query;
}

/** The members /verify knows, checked by its own parser (types, empty secrets, base64, method token). */
const VERIFY_MEMBERS = ['secret', 'payload', 'payload_base64', 'public_key', 'tolerance', 'now', 'method'];

/** Checks every member; 400 naming the offending ones. */
export function parseHandshake(input: HandshakeInput): ParsedHandshake {
  const fields = input as unknown as Record<string, unknown>;
  rejectOtherMembers(fields);
  const flow = parseFlow(fields.platform);
  const query = parseQuery(fields.query);
  const headers = parseHeaders(fields.headers) ?? new Map<string, string>();
  const shared: Record<string, unknown> = Object.create(null);
  for (const name of VERIFY_MEMBERS) shared[name] = fields[name];
  // The platform only decides which members /verify refuses (mode, generic templates): none are here.
  const request = parseRequest(shared as unknown as VerifyInput, 'generic');
  const method = fields.method === undefined || fields.method === null ? flow.method : request.method;
  return { flow, method, query, headers, request };
}
