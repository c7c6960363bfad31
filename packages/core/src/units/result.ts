/** Outcome of a lenient-input, strict-rules parser; never thrown, so it fits inside a zod `.transform`. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

export function ok<T>(value: T): ParseResult<T> {
  return { ok: true, value };
}

export function fail<T = never>(message: string): ParseResult<T> {
  return { ok: false, message };
}
