import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { JsonRpcError } from '@dus/mcp';
import { Piscina } from 'piscina';
import { insufficientMemory, overloaded } from '../problems.js';
import type { ServiceConfig } from '../config.js';
import { type HeavyMeta, type HeavyTask, unpackResult, type WorkerSetup } from './protocol.js';

/** The answer of a heavy call, back on the event loop. */
export interface HeavyOutcome {
  meta: HeavyMeta;
  body: Uint8Array;
}

/** A standalone buffer of the bytes (a view into a larger or pooled one is copied), so it can be transferred. */
function transferable(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer
    ? bytes
    : new Uint8Array(bytes);
}

/**
 * The worker-thread pool of one service (docs/conventions.md §11): heavy calls run here, never on
 * the event loop. At most `MAX_HEAVY_INFLIGHT` run or wait; one more is refused with 503 `overloaded`
 * and a `Retry-After` estimated from how long heavy calls have been taking, decided before its body is
 * read. Threads start with the first call; runService starts them at start-up and `/readyz` waits
 * until every one has loaded the service's code.
 */
export class HeavyPool {
  readonly #pool: Piscina;
  readonly #threads: number;
  readonly #maxInflight: number;
  readonly #heapMb: number | undefined;
  #inflight = 0;
  /** A moving average of a heavy call's duration, for Retry-After. */
  #averageMs = 200;
  /** Settles once every thread has loaded the service's code (at once when the pool is not warmed). */
  readonly warmed: Promise<void>;

  constructor(
    setup: WorkerSetup,
    config: Pick<ServiceConfig, 'workerThreads' | 'maxHeavyInflight' | 'maxHeapMb'>,
    warm: boolean,
  ) {
    this.#threads = config.workerThreads;
    this.#maxInflight = config.maxHeavyInflight;
    this.#heapMb = config.maxHeapMb;
    this.#pool = new Piscina({
      filename: new URL('./worker.js', import.meta.url).href,
      workerData: setup,
      minThreads: warm ? config.workerThreads : 0,
      maxThreads: config.workerThreads,
      idleTimeout: warm ? Number.POSITIVE_INFINITY : 1_000,
      // Idle workers wait on their event loop, not in Atomics.wait: their timers (the GC after a large call) run.
      atomics: 'disabled',
      // A worker's own heap cap: one that outgrows it is stopped alone (V8 would end the whole process).
      ...(config.maxHeapMb === undefined
        ? {}
        : { resourceLimits: { maxOldGenerationSizeMb: config.maxHeapMb } }),
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

  /** A place for one more heavy call, released by the function it returns; 503 when there is none. */
  admit(): () => void {
    if (this.#inflight >= this.#maxInflight) {
      const retry = Math.max(1, Math.ceil((this.#averageMs * (this.#inflight / this.#threads)) / 1000));
      // The body is not read: the client gets the answer, then the connection closes.
      throw overloaded(this.#inflight, retry);
    }
    this.#inflight++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#inflight--;
    };
  }

  /** Runs a call in a worker, its bytes transferred; `admit` answers a batch's further calls over a port. */
  async run(
    task:
      | Omit<Extract<HeavyTask, { kind: 'rest' }>, 'bytes'>
      | Omit<Extract<HeavyTask, { kind: 'mcp' }>, 'bytes' | 'admit'>,
    bytes: Uint8Array,
    admit?: (method: string) => Promise<JsonRpcError | undefined>,
  ): Promise<HeavyOutcome> {
    const started = performance.now();
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
    try {
      const transferList =
        task.kind === 'mcp' ? [body.buffer, (full as { admit: MessagePort }).admit] : [body.buffer];
      const packed = (await this.#pool.run(full, { transferList: transferList as never })) as Uint8Array;
      return unpackResult(packed);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw insufficientMemory(this.#heapMb, Math.max(1, Math.ceil(this.#averageMs / 1000)));
      }
      throw error;
    } finally {
      port?.close();
      this.#averageMs = 0.8 * this.#averageMs + 0.2 * (performance.now() - started);
    }
  }

  close(): Promise<void> {
    return this.#pool.destroy();
  }
}
