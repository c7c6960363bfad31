export { DIGEST_ALGORITHMS, type DigestAlgorithm, type DigestResult, digestOf } from './digest.js';
export {
  DEFAULT_KEY_LENGTH,
  type IdempotencyKeyRequest,
  type IdempotencyKeyResult,
  idempotencyKey,
  toSfString,
} from './idempotency.js';
export { fieldTokens, type Projection, project } from './projection.js';
