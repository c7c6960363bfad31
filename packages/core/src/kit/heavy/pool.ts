import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { JsonRpcError } from '@dus/mcp';
import { Piscina } from 'piscina';
import { DEFAULT_WORKER_HEAP_MB, type ServiceConfig } from '../config.js';
import { ClientAbortedError } from '../http/request.js';
import { deadlineExceeded, overloaded, shuttingDown, tooExpensive } from '../problems.js';
import { type HeavyMeta, type HeavyTask, unpackResult, type WorkerSetup } from './protocol.js';

/** The answer of a heavy call, back on the event loop. */
export interface HeavyOutcome {
  meta: HeavyMeta;
  body: Uint8Array;
}

/** Answers a message's calls: each `tools/call` asks the event loop for its rate-limit token. */
export type HeavyAdmit = (method: string) => Promise<JsonRpcError | undefined>;

export interface HeavyRunOptions {
  /** The client's request: when it aborts (the client went away) the call is cancelled and its slot freed. */
  signal?: AbortSignal | undefined;
  /** The operation's own deadline; `CALL_TIMEOUT_MS` caps it and applies without it. */
  timeoutMs?: number | undefined;
  /** An MCP message's calls each ask this for their rate-limit token. */
  admit?: HeavyAdmit | undefined;
}

/** A standalone buffer of the bytes (a view into a larger or pooled one is copied), so it can be transferred. */
function transferable(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer
    ? bytes
    : new Uint8Array(bytes);
}

/** A worker's young generation: an eighth of its budget, within V8's usual 8–48 MB. */
const youngGenerationMb = (heapMb: number) => Math.min(48, Math.max(8, Math.floor(heapMb / 8)));

/** How much each older call counts in the average call duration (about the last five calls). */
const DECAY = 0.8;

/**
 * The worker-thread pool of one service (docs/conventions.md §11, §12): heavy calls run here, never on
 * the event loop, each bounded.
 * - At most `MAX_HEAVY_INFLIGHT` run or wait; one more is refused with 503 `overloaded` and a
 *   `Retry-After` estimating the real wait: the calls ahead shared over the threads, times the average
 *   time a call holds a thread (its run time, not its wait in the queue), capped at the deadline.
 * - Every call has a deadline (`CALL_TIMEOUT_MS`, or the operation's lower one), counted from when it
 *   is handed to the pool: past it, a running call's worker is terminated and replaced (piscina aborts
 *   a running task that way), a waiting one leaves the queue, and the call is 503 `deadline_exceeded`.
 * - Every worker has a memory budget (`resourceLimits` from `MAX_HEAP_MB`, else 512 MB): a call that
 *   outgrows it ends its worker alone, which is replaced, and is 422 `too_expensive`.
 * - A call whose client goes away is cancelled the same way and its slot is free at once.
 * Threads start with the first call; runService starts them at start-up and `/readyz` waits until
 * every one has loaded the service's code.
 */
export class HeavyPool {
  readonly #pool: Piscina;
  readonly #threads: number;
  readonly #maxInflight: number;
  readonly #heapMb: number;
  readonly #callTimeoutMs: number;
  /** Set by `close`: a call that fails from then on is answered 503 `shutting_down`. */
  #closing = false;
  /** Calls admitted and not yet released (running, waiting, or still reading their body). */
  #inflight = 0;
  /** Calls handed to piscina and not yet settled: min(this, threads) threads are busy. */
  #inPool = 0;
  /** Thread-milliseconds spent on calls so far, and when that was last brought up to date. */
  #busyMs = 0;
  #busySince = performance.now();
  #busyAtLastCall = 0;
  /** Decayed sums of the thread time each settled call took, and of the calls: their ratio is the average. */
  #durationSum = 200;
  #callSum = 1;
  /** Settles once every thread has loaded the service's code (at once when the pool is not warmed). */
  readonly warmed: Promise<void>;

  constructor(
    setup: WorkerSetup,
    config: Pick<ServiceConfig, 'workerThreads' | 'maxHeavyInflight' | 'maxHeapMb' | 'callTimeoutMs'>,
    warm: boolean,
  ) {
    this.#threads = config.workerThreads;
    this.#maxInflight = config.maxHeavyInflight;
    this.#heapMb = config.maxHeapMb ?? DEFAULT_WORKER_HEAP_MB;
    this.#callTimeoutMs = config.callTimeoutMs;
    this.#pool = new Piscina({
      filename: new URL('./worker.js', import.meta.url).href,
      workerData: setup,
      minThreads: warm ? config.workerThreads : 0,
      maxThreads: config.workerThreads,
      idleTimeout: warm ? Number.POSITIVE_INFINITY : 1_000,
      // Idle workers wait on their event loop, not in Atomics.wait: their timers (the GC after a large call) run.
      atomics: 'disabled',
      // A worker's own memory budget: one that outgrows it is stopped alone (V8 would end the whole process).
      resourceLimits: {
        maxOldGenerationSizeMb: this.#heapMb,
        maxYoungGenerationSizeMb: youngGenerationMb(this.#heapMb),
      },
    });
    this.warmed = warm ? this.#warm() : Promise.resolve();
  }

  /**
   * One `warm` task per thread, all at once: a thread runs one task at a time and a warm task lasts
   * until its thread has loaded the service's code, so each lands on a thread of its own. A thread
   * that fails to load settles it too (the calls sent to it fail as they would have).
   */
  async #warm(): Promise<void> {
    const warming = Array.from({ length: this.#threads }, () => this.#pool.run({ kind: 'warm' }));
    await Promise.allSettled(warming);
  }

  /** The average time a call holds a thread, in ms. */
  get averageCallMs(): number {
    return this.#durationSum / this.#callSum;
  }

  /** Brings the busy thread time up to now (as many threads are busy as calls are in the pool, at most all). */
  #account(): void {
    const now = performance.now();
    this.#busyMs += Math.min(this.#inPool, this.#threads) * (now - this.#busySince);
    this.#busySince = now;
  }

  #entered(): void {
    this.#account();
    this.#inPool++;
  }

  /** A call settled: the busy time since the last one is its share (averaged over the recent calls). */
  #settled(): void {
    this.#account();
    this.#inPool--;
    this.#durationSum = DECAY * this.#durationSum + (this.#busyMs - this.#busyAtLastCall);
    this.#callSum = DECAY * this.#callSum + 1;
    this.#busyAtLastCall = this.#busyMs;
  }

  /** Seconds until a call refused now would find the calls ahead of it done: at least 1, at most the deadline. */
  retryAfterSeconds(): number {
    const waitMs = (this.#inflight / this.#threads) * this.averageCallMs;
    const cap = Math.max(1, Math.ceil(this.#callTimeoutMs / 1000));
    return Math.min(cap, Math.max(1, Math.ceil(waitMs / 1000)));
  }

  /** A place for one more heavy call, released by the function it returns; 503 when there is none. */
  admit(): () => void {
    if (this.#inflight >= this.#maxInflight) {
      // The body is not read: the client gets the answer, then the connection closes.
      throw overloaded(this.#inflight, this.retryAfterSeconds());
    }
    this.#inflight++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#inflight--;
    };
  }

  /**
   * Runs a call in a worker, its bytes transferred, under its deadline and its client's signal (see
   * the class). Rejects with 503 `deadline_exceeded`, 422 `too_expensive`, or `ClientAbortedError`
   * when the client went away. `options` may still be the bare `admit` function.
   */
  async run(
    task:
      | Omit<Extract<HeavyTask, { kind: 'rest' }>, 'bytes'>
      | Omit<Extract<HeavyTask, { kind: 'mcp' }>, 'bytes' | 'admit'>,
    bytes: Uint8Array,
    options: HeavyRunOptions | HeavyAdmit = {},
  ): Promise<HeavyOutcome> {
    const { signal, timeoutMs, admit } = typeof options === 'function' ? { admit: options } : options;
    if (signal?.aborted === true) throw new ClientAbortedError();
    if (this.#closing) throw shuttingDown();
    const limitMs = Math.min(timeoutMs ?? this.#callTimeoutMs, this.#callTimeoutMs);
    const body = transferable(bytes);
    let port: MessagePort | undefined;
    let full: HeavyTask;
    if (task.kind === 'mcp') {
      const channel = new MessageChannel();
      port = channel.port1;
      port.on('message', async ({ id, method }: { id: number; method: string }) => {
        const refused = admit === undefined ? undefined : await admit(method);
        port?.postMessage({
          id,
          ...(refused === undefined
            ? {}
            : { error: { code: refused.code, message: refused.message, data: refused.data } }),
        });
      });
      full = { ...task, bytes: body, admit: channel.port2 };
    } else {
      full = { ...task, bytes: body };
    }
    // One signal for piscina: it aborts a waiting task by leaving the queue, a running one by
    // terminating its worker.
    const stop = new AbortController();
    let stopped: 'deadline' | 'client' | undefined;
    const deadline = setTimeout(() => {
      stopped ??= 'deadline';
      stop.abort();
    }, limitMs);
    const clientGone = () => {
      stopped ??= 'client';
      stop.abort();
    };
    signal?.addEventListener('abort', clientGone, { once: true });
    let workerLost = false;
    this.#entered();
    try {
      const transferList =
        task.kind === 'mcp' ? [body.buffer, (full as { admit: MessagePort }).admit] : [body.buffer];
      const packed = (await this.#pool.run(full, {
        transferList: transferList as never,
        signal: stop.signal,
      })) as Uint8Array;
      return unpackResult(packed);
    } catch (error) {
      if (stopped !== undefined) {
        workerLost = true;
        throw stopped === 'deadline' ? deadlineExceeded(limitMs) : new ClientAbortedError();
      }
      if (this.#closing) throw shuttingDown();
      if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        workerLost = true;
        throw tooExpensive(this.#heapMb);
      }
      throw error;
    } finally {
      clearTimeout(deadline);
      signal?.removeEventListener('abort', clientGone);
      port?.close();
      this.#settled();
      if (workerLost) this.#replaceLost();
    }
  }

  /**
   * After a worker was stopped: piscina replaces it up to `minThreads` (all threads once warmed), but
   * a pool that starts threads on demand only does so for a new task, so calls already waiting would
   * wait on no thread. A `warm` task (it returns at once) makes piscina start one for them.
   */
  #replaceLost(): void {
    if (this.#pool.queueSize > 0 && this.#pool.threads.length < this.#threads) {
      this.#pool.run({ kind: 'warm' }).catch(() => {});
    }
  }

  close(): Promise<void> {
    this.#closing = true;
    return this.#pool.destroy();
  }
}
