import { z } from 'zod';

/**
 * zod 4.6 memoizes every parse of a schema that may be recursive, so that an input graph with cycles
 * or shared nodes parses (a WeakMap and an entry per object parsed). Every value these services
 * validate comes from a JSON text (a REST body or query, MCP arguments): a tree, where a node is
 * never met twice, so the memo can never hit. What it did cost under load: its per-parse state
 * outlived requests often enough to be promoted out of V8's young generation (E `/vdot`: 1.1 MB per
 * scavenge, 4–6 ms pauses, a 64 MB young generation; without it 0.43 MB, 1.5–2 ms, 32 MB).
 * Configured here, the first module `@dus/core` evaluates, before any schema is built.
 */
const TREE_INPUTS: NonNullable<z.core.$ZodConfig['memoizer']> = {
  attach() {},
  guard() {},
  alloc: (_schema, _payload, empty) => empty,
};

z.config({ memoizer: TREE_INPUTS });

export { z };
