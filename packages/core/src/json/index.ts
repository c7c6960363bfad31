export { type CanonicalizeOptions, canonicalize, canonicalizeToBytes } from './canonicalize.js';
export { DEFAULT_MAX_JSON_DEPTH } from './limits.js';
export { type ParseOptions, parseStrictJson } from './parse.js';
export { getAtPointer, type PointerLookup, parseJsonPointer } from './pointer.js';
export { tooDeep } from './problems.js';
export type { JsonObject, JsonValue } from './types.js';
export { utf8ByteLength } from './utf8.js';
