/**
 * Runs `run` with V8's stack traces off, then restores the limit. node:crypto tells a KeyObject or a
 * CryptoKey from any other object argument (a JWK, a `{ key, dsaEncoding }` options object) by calling
 * a check that throws and catching the error: Node 24 does it twice per object, and capturing each
 * error's stack costs ~5 µs, without it ~1 µs. Only for synchronous calls whose errors the caller maps
 * to its own (an error thrown out of `run` carries no stack).
 */
export function withoutStackTraces<T>(run: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return run();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
