import { parseSignatureList, unusedKeys, valuesForKey } from '@dus/core';
import { type CheckMeta, describeIgnoredKeys, failedCheck, hmacCheckResult } from '../check.js';
import type { BinaryLike } from '@dus/core';
import { checkHmac, type HmacOutcome, hmacText } from '../hmac-check.js';
import type { PlatformCheck, PlatformSigning, VerifyRequest } from '../types.js';

/** A `<time key>=<unix>` + `<signature key>=<hex>…` list header, HMAC-SHA256 over `time + joiner + body`. */
export interface TimestampedListScheme {
  meta: CheckMeta;
  header: string;
  separator: ',' | ';';
  timeKey: string;
  signatureKey: string;
  joiner: string;
}

/** The signed bytes: `time + joiner + body`. */
function signedBytes(time: string, scheme: TimestampedListScheme, body: BinaryLike): BinaryLike[] {
  return [time, scheme.joiner, body];
}

/** POST /sign: `<time key>=<ts>` then one `<signature key>=<hex>` per secret, in order (or of one secret). */
export function timestampedListSigning(scheme: TimestampedListScheme, manySecrets = true): PlatformSigning {
  return {
    manySecrets,
    timestamp: () => 'unix_s',
    sign: (request) => {
      const time = request.timestamp ?? '';
      const data = signedBytes(time, scheme, request.body);
      const signatures = request.secrets.map(
        (secret) => `${scheme.signatureKey}=${hmacText('sha-256', secret, data, 'hex')}`,
      );
      const signature = [`${scheme.timeKey}=${time}`, ...signatures].join(scheme.separator);
      return { scheme: scheme.meta.scheme, signature };
    },
  };
}

/** Shared by Stripe (`t=…,v1=…`) and Paddle (`ts=…;h1=…`); returns the HMAC outcome for scheme-specific hints. */
export function verifyTimestampedList(
  request: VerifyRequest,
  scheme: TimestampedListScheme,
): { check: PlatformCheck; outcome: HmacOutcome | undefined } {
  const { meta, header, timeKey, signatureKey } = scheme;
  const entries = parseSignatureList(request.signature, scheme.separator);
  const times = valuesForKey(entries, timeKey);
  const signatures = valuesForKey(entries, signatureKey);
  const ignored = describeIgnoredKeys(unusedKeys(entries, [timeKey, signatureKey]));
  const time = times[0];
  if (time === undefined || times.length > 1) {
    const message = `${header} must carry exactly one ${timeKey}=<unix time>`;
    return {
      check: failedCheck(meta, 'malformed_signature', message, {
        signaturesFound: signatures.length,
        ignored,
      }),
      outcome: undefined,
    };
  }
  if (signatures.length === 0) {
    const check =
      ignored.length > 0
        ? failedCheck(
            meta,
            'no_supported_signature',
            `${header} has no ${signatureKey} signature (found: ${ignored.join(', ')})`,
            {
              ignored,
            },
          )
        : failedCheck(meta, 'malformed_signature', `${header} has no ${signatureKey}=<hex> signature`);
    return { check, outcome: undefined };
  }
  const outcome = checkHmac({
    hash: 'sha-256',
    encoding: 'hex',
    secrets: request.secrets,
    variants: [signedBytes(time, scheme, request.body)],
    signatures,
  });
  const check = hmacCheckResult(
    meta,
    outcome,
    signatures.length,
    `every ${signatureKey} signature must be 64 hex digits`,
  );
  check.ignored = ignored;
  check.timestamp = { value: time, allowMilliseconds: false };
  return { check, outcome };
}
