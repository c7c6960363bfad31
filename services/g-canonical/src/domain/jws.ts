import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  createSecretKey,
  createHash,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import {
  canonicalize,
  canonicalizeToBytes,
  constantTimeEqual,
  type JsonObject,
  type JsonValue,
  parseStrictJson,
  toBase64Url,
  unprocessable,
  withoutStackTraces,
} from '@dus/core';
import {
  checkIntendedUse,
  checkPrivatePart,
  checkRsaExponent,
  fromBase64Url,
  invalidKey,
  type Jwk,
} from './jwk-checks.js';

export type { Jwk } from './jwk-checks.js';

/** The algorithms G signs and verifies with (RFC 7518 §3.2–3.4, RFC 8037). */
export const JWS_ALGORITHMS = ['EdDSA', 'ES256', 'HS256', 'RS256'] as const;
export type JwsAlgorithm = (typeof JWS_ALGORITHMS)[number];

/** The public members of each asymmetric key type (RFC 7518 §6, RFC 8037 §2): all a verifier reads. */
const PUBLIC_MEMBERS: Record<string, readonly string[]> = {
  OKP: ['crv', 'x'],
  EC: ['crv', 'x', 'y'],
  RSA: ['n', 'e'],
};

/** The key type (and curve) each algorithm needs. */
const KEY_TYPES: Record<JwsAlgorithm, { kty: string; crv?: string; text: string }> = {
  EdDSA: { kty: 'OKP', crv: 'Ed25519', text: 'an OKP Ed25519 key' },
  ES256: { kty: 'EC', crv: 'P-256', text: 'an EC P-256 key' },
  HS256: { kty: 'oct', text: 'an oct key' },
  RS256: { kty: 'RSA', text: 'an RSA key' },
};

/** The bytes of an `oct` key's `k`, or undefined when it is missing or not base64url. */
const octBytes = (jwk: Jwk) => (typeof jwk.k === 'string' ? fromBase64Url(jwk.k) : undefined);

/** Whether the JWK's type (and curve) is the one `alg` needs, and its own `alg`, if any, is `alg`. */
function fits(jwk: Jwk, alg: JwsAlgorithm): boolean {
  const need = KEY_TYPES[alg];
  return jwk.kty === need.kty && jwk.crv === need.crv && (jwk.alg === undefined || jwk.alg === alg);
}

/** The private key (or HMAC secret) a JWK holds for `alg`; 422 `invalid_key` when it holds none. */
export function signingKey(alg: JwsAlgorithm, jwk: Jwk): KeyObject {
  if (!fits(jwk, alg)) throw invalidKey(`${alg} needs ${KEY_TYPES[alg].text} (with no other alg)`);
  checkIntendedUse(jwk, 'sign');
  if (alg === 'HS256') {
    const secret = octBytes(jwk);
    if (secret === undefined) throw invalidKey('k must be base64url');
    if (secret.byteLength < 32 || secret.byteLength > 1024) throw invalidKey('k must be 32–1024 bytes');
    return createSecretKey(secret);
  }
  if (jwk.d === undefined) throw invalidKey(`${alg} needs the private key (d)`);
  checkRsaExponent(jwk);
  let key: KeyObject;
  try {
    key = withoutStackTraces(() => createPrivateKey({ key: jwk as never, format: 'jwk' }));
  } catch {
    throw invalidKey(`is not a valid ${jwk.kty} private key`);
  }
  // Only RSA keys have a modulus length (RFC 7518 §3.3: 2048 bits at least; 4096 at most here).
  const bits = key.asymmetricKeyDetails!.modulusLength ?? 2048;
  if (bits < 2048 || bits > 4096) throw invalidKey('n must be 2048–4096 bits');
  checkPrivatePart(jwk, key);
  return key;
}

/**
 * The key a JWK stands for when verifying: the public part of an OKP, EC or RSA key (private members
 * ignored) or an `oct` secret; 422 `invalid_key` when it is not a JWK node:crypto can import.
 */
export function verifyingKey(jwk: Jwk): KeyObject {
  checkIntendedUse(jwk, 'verify');
  if (jwk.kty === 'oct') {
    const secret = octBytes(jwk);
    if (secret === undefined || secret.byteLength === 0) throw invalidKey('k must be non-empty base64url');
    return createSecretKey(secret);
  }
  if (!Object.hasOwn(PUBLIC_MEMBERS, jwk.kty)) throw invalidKey('kty must be OKP, EC, RSA or oct');
  checkRsaExponent(jwk);
  return publicKeyOf(jwk);
}

/** The public part of an OKP, EC or RSA JWK (private members ignored); 422 `invalid_key` if not importable. */
function publicKeyOf(jwk: Jwk): KeyObject {
  const members = PUBLIC_MEMBERS[jwk.kty]!;
  const publicJwk: Record<string, unknown> = { kty: jwk.kty };
  for (const member of members) publicJwk[member] = jwk[member];
  try {
    return withoutStackTraces(() => createPublicKey({ key: publicJwk as never, format: 'jwk' }));
  } catch {
    throw invalidKey(`is not a valid ${jwk.kty} public key`);
  }
}

/**
 * The digest node:crypto signs `alg` with: Ed25519 takes none. (`dsaEncoding` below applies to ECDSA
 * only; RSA and Ed25519 ignore it.)
 */
// Stryker disable next-line ConditionalExpression: OpenSSL's default digest for EC and RSA keys is SHA-256 too
const signatureDigest = (alg: JwsAlgorithm) => (alg === 'EdDSA' ? null : 'sha256');

/** The signature of the ASCII signing input (ES256 as R‖S, 64 bytes: RFC 7518 §3.4). */
function signatureOf(alg: JwsAlgorithm, key: KeyObject, input: Buffer): Buffer {
  if (alg === 'HS256') return createHmac('sha256', key).update(input).digest();
  // The options object costs node:crypto two thrown and caught errors (see withoutStackTraces).
  return withoutStackTraces(() => sign(signatureDigest(alg), input, { key, dsaEncoding: 'ieee-p1363' }));
}

function signatureMatches(alg: JwsAlgorithm, key: KeyObject, input: Buffer, signature: Buffer): boolean {
  if (alg === 'HS256') {
    const mac = createHmac('sha256', key).update(input).digest();
    return constantTimeEqual(signature, mac);
  }
  return withoutStackTraces(() =>
    verify(signatureDigest(alg), input, { key, dsaEncoding: 'ieee-p1363' }, signature),
  );
}

/** `document` less the top-level members named in `exclude` (422 `fields_not_applicable` for a non-object). */
export function withoutMembers(
  document: JsonValue,
  exclude: readonly string[] | undefined,
): { content: JsonValue; excluded: string[] } {
  if (exclude === undefined) return { content: document, excluded: [] };
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw unprocessable(
      'fields_not_applicable',
      '"exclude" names members of an object, but the document is not an object.',
    );
  }
  const content: JsonObject = Object.create(null);
  const excluded: string[] = [];
  for (const name of Object.keys(document)) {
    if (exclude.includes(name)) excluded.push(name);
    else content[name] = document[name]!;
  }
  return { content, excluded: excluded.sort() };
}

export interface SignRequest {
  document: JsonValue;
  alg: JwsAlgorithm;
  key: Jwk;
  detached?: boolean | undefined;
  exclude?: readonly string[] | undefined;
  kid?: string | undefined;
}

export interface SignResult {
  jws: string;
  protected_header: string;
  signing_input_sha256: string;
  detached: boolean;
  excluded: string[];
}

/**
 * RFC 7515 compact JWS over the RFC 8785 bytes of the document (less `exclude`), with the canonical
 * JSON of `{"alg", "kid"?}` as protected header; detached (RFC 7515 Appendix F) by default.
 */
export function signJson(request: SignRequest): SignResult {
  const key = signingKey(request.alg, request.key);
  const { content, excluded } = withoutMembers(request.document, request.exclude);
  const header = canonicalize(
    request.kid === undefined ? { alg: request.alg } : { alg: request.alg, kid: request.kid },
  );
  const payload = toBase64Url(canonicalizeToBytes(content));
  const signingInput = `${toBase64Url(Buffer.from(header))}.${payload}`;
  const input = Buffer.from(signingInput);
  // Defensive: no key node:crypto imports has been found to fail here (an RSA n that is not p·q signs),
  // but a throw must not become a 500 that could carry OpenSSL's words about the key.
  // Stryker disable all: not reachable with the keys node:crypto imports
  let bytes: Buffer;
  try {
    bytes = signatureOf(request.alg, key, input);
  } catch {
    throw invalidKey(`cannot sign with this ${request.key.kty} key`);
  }
  // Stryker restore all
  // What we sign must verify with the JWK's own public part: an RSA key whose private members are not
  // those of n and e (a CRT exponent and d both wrong) signs, but not for that public key.
  if (request.alg !== 'HS256' && !signatureMatches(request.alg, publicKeyOf(request.key), input, bytes)) {
    throw invalidKey('the private members do not belong to the public ones');
  }
  const signature = toBase64Url(bytes);
  const detached = request.detached ?? true;
  const [head] = signingInput.split('.');
  return {
    jws: detached ? `${head}..${signature}` : `${signingInput}.${signature}`,
    protected_header: header,
    signing_input_sha256: createHash('sha256').update(input).digest('hex'),
    detached,
    excluded,
  };
}

export type VerifyReason =
  | 'malformed_jws'
  | 'unsupported_alg'
  | 'unsupported_crit'
  | 'key_mismatch'
  | 'signature_mismatch'
  | 'payload_mismatch';

export interface VerifyRequest {
  document: JsonValue;
  jws: string;
  key: Jwk;
  exclude?: readonly string[] | undefined;
}

export interface VerifyResult {
  valid: boolean;
  reason: VerifyReason | null;
  alg: string | null;
  detached: boolean;
}

/** The protected header as a JSON object, or undefined when it is not one (or not UTF-8 JSON). */
function headerOf(segment: string): JsonObject | undefined {
  // Not base64url: empty bytes, which are no JSON either.
  const bytes = fromBase64Url(segment) ?? new Uint8Array();
  // Stryker disable BlockStatement: an empty catch block also ends the function with undefined
  try {
    const header = parseStrictJson(bytes);
    return typeof header === 'object' && header !== null && !Array.isArray(header) ? header : undefined;
  } catch {
    return undefined;
  }
}
// Stryker restore BlockStatement

/**
 * Checks a compact JWS against the document: reasons in this order — `malformed_jws`,
 * `unsupported_alg`, `unsupported_crit` (any `crit`), `key_mismatch` (RFC 8725 §3.1),
 * `signature_mismatch`, `payload_mismatch`. An empty middle segment means detached: the canonical
 * bytes of the document (less `exclude`) are the payload.
 */
export function verifyJws(request: VerifyRequest): VerifyResult {
  const key = verifyingKey(request.key);
  const { content } = withoutMembers(request.document, request.exclude);
  const segments = request.jws.split('.');
  const detached = segments.length === 3 && segments[1] === '';
  const answer = (reason: VerifyReason | null, alg: string | null): VerifyResult => ({
    valid: reason === null,
    reason,
    alg,
    detached,
  });
  const header = segments.length === 3 ? headerOf(segments[0]!) : undefined;
  const payload = header === undefined ? undefined : fromBase64Url(segments[1]!);
  const signature = payload === undefined ? undefined : fromBase64Url(segments[2]!);
  if (signature === undefined) return answer('malformed_jws', null);
  const alg = typeof header!.alg === 'string' ? header!.alg : null;
  if (!JWS_ALGORITHMS.includes(alg as JwsAlgorithm)) return answer('unsupported_alg', alg);
  const algorithm = alg as JwsAlgorithm;
  if (Object.hasOwn(header!, 'crit')) return answer('unsupported_crit', alg);
  if (!fits(request.key, algorithm)) return answer('key_mismatch', alg);
  const canonical = Buffer.from(canonicalizeToBytes(content));
  const payloadSegment = detached ? toBase64Url(canonical) : segments[1]!;
  const input = Buffer.from(`${segments[0]}.${payloadSegment}`);
  if (!signatureMatches(algorithm, key, input, signature)) return answer('signature_mismatch', alg);
  if (!detached && !payload!.equals(canonical)) return answer('payload_mismatch', alg);
  return answer(null, alg);
}
