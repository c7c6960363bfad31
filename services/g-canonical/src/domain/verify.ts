import { constantTimeEqual, fromBase64, fromBase64Url, fromHex } from '@dus/core';
import { DIGEST_ALGORITHMS, DIGEST_BITS, type DigestAlgorithm, hashBytes } from './hashes.js';

export interface Check {
  algorithm: DigestAlgorithm;
  matches: boolean;
}

export interface Verification {
  matches: boolean;
  algorithm: DigestAlgorithm | null;
  checked: Check[];
  unsupported: string[];
}

const KNOWN = new Set<string>(DIGEST_ALGORITHMS);

/**
 * RFC 9530 `Content-Digest` / `Repr-Digest` field value: a structured-field dictionary of
 * `<algorithm>=:<base64>:` members (parameters ignored). Returns the members, or a string naming the fault.
 */
export function parseDigestField(field: string): Array<{ algorithm: string; digest: Buffer }> | string {
  const members = [];
  for (const raw of field.split(',')) {
    const member = raw.trim().split(';')[0]!;
    const match = /^([a-z][a-z0-9_.*-]*)=:([A-Za-z0-9+/]*={0,2}):$/.exec(member);
    if (!match) return `"${member.slice(0, 60)}" is not <algorithm>=:<base64>: (RFC 9530 §2)`;
    const digest = fromBase64(match[2]!);
    if (digest === undefined) return `the ${match[1]} value is not base64`;
    members.push({ algorithm: match[1]!, digest });
  }
  return members;
}

/** A bare digest in hex, base64 or base64url; undefined when it is none of them. */
export function decodeDigest(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]+$/.test(trimmed) && trimmed.length % 2 === 0) return fromHex(trimmed.toLowerCase());
  return fromBase64(trimmed) ?? fromBase64Url(trimmed);
}

/**
 * Checks digests of `bytes`: each supported member of a field, or one bare digest (with its algorithm,
 * else every algorithm of its length). Matches when at least one was checked and every check matched.
 */
export function verifyDigests(
  bytes: Uint8Array,
  candidates: Array<{ algorithm: string | undefined; digest: Buffer }>,
): Verification {
  const checked: Check[] = [];
  const unsupported: string[] = [];
  for (const { algorithm, digest } of candidates) {
    if (algorithm !== undefined && !KNOWN.has(algorithm)) {
      unsupported.push(algorithm);
      continue;
    }
    const algorithms =
      algorithm !== undefined
        ? [algorithm as DigestAlgorithm]
        : DIGEST_ALGORITHMS.filter((a) => DIGEST_BITS[a] === digest.byteLength * 8);
    const results = algorithms.map((a) => ({
      algorithm: a,
      matches: constantTimeEqual(hashBytes(a, bytes), digest),
    }));
    // A bare digest of an ambiguous length matches if any algorithm of that length produced it.
    if (algorithm === undefined && results.some((r) => r.matches))
      checked.push(results.find((r) => r.matches)!);
    else checked.push(...results);
  }
  const matched = checked.find((c) => c.matches);
  const matches = checked.length > 0 && checked.every((c) => c.matches);
  return { matches, algorithm: matches ? (matched?.algorithm ?? null) : null, checked, unsupported };
}
