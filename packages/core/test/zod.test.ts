import { describe, expect, it } from 'vitest';
import { z } from '../src/index.js';

describe('zod as the services use it', () => {
  it('parses every node it meets, as a JSON tree: no memo for a node met twice', () => {
    let leaves = 0;
    const Leaf = z.object({ v: z.number() }).transform((leaf) => {
      leaves++;
      return leaf.v;
    });
    const Tree = z.object({
      leaf: Leaf,
      get kids() {
        return z.array(Tree).optional();
      },
    });
    const shared = { leaf: { v: 1 } };
    expect(Tree.parse({ leaf: { v: 0 }, kids: [shared, shared, shared] })).toEqual({
      leaf: 0,
      kids: [{ leaf: 1 }, { leaf: 1 }, { leaf: 1 }],
    });
    expect(leaves).toBe(4);
  });
});
