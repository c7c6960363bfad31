import { checkTimestamp, normalizeUnixSeconds, parseUnixTimestamp } from '@dus/core';
import { detectPlatform } from './detect.js';
import { collectHints } from './hints.js';
import { invalidFields } from './errors.js';
import { applyHeaders } from './headers.js';
import { checkPayloadSize, MAX_KEY_CHARS, MAX_SIGNATURE_CHARS } from './limits.js';
import { describe } from './messages.js';
import { PLATFORMS, PLATFORMS_BY_NAME } from './platforms/index.js';
import {
  AUTO_PLATFORM,
  type FailureReason,
  type PlatformCheck,
  type PlatformDescriptor,
  type PlatformName,
  type VerifyInput,
  type VerifyResult,
} from './types.js';
import { parsePlatform, parseRequest, requireFields } from './validate.js';

export interface VerifyOptions {
  /** The clock in unix seconds (the request's `now` wins); defaults to the system clock. */
  nowS?: number;
}

interface TimestampOutcome {
  raw: number | null;
  timestamp: number | null;
  age_s: number | null;
  reason: FailureReason | null;
}

function evaluateTimestamp(
  check: PlatformCheck,
  toleranceS: number | null,
  nowS: number,
  rejectFuture: boolean,
): TimestampOutcome {
  const none: TimestampOutcome = { raw: null, timestamp: null, age_s: null, reason: null };
  if (check.timestamp === null || toleranceS === null) return none;
  const raw = parseUnixTimestamp(check.timestamp.value);
  if (raw === undefined) return { ...none, reason: 'invalid_timestamp' };
  const seconds = check.timestamp.allowMilliseconds ? normalizeUnixSeconds(raw) : raw;
  const result = checkTimestamp({ timestamp: seconds, now: nowS, toleranceS, rejectFuture });
  return {
    raw,
    timestamp: result.timestamp,
    age_s: result.age_s,
    reason: result.ok ? null : result.reason,
  };
}

/**
 * A signature header or key longer than any real one is refused (400 naming the field) before it is
 * split, decoded or parsed: the work on it then stays bounded however long it is.
 */
function checkFieldLengths(input: VerifyInput): void {
  const errors = [];
  if (typeof input.signature === 'string' && input.signature.length > MAX_SIGNATURE_CHARS) {
    errors.push({
      path: '/signature',
      code: 'too_long',
      message: `must be at most ${MAX_SIGNATURE_CHARS} characters`,
    });
  }
  for (const field of ['public_key', 'cert'] as const) {
    const value = input[field];
    if (typeof value === 'string' && value.length > MAX_KEY_CHARS) {
      errors.push({
        path: `/${field}`,
        code: 'too_long',
        message: `must be at most ${MAX_KEY_CHARS} characters`,
      });
    }
  }
  if (errors.length > 0) throw invalidFields(errors);
}

/** The window applied: the platform's (or `tolerance`), or for an optional window only a given `tolerance`. */
function windowFor(
  descriptor: PlatformDescriptor,
  check: PlatformCheck,
  tolerance: number | null,
): number | null {
  if (descriptor.default_tolerance_s !== null) return tolerance ?? descriptor.default_tolerance_s;
  return descriptor.optional_window === true && check.timestamp !== null ? tolerance : null;
}

/** The signature prefixes of the other named platforms, computed once per platform (not per request). */
const OTHER_PREFIXES = new Map<PlatformName, readonly string[]>(
  PLATFORMS.map((self) => [
    self.name,
    PLATFORMS.filter((p) => p.name !== self.name && !p.name.startsWith('generic')).flatMap((p) => [
      ...p.signature_prefixes,
    ]),
  ]),
);

function otherPrefixes(self: PlatformName): readonly string[] {
  return OTHER_PREFIXES.get(self) ?? [];
}

/**
 * Verifies one webhook delivery. Checks run in a fixed order — the header is parsed, then the
 * signature compared, then the timestamp judged — so a `timestamp_*` reason means the signature
 * itself was right. Bad input throws a `ProblemError` (400); everything else is a result.
 */
export function verifyWebhook(input: VerifyInput, options: VerifyOptions = {}): VerifyResult {
  const named = parsePlatform(input, true);
  if (named !== AUTO_PLATFORM) return verifyFor(named, input, options);
  const detected = detectPlatform(input);
  return { ...verifyFor(detected.platform, detected.input, options), detected_platform: detected.platform };
}

function verifyFor(platform: PlatformName, input: VerifyInput, options: VerifyOptions): VerifyResult {
  const descriptor: PlatformDescriptor = PLATFORMS_BY_NAME[platform];
  const fields = applyHeaders(input, descriptor);
  const request = parseRequest(fields, platform);
  requireFields(fields, request, descriptor);
  checkPayloadSize(platform, request.body);
  const nowS = request.now ?? options.nowS ?? Math.floor(Date.now() / 1000);
  checkFieldLengths(fields);
  const check = descriptor.verify(request, { nowS });
  const toleranceS = windowFor(descriptor, check, request.tolerance);
  const time = evaluateTimestamp(check, toleranceS, nowS, descriptor.rejects_future_timestamps);
  const reason: FailureReason | null =
    check.failure?.reason ?? (check.match === null ? 'signature_mismatch' : time.reason);
  const hints = collectHints({
    descriptor,
    request,
    check,
    reason,
    rawTimestamp: time.raw,
    otherPrefixes: otherPrefixes(platform),
  });
  return {
    valid: reason === null,
    platform,
    scheme: check.scheme,
    algorithm: check.algorithm,
    encoding: check.encoding,
    reason,
    message: describe(reason, check, { age_s: time.age_s, tolerance_s: toleranceS }, request.secrets.length),
    timestamp: time.timestamp,
    timestamp_age_s: time.age_s,
    tolerance_s: toleranceS,
    signatures_found: check.signaturesFound,
    matched_signature_index: check.match?.signatureIndex ?? null,
    matched_secret_index: check.match?.secretIndex ?? null,
    ignored: check.ignored,
    hints,
  };
}
