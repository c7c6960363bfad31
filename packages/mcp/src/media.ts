/** Media-type parsing for Accept and Content-Type checks (the service kit uses it too). */

export interface MediaType {
  /** Lower-cased `type/subtype`; `` when absent. */
  type: string;
  /** Parameters by lower-cased name, values unquoted. */
  params: Map<string, string>;
}

export function parseMediaType(text: string): MediaType {
  const [type = '', ...rest] = text.split(';');
  const params = new Map<string, string>();
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const value = part.slice(eq + 1).trim();
    params.set(part.slice(0, eq).trim().toLowerCase(), value.replace(/^"(.*)"$/, '$1'));
  }
  return { type: type.trim().toLowerCase(), params };
}

/** Ranges of an Accept header with q > 0 (`q=0` means "not acceptable"). */
function acceptedRanges(accept: string): string[] {
  const ranges: string[] = [];
  for (const item of accept.split(',')) {
    const { type, params } = parseMediaType(item);
    if (type === '') continue;
    const q = Number(params.get('q') ?? '1');
    if (Number.isNaN(q) || q > 0) ranges.push(type);
  }
  return ranges;
}

const RESPONSE_RANGES = new Set(['application/json', 'application/*', 'text/event-stream', 'text/*', '*/*']);

/** An absent Accept header accepts anything (RFC 9110 §12.5.1). */
export function acceptsMcpResponse(accept: string | undefined): boolean {
  if (accept === undefined) return true;
  return acceptedRanges(accept).some((range) => RESPONSE_RANGES.has(range));
}

/** True only when `text/event-stream` is named explicitly, not matched by a wildcard. */
export function asksForEventStream(accept: string | undefined): boolean {
  return accept !== undefined && acceptedRanges(accept).includes('text/event-stream');
}

/** `application/json`, optionally with `charset=utf-8` (JSON has no other encoding, RFC 8259 §8.1). */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const { type, params } = parseMediaType(contentType);
  const charset = params.get('charset');
  return type === 'application/json' && (charset === undefined || charset.toLowerCase() === 'utf-8');
}
