// `@dus/core` changes nothing in zod's process-wide configuration when it is imported (no import side
// effects): zod keeps its own default memoizer.
import { describe, expect, it } from 'vitest';
import { z as zod } from 'zod';
import { z } from '../src/index.js';

describe('zod as the services use it', () => {
  it('is zod itself, with only the configuration zod gives itself', () => {
    expect(z).toBe(zod);
    const config = z.config();
    expect(Object.keys(config).sort()).toEqual(['localeError', 'memoizer']);
    expect(config.memoizer).toBe(z.core.memoizer());
  });
});
