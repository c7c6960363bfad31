/** Default nesting limit for JSON input and output (`MAX_JSON_DEPTH`, docs/conventions.md §3). */
export const DEFAULT_MAX_JSON_DEPTH = 256;

/** Validates a caller-supplied depth limit: a non-negative integer (or Infinity); depth 1 = one container. */
export function resolveMaxDepth(maxDepth: number | undefined): number {
  if (maxDepth === undefined) return DEFAULT_MAX_JSON_DEPTH;
  if (!(maxDepth >= 0) || !(Number.isInteger(maxDepth) || maxDepth === Number.POSITIVE_INFINITY)) {
    throw new RangeError(`maxDepth must be a non-negative integer, got ${maxDepth}`);
  }
  return maxDepth;
}
