import type { FailureReason, PlatformCheck } from './types.js';

/** What the timestamp check found, for the message. */
export interface TimestampFacts {
  age_s: number | null;
  tolerance_s: number | null;
}

function matchedWhat(check: PlatformCheck, secretCount: number): string {
  const match = check.match;
  // Stryker disable next-line StringLiteral: without a match the reason is signature_mismatch, whose message does not use this text
  if (match === null) return '';
  const parts: string[] = [];
  if (check.signaturesFound > 1)
    parts.push(`signature ${match.signatureIndex + 1} of ${check.signaturesFound}`);
  if (match.secretIndex !== null && secretCount > 1)
    parts.push(`secret ${match.secretIndex + 1} of ${secretCount}`);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

function mismatch(check: PlatformCheck, secretCount: number): string {
  if (check.verifiedWith === 'public_key') return 'the signature does not verify with the given public key';
  if (check.verifiedWith === 'certificate') return 'the signature does not verify with the given certificate';
  const signatures =
    check.signaturesFound > 1
      ? `none of the ${check.signaturesFound} signatures matches`
      : 'the signature does not match';
  const secrets = secretCount > 1 ? `any of the ${secretCount} secrets` : 'the secret';
  const key = check.verifiedWith === 'secret_or_public_key' ? ' or the public key' : '';
  return `${signatures} the payload under ${secrets}${key}`;
}

function window(time: TimestampFacts): string {
  // An age is known only when a window was applied (a tolerance, possibly 0).
  if (time.age_s === null) return '';
  if (time.tolerance_s === 0) return '; timestamp window disabled (tolerance 0)';
  const age = time.age_s >= 0 ? `${time.age_s} s old` : `${-time.age_s} s in the future`;
  return `; timestamp ${age} (tolerance ${time.tolerance_s} s)`;
}

/** One sentence for the result; it never repeats a secret, a key or an expected signature. */
export function describe(
  reason: FailureReason | null,
  check: PlatformCheck,
  time: TimestampFacts,
  secretCount: number,
): string {
  const matched = `signature matches${matchedWhat(check, secretCount)}`;
  if (check.failure !== null) return check.failure.message;
  switch (reason) {
    case null:
      return matched + window(time);
    case 'signature_mismatch':
      return mismatch(check, secretCount);
    case 'timestamp_too_old':
      return `${matched}, but the timestamp is ${time.age_s} s old (tolerance ${time.tolerance_s} s)`;
    case 'timestamp_in_future':
      return `${matched}, but the timestamp is ${-(time.age_s ?? 0)} s in the future (tolerance ${time.tolerance_s} s)`;
    case 'invalid_timestamp':
      return `${matched}, but the timestamp is not an integer unix time`;
    // Stryker disable next-line ConditionalExpression: the other reasons always come with check.failure, returned above
    default:
      return reason;
  }
}
