export {
  compareSignature,
  decodeSignature,
  decodeSignatureOfLength,
  findSignatureMatch,
  type SignatureComparison,
  type SignatureEncoding,
  type SignatureMatch,
} from './compare.js';
export { crc32 } from './crc32.js';
export {
  parseSignatureList,
  type SignatureEntry,
  type SignatureListSeparator,
  splitSchemePrefix,
  unusedKeys,
  valuesForKey,
} from './signature-header.js';
export {
  checkTimestamp,
  MILLISECONDS_THRESHOLD,
  normalizeUnixSeconds,
  parseUnixTimestamp,
  type TimestampCheck,
  type TimestampReason,
  type TimestampWindow,
} from './timestamp.js';
