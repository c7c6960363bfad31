// Generated request ids (http/request-id.ts): random version-4 UUIDs in RFC 9562's text form, all
// different.
import { describe, expect, it } from 'vitest';
import { newRequestId } from '../../src/kit/http/request-id.js';

// RFC 9562 §4 (lower-case hex) with §5.4's version 4 and §4.1's variant 10xx.
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRequestId', () => {
  it('makes version-4 UUIDs, each one different', () => {
    const ids = Array.from({ length: 1_000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
