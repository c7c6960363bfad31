import { fromBase64 } from '@dus/core';
import { WEBHOOK_SECRET_PREFIX } from '../keys.js';

/**
 * How a `webhook-signature` platform turns its secret into HMAC keys. Each rule answers the keys (any may
 * match; one for /sign), or the message of a 400 naming the secret: never a mismatch for a secret that
 * cannot be a key, and never an empty key (the Standard Webhooks libraries refuse one: "Secret can't be
 * empty.").
 */
export interface SecretKeyRule {
  /** The keys a secret stands for in /verify, or why it is refused. */
  verify: (secret: string) => Buffer[] | string;
  /** The key POST /sign signs with, or why it is refused. */
  sign: (secret: string) => Buffer | string;
}

export const EMPTY_AFTER_PREFIX = `must not be empty after the ${WEBHOOK_SECRET_PREFIX} prefix`;
export const NOT_A_SECRET = `must be the signing secret: base64, optionally prefixed with ${WEBHOOK_SECRET_PREFIX}`;
const NOT_BASE64_AFTER_PREFIX = `must be ${WEBHOOK_SECRET_PREFIX} followed by base64, or a secret without that prefix`;

const unprefixed = (secret: string) =>
  secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : null;

/** The base64 after an optional `whsec_`, decoded (non-empty base64 never decodes to no byte); else why not. */
function base64Key(secret: string): Buffer | string {
  const rest = unprefixed(secret) ?? secret;
  if (rest === '') return EMPTY_AFTER_PREFIX;
  return fromBase64(rest) ?? NOT_A_SECRET;
}

/** `whsec_` + base64: the decoded bytes; any other secret: its UTF-8 bytes. */
function prefixedOrText(secret: string): Buffer | string {
  const rest = unprefixed(secret);
  if (rest === null) return Buffer.from(secret);
  if (rest === '') return EMPTY_AFTER_PREFIX;
  return fromBase64(rest) ?? NOT_BASE64_AFTER_PREFIX;
}

const list = (key: Buffer | string) => (typeof key === 'string' ? key : [key]);

/** Standard Webhooks, Svix, Replicate: the base64 after an optional `whsec_`. */
export const BASE64_SECRET: SecretKeyRule = { verify: (secret) => list(base64Key(secret)), sign: base64Key };

/** OpenAI (`webhooks.verifySignature`): `whsec_` + base64 decoded; any other secret as UTF-8 bytes. */
export const OPENAI_SECRET: SecretKeyRule = {
  verify: (secret) => list(prefixedOrText(secret)),
  sign: prefixedOrText,
};

/**
 * Polar (`validateEvent` keys with the UTF-8 bytes of the whole `polar_whs_…` secret): those bytes, or the
 * base64 after an optional `whsec_` when it decodes to at least one byte — either may match. /sign: as OpenAI.
 */
export const POLAR_SECRET: SecretKeyRule = {
  verify: (secret) => {
    if (unprefixed(secret) === '') return EMPTY_AFTER_PREFIX;
    const decoded = base64Key(secret);
    const text = Buffer.from(secret);
    return typeof decoded === 'string' ? [text] : [text, decoded];
  },
  sign: prefixedOrText,
};
