// Generated request ids (http/request-id.ts): random version-4 UUIDs in RFC 9562's text form, all
// different, every random nibble varying, across many refills of the random bytes.
import { describe, expect, it } from 'vitest';
import { newRequestId } from '../../src/kit/http/request-id.js';

// RFC 9562 §4 (lower-case hex) with §5.4's version 4 and §4.1's variant 10xx.
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRequestId', () => {
  const ids = Array.from({ length: 5_000 }, () => newRequestId()); // ~20 fills of 256

  it('makes version-4 UUIDs, each one different', () => {
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('varies every random nibble, and the variant over all four of its values', () => {
    for (let position = 0; position < 36; position++) {
      if ([8, 13, 18, 23].includes(position)) continue; // the dashes
      const seen = new Set(ids.map((id) => id[position]));
      if (position === 14) expect([...seen]).toEqual(['4']);
      else if (position === 19) expect([...seen].sort()).toEqual(['8', '9', 'a', 'b']);
      else expect(seen.size, `position ${position}`).toBe(16);
    }
  });
});
