import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Bodies at least this large ask for their memory to be handed back once they are done with. */
export const LARGE_BODY_BYTES = 4 * 1024 * 1024;

let collect: (() => void) | undefined;
let scheduled = false;

/**
 * After a large body (A takes 32 MiB), a full garbage collection shortly afterwards hands its memory
 * back: an idle V8 keeps a grown heap and unreferenced buffers for a long time, and a container with
 * a memory limit would be killed for what is already garbage. At most one collection per 250 ms.
 */
export function releaseMemorySoon(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    if (collect === undefined) {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    }
    collect();
  }, 250).unref();
}
