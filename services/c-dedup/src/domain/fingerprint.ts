import { createHash } from 'node:crypto';
import { canonicalize, type JsonValue, ProblemError, unprocessable } from '@dus/core';
import type { AnalysisOptions, ApiCall } from './request.js';
import { ignoredBy, normalizedText } from './url.js';

const JSON_MEDIA = /^application\/json$|^[^/]+\/[^/]+\+json$/i;

/** The body as fingerprinted: canonical JSON, a plain string, or undefined when absent. */
function bodyText(call: ApiCall): string | undefined {
  const { body } = call;
  if (body === undefined || body === '') return undefined;
  let value: unknown = body;
  if (typeof body === 'string') {
    const type = call.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
    if (!JSON_MEDIA.test(type)) return body;
    try {
      value = JSON.parse(body);
    } catch {
      return body;
    }
  }
  try {
    return canonicalize(value as JsonValue);
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    const detail = `request ${call.index}: the body cannot be canonicalised: ${error.detail}`;
    if (error.status !== 400) throw unprocessable(error.code, detail, { index: call.index });
    // Too deep: the same 400 as a body nested too deep in the request itself, at the body's own path.
    const at = `/requests/${call.index}/body`;
    const errors = (error.errors ?? []).map((item) => ({ ...item, path: at }));
    throw new ProblemError({
      status: 400,
      code: error.code,
      detail,
      errors,
      extensions: { index: call.index },
    });
  }
}

/** Fingerprints under one set of options (the parsed ignore patterns are reused for every call). */
export function fingerprinter(options: Pick<AnalysisOptions, 'ignoreParams' | 'headerAllowlist'>) {
  const ignored = ignoredBy(options.ignoreParams);
  const allow = new Set(options.headerAllowlist.map((name) => name.toLowerCase()));
  const allowSorted = [...allow].sort();
  /**
   * The allow-listed headers of a call in name order, from whichever side is smaller (a long allow-list
   * against calls of a few headers costs the headers, not the list).
   */
  const allowedHeaders = (call: ApiCall) => {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: either side gives the same headers; the choice is only cost
    if (allow.size <= call.headers.size) {
      return allowSorted.flatMap((name) => {
        const value = call.headers.get(name);
        return value === undefined ? [] : [[name, value.trim()]];
      });
    }
    const names = [...call.headers.keys()].filter((name) => allow.has(name)).sort();
    return names.map((name) => [name, call.headers.get(name)!.trim()]);
  };
  /** SHA-256 (hex) over the method, the normalised URL, the allow-listed headers and the canonical body. */
  return (call: ApiCall): string => {
    const headers = allowedHeaders(call);
    const material = JSON.stringify([
      call.method,
      normalizedText(call.url, ignored),
      headers,
      bodyText(call) ?? null,
    ]);
    return createHash('sha256').update(material).digest('hex');
  };
}

export const shortFingerprint = (hex: string) => hex.slice(0, 16);
