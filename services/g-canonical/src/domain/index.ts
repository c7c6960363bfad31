export { firstDifference } from './compare.js';
export { type DigestResult, digestOf } from './digest.js';
export { DIGEST_ALGORITHMS, DIGEST_BITS, type DigestAlgorithm, hashBytes } from './hashes.js';
export {
  DEFAULT_KEY_LENGTH,
  type IdempotencyKeyRequest,
  type IdempotencyKeyResult,
  idempotencyKey,
  toSfString,
} from './idempotency.js';
export { diffJson, MAX_PATCH_PATH_CHARS, type PatchOperation } from './patch.js';
export { fieldTokens, type Projection, project } from './projection.js';
export { decodeDigest, parseDigestField, type Verification, verifyDigests } from './verify.js';
export {
  JWS_ALGORITHMS,
  type Jwk,
  type JwsAlgorithm,
  type SignRequest,
  type SignResult,
  signingKey,
  signJson,
  type VerifyReason,
  type VerifyRequest,
  type VerifyResult,
  verifyingKey,
  verifyJws,
  withoutMembers,
} from './jws.js';
