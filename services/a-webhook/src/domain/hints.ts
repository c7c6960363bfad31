import { MAX_HINT_PARSE_BYTES } from './limits.js';
import { fromBase64, splitSchemePrefix } from '@dus/core';
import type { FailureReason, Hint, PlatformCheck, PlatformDescriptor, VerifyRequest } from './types.js';

/** Whitespace outside string literals of a JSON text (scanned without recursion). */
function jsonLayout(text: string): { spaces: boolean; newlines: boolean } {
  let inString = false;
  let escaped = false;
  let spaces = false;
  let newlines = false;
  for (const char of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '\n') newlines = spaces = true;
    else if (char === ' ' || char === '\t' || char === '\r') spaces = true;
  }
  return { spaces, newlines };
}

function isJsonDocument(text: string): boolean {
  if (!text.startsWith('{') && !text.startsWith('[')) return false;
  // Advice only: a huge payload is not re-parsed for it (a 25 MB document would take a second).
  if (text.length > MAX_HINT_PARSE_BYTES) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * JSON laid out unlike the platform sends it: spacing where the platform sends compact JSON, or one
 * line where Stripe sends indented JSON. Typical of a body parsed and serialised again before checking.
 */
export function looksReserialized(payload: string, style: PlatformDescriptor['payload_json_style']): boolean {
  const text = payload.trim();
  if (style === null || !isJsonDocument(text)) return false;
  const layout = jsonLayout(text);
  return style === 'compact' ? layout.spaces : !layout.newlines;
}

const DIGEST_SIZES = [20, 32, 48, 64];

/** For a malformed signature: was it sent in the other encoding? */
function encodingHint(signature: string, expected: string): Hint | null {
  const value = splitSchemePrefix(signature).value;
  if (expected === 'base64' && /^[0-9a-fA-F]+$/.test(value) && DIGEST_SIZES.includes(value.length / 2)) {
    return 'signature_looks_hex';
  }
  if (expected === 'hex' && !/^[0-9a-fA-F]*$/.test(value)) {
    const bytes = fromBase64(value);
    if (bytes !== undefined && DIGEST_SIZES.includes(bytes.byteLength)) return 'signature_looks_base64';
  }
  return null;
}

/** A `scheme=` prefix another platform uses and this one does not (e.g. `sha256=` sent to Stripe). */
function hasOtherPlatformPrefix(
  signature: string,
  own: readonly string[],
  others: readonly string[],
): boolean {
  const text = signature.trim().toLowerCase();
  return others.some((prefix) => !own.includes(prefix) && text.startsWith(prefix));
}

export interface HintInput {
  descriptor: PlatformDescriptor;
  request: VerifyRequest;
  check: PlatformCheck;
  reason: FailureReason | null;
  /** The timestamp as found, before normalisation (for the milliseconds hint). */
  rawTimestamp: number | null;
  /** Prefixes declared by the other named platforms. */
  otherPrefixes: readonly string[];
}

/** Diagnostics worth a human's time, in a stable order, without duplicates. */
export function collectHints(input: HintInput): Hint[] {
  const { descriptor, request, check, reason } = input;
  const hints = new Set<Hint>(check.hints);
  if (reason === 'signature_mismatch' && check.verifiedWith === 'secret') {
    if (request.secrets.some((secret) => /\s/.test(secret))) hints.add('secret_has_whitespace');
  }
  if (reason === 'signature_mismatch') {
    if (looksReserialized(request.payload, descriptor.payload_json_style))
      hints.add('payload_looks_reserialized');
    if (request.payload.endsWith('\n')) hints.add('payload_has_trailing_newline');
  }
  const signatureProblem =
    reason === 'signature_mismatch' ||
    reason === 'malformed_signature' ||
    reason === 'no_supported_signature';
  if (
    signatureProblem &&
    hasOtherPlatformPrefix(request.signature, descriptor.signature_prefixes, input.otherPrefixes)
  ) {
    hints.add('signature_has_prefix_of_other_platform');
  }
  if (reason === 'malformed_signature') {
    const hint = encodingHint(request.signature, check.encoding);
    if (hint !== null) hints.add(hint);
  }
  const timestampInMs = input.rawTimestamp !== null && input.rawTimestamp > 1e12;
  if (timestampInMs && check.timestamp?.allowMilliseconds === false)
    hints.add('timestamp_looks_like_milliseconds');
  return [...hints];
}
