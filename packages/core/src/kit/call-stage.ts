import { isProblemError, type ProblemError } from '../errors.js';
import type { KitContext } from './context.js';
import type { HeavyPool } from './heavy/pool.js';
import { type RequestLimiter, takeCallToken } from './limit.js';

/** Where a surface's heavy calls go, and which are heavy (docs/conventions.md §2, §11). */
export interface HeavyRule {
  pool: HeavyPool;
  /** Heavy from this many bytes of arguments; undefined: only by `when`. */
  minBytes: number | undefined;
  /** Heavy when this says so of the raw arguments, whatever their size. */
  when: ((raw: string | Uint8Array) => boolean) | undefined;
}

export function isHeavy(rule: HeavyRule | undefined, raw: string | Uint8Array): boolean {
  if (rule === undefined) return false;
  const size = typeof raw === 'string' ? raw.length : raw.byteLength;
  if (rule.minBytes !== undefined && size >= rule.minBytes) return true;
  return rule.when?.(raw) === true;
}

/** The two ways one call's bytes can run: on the event loop, or in a worker with a pool slot it releases. */
export interface CallRunners<T> {
  inline(bytes: Uint8Array): T | Promise<T>;
  inPool(bytes: Uint8Array, release: () => void): Promise<T>;
  /** Answers a heavy call the pool refused (503 `overloaded`) once its bytes are in; default: thrown. */
  refused?(bytes: Uint8Array, problem: ProblemError): T | Promise<T>;
}

/**
 * The read-then-run block every surface shares: the body within `limit` (413 from Content-Length
 * before a byte is read, or while streaming), then — once the bytes are in, so a slow upload holds
 * no slot — a heavy call takes its pool slot (503 `overloaded` when there is none) and runs in a
 * worker, anything else inline.
 */
export async function readThenRun<T>(
  kit: KitContext,
  limit: number,
  heavy: HeavyRule | undefined,
  run: CallRunners<T>,
): Promise<T> {
  const bytes = await kit.request.readBody(limit);
  if (!isHeavy(heavy, bytes)) return run.inline(bytes);
  let release: () => void;
  try {
    release = heavy!.pool.admit();
  } catch (error) {
    if (run.refused === undefined || !isProblemError(error)) throw error;
    return run.refused(bytes, error);
  }
  return run.inPool(bytes, release);
}

/** Admission of one operation call: the client's key (401) and one rate-limit token (429), thrown. */
export function admitCall(limiter: RequestLimiter | undefined, kit: KitContext): void | Promise<void> {
  if (limiter === undefined) return;
  const refused = takeCallToken(limiter, kit);
  if (refused instanceof Promise)
    return refused.then((problem) => {
      if (problem !== undefined) throw problem;
    });
  if (refused !== undefined) throw refused;
}
