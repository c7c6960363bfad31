import type { BinaryLike, ProblemFieldError } from '@dus/core';
import { MAX_TEMPLATE_CHARS } from './limits.js';
import type { SignedContentPart, TimestampSource, VerifyField, VerifyRequest } from './types.js';

const PLACEHOLDERS = ['body', 'timestamp', 'id', 'method', 'url'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** The request field each placeholder reads (`{body}` is the payload, `{method}` defaults to POST). */
const PLACEHOLDER_FIELDS: Record<Placeholder, VerifyField | null> = {
  body: null,
  timestamp: 'timestamp',
  id: 'webhook_id',
  method: null,
  url: 'url',
};

function isPlaceholder(name: string): name is Placeholder {
  return (PLACEHOLDERS as readonly string[]).includes(name);
}

function problem(message: string, code = 'invalid_template'): ProblemFieldError {
  return { path: '/signed_content', code, message };
}

/**
 * Parses a signed-content template such as `{timestamp}.{body}`: placeholders {body}, {timestamp}, {id},
 * {method}, {url}; any other text is literal; `{{` and `}}` stand for one brace. A single loop over the
 * characters (no regular expression, no recursion). Returns the parts, or the problem found.
 */
export function parseTemplate(template: string): SignedContentPart[] | ProblemFieldError {
  if (template.length > MAX_TEMPLATE_CHARS)
    return problem(`must be at most ${MAX_TEMPLATE_CHARS} characters`, 'too_long');
  const parts: SignedContentPart[] = [];
  let literal = '';
  let index = 0;
  while (index < template.length) {
    const char = template[index] as string;
    const next = template[index + 1];
    if ((char === '{' && next === '{') || (char === '}' && next === '}')) {
      literal += char;
      index += 2;
    } else if (char === '}') {
      return problem('a lone } must be written }}');
    } else if (char === '{') {
      const end = template.indexOf('}', index);
      const name = template.slice(index + 1, end);
      if (end === -1 || !isPlaceholder(name)) {
        return problem(
          `placeholders are ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')} (write {{ for a brace)`,
        );
      }
      if (literal !== '') parts.push({ literal });
      literal = '';
      parts.push({ placeholder: name });
      index = end + 1;
    } else {
      literal += char;
      index += 1;
    }
  }
  if (literal !== '') parts.push({ literal });
  if (!parts.some((part) => 'placeholder' in part && part.placeholder === 'body'))
    return problem('must contain {body}');
  return parts;
}

/** The request fields a template needs (beyond the payload). */
export function templateFields(parts: readonly SignedContentPart[]): VerifyField[] {
  const fields: VerifyField[] = [];
  for (const part of parts) {
    const field = 'placeholder' in part ? PLACEHOLDER_FIELDS[part.placeholder] : null;
    if (field !== null && !fields.includes(field)) fields.push(field);
  }
  return fields;
}

/** The bytes to sign, in order (strings as UTF-8); missing values were refused before. */
export function renderTemplate(parts: readonly SignedContentPart[], request: VerifyRequest): BinaryLike[] {
  const values: Record<Placeholder, BinaryLike> = {
    body: request.body,
    timestamp: request.timestamp ?? '',
    // Stryker disable next-line StringLiteral: requireFields refused a template whose {id} has no webhook_id
    id: request.webhook_id ?? '',
    method: request.method,
    // Stryker disable next-line StringLiteral: requireFields refused a template whose {url} has no url
    url: request.url ?? '',
  };
  return parts.map((part) => ('literal' in part ? part.literal : values[part.placeholder]));
}

/** The timestamp a template signs, for the (optional) window; null when it signs none. */
export function signedTimestamp(request: VerifyRequest): TimestampSource | null {
  const signsTime = request.signed_content?.some(
    (part) => 'placeholder' in part && part.placeholder === 'timestamp',
  );
  return signsTime ? { value: request.timestamp ?? '', allowMilliseconds: false } : null;
}

/** The request members a generic scheme reads besides its key: its template, what the template signs, and the window. */
export const TEMPLATE_OPTIONAL_FIELDS: readonly VerifyField[] = [
  'signed_content',
  'timestamp',
  'webhook_id',
  'url',
  'method',
  'signature_header',
  'timestamp_header',
  'tolerance',
  'now',
];
