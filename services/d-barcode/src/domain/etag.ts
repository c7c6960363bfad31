import { digest } from '@dus/core';

/**
 * Strong ETag (RFC 9110 §8.8.3) of a response body: its SHA-256 in base64url between quotes. The body
 * bytes are the whole identity, so equal bodies always share the tag and any change alters it.
 */
export function strongEtag(body: string | Uint8Array): string {
  return `"${digest('sha-256', body).toString('base64url')}"`;
}
