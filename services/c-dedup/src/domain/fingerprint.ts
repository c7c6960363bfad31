import { createHash } from 'node:crypto';
import { canonicalize, type JsonValue, ProblemError, unprocessable } from '@dus/core';
import { projector } from './projection.js';
import type { AnalysisOptions, ApiCall } from './request.js';
import { ignoredBy, normalizedText } from './url.js';

const JSON_MEDIA = /^application\/json$|^[^/]+\/[^/]+\+json$/i;

/**
 * The body as fingerprinted: `text` is the canonical JSON of the (projected) JSON body, the string of a
 * non-JSON one, or undefined when absent; `json` is the projected JSON body (undefined if none).
 */
function bodyOf(call: ApiCall, project: (body: unknown) => unknown): { text?: string; json?: unknown } {
  const { body } = call;
  if (body === undefined || body === '') return {};
  let value: unknown = body;
  if (typeof body === 'string') {
    const type = call.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
    if (!JSON_MEDIA.test(type)) return { text: body };
    try {
      value = JSON.parse(body);
    } catch {
      return { text: body };
    }
  }
  const json = project(value);
  if (json === undefined) return {};
  try {
    return { text: canonicalize(json as JsonValue), json };
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    // A JSON-typed string with a number beyond the double range or a lone surrogate is no I-JSON text:
    // like any string that does not parse as JSON, it is hashed as it is — this request alone.
    if (typeof body === 'string' && error.status === 422) return { text: body };
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

/** Describes calls under one set of options (the parsed ignore patterns are reused for every call). */
export function describer(
  options: Pick<AnalysisOptions, 'ignoreParams' | 'headerAllowlist' | 'fingerprint'>,
) {
  const ignored = ignoredBy(options.ignoreParams);
  const project = projector(options.fingerprint);
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
  /**
   * SHA-256 (hex) over the method, the normalised URL, the allow-listed headers and the canonical body
   * (`print`); `head` is the JSON of the first three, `json` the projected JSON body.
   */
  return (call: ApiCall): Described => {
    const head = JSON.stringify([call.method, normalizedText(call.url, ignored), allowedHeaders(call)]);
    const { text, json } = bodyOf(call, project);
    const material = `${head.slice(0, -1)},${JSON.stringify(text ?? null)}]`;
    return { print: createHash('sha256').update(material).digest('hex'), head, json };
  };
}

export interface Described {
  print: string;
  head: string;
  json: unknown;
}

/** Fingerprints under one set of options (the parsed ignore patterns are reused for every call). */
export function fingerprinter(
  options: Pick<AnalysisOptions, 'ignoreParams' | 'headerAllowlist' | 'fingerprint'>,
) {
  const describe = describer(options);
  return (call: ApiCall): string => describe(call).print;
}

export const shortFingerprint = (hex: string) => hex.slice(0, 16);
