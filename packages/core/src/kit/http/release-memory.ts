import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Bodies adding up to this much since the last collection ask for their memory to be handed back. */
const LARGE_BODY_BYTES = 4 * 1024 * 1024;
/**
 * Bodies from this size on count towards it: what is parsed from them lands in V8's large-object space,
 * which only a full collection frees. Smaller ones die young and are freed by the cheap scavenges.
 */
const LARGE_OBJECT_BYTES = 128 * 1024;

/**
 * The large bodies read since the last collection. One 4 MiB body is due at once; so are a dozen 1 MiB
 * bodies together (each left ~5 MB of RSS that an idle V8 kept), and a flood of small ones never is.
 */
export class LargeBodyBudget {
  #since = 0;

  /** Counts a body of `bytes`; true when a collection is due. */
  add(bytes: number): boolean {
    if (bytes < LARGE_OBJECT_BYTES) return false;
    this.#since += bytes;
    return this.#since >= LARGE_BODY_BYTES;
  }

  reset(): void {
    this.#since = 0;
  }
}

const budget = new LargeBodyBudget();
let collect: (() => void) | undefined;
let scheduled = false;

/**
 * After large bodies (A takes 32 MiB), a full garbage collection shortly afterwards hands their memory
 * back: an idle V8 keeps a grown heap and unreferenced buffers for a long time, and a container with
 * a memory limit would be killed for what is already garbage. At most one collection per 250 ms.
 */
export function bodyRead(bytes: number): void {
  if (!budget.add(bytes) || scheduled) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    budget.reset();
    if (collect === undefined) {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    }
    collect();
  }, 250).unref();
}
