export {
  FAILURE_REASONS,
  type FieldDescription,
  HINT_DESCRIPTIONS,
  HINTS,
  REASON_DESCRIPTIONS,
  SIGN_FIELD_DESCRIPTIONS,
  VERIFY_ERROR_CODES,
  VERIFY_FIELDS,
} from './fields.js';
export { listPlatforms, PLATFORMS, PLATFORMS_BY_NAME, platformInfo } from './platforms/index.js';
export {
  type FailureReason,
  GENERIC_ALGORITHMS,
  type GenericAlgorithm,
  type Hint,
  PLATFORM_NAMES,
  type PlatformDescriptor,
  type PlatformInfo,
  type PlatformName,
  TEXT_ENCODINGS,
  type VerifyInput,
  type VerifyResult,
} from './types.js';
export { MAX_FORM_PARAMETERS, MAX_KEY_CHARS, MAX_PAYLOAD_BYTES, MAX_SIGNATURE_CHARS } from './limits.js';
export { MAX_SECRETS } from './validate.js';
export { type VerifyOptions, verifyWebhook } from './verify.js';
export { DETECTION_TABLE, detectPlatform } from './detect.js';
export { AUTO_PLATFORM } from './types.js';
export {
  formatNow,
  MAX_WEBHOOK_ID_CHARS,
  SIGN_MEMBERS,
  SIGNABLE_PLATFORMS,
  type SignInput,
  type SignMember,
  type SignOptions,
  type SignResult,
  signWebhook,
} from './sign.js';
export {
  answerHandshake,
  HANDSHAKE_REASONS,
  type HandshakeOptions,
  type HandshakeReason,
  type HandshakeResponse,
  type HandshakeResult,
  JSON_TYPE,
  TEXT_TYPE,
} from './handshake/answer.js';
export { HANDSHAKE_FLOWS, HANDSHAKE_PLATFORMS, type HandshakeFlow } from './handshake/flows.js';
export { HANDSHAKE_MEMBERS, type HandshakeInput, MAX_QUERY_PARAMETERS } from './handshake/input.js';
