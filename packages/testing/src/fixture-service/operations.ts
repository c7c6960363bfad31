// Operations of the bounded-work fixture service (docs/conventions.md §12): a deliberately slow and a
// deliberately memory-hungry call, both run in the worker pool whatever their size, and a cheap one
// inline. The pool's workers load this module's built form (dist/fixture-service/operations.js).
import { threadId } from 'node:worker_threads';
import { defineOperation, type OperationDefinition, z } from '@dus/core';

/** Busy on its thread for `ms` milliseconds, synchronously: only terminating the worker stops it early. */
export const spin = defineOperation({
  name: 'spin',
  summary: 'Busy-loops for a while',
  method: 'POST',
  path: '/v1/spin',
  heavy: { minBytes: 0 },
  input: z.strictObject({ ms: z.number().int().min(0).max(600_000) }),
  output: z.object({ ms: z.number(), thread: z.number() }),
  example: { input: { ms: 0 }, output: { ms: 0, thread: 1 } },
  handler: ({ ms }) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // busy: the event loop of this thread is blocked too
    }
    return { ms, thread: threadId };
  },
});

/** Allocates and keeps `mb` megabytes of arrays, then says how many it holds. */
export const hog = defineOperation({
  name: 'hog',
  summary: 'Holds memory',
  method: 'POST',
  path: '/v1/hog',
  heavy: { minBytes: 0 },
  input: z.strictObject({ mb: z.number().int().min(0).max(65_536) }),
  output: z.object({ arrays: z.number(), thread: z.number() }),
  example: { input: { mb: 1 }, output: { arrays: 1, thread: 1 } },
  handler: ({ mb }) => {
    const held: number[][] = [];
    // 1 MB of doubles a step (131,072 × 8 bytes), each array filled so it is really allocated.
    for (let i = 0; i < mb; i++) held.push(new Array<number>(131_072).fill(i + 0.5));
    return { arrays: held.length, thread: threadId };
  },
});

/** Answers its text on the event loop. */
export const echo = defineOperation({
  name: 'echo',
  summary: 'Echoes a text',
  method: 'POST',
  path: '/v1/echo',
  input: z.strictObject({ text: z.string().max(1000) }),
  output: z.object({ text: z.string(), thread: z.number() }),
  example: { input: { text: 'hi' }, output: { text: 'hi', thread: 0 } },
  handler: ({ text }) => ({ text, thread: threadId }),
});

export const operations: OperationDefinition[] = [spin, hog, echo] as OperationDefinition[];
