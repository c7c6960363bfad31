import { describe, expect, it } from 'vitest';
import { echoedList } from '../src/index.js';

describe('echoedList', () => {
  it('keeps a short list as it is', () => {
    expect(echoedList(['a', 'b'])).toEqual({ items: ['a', 'b'], total: 2, text: 'a, b' });
  });

  it('echoes at most 20 items of at most 64 characters, with the total', () => {
    const ids = Array.from({ length: 50_000 }, (_, i) => `${'x'.repeat(100)}${i}`);
    const echoed = echoedList(ids);
    expect(echoed.total).toBe(50_000);
    expect(echoed.items).toHaveLength(20);
    expect(echoed.items[0]).toBe(`${'x'.repeat(63)}…`);
    expect(echoed.text.endsWith(' and 49980 more')).toBe(true);
    expect(echoed.text.length).toBeLessThan(20 * 66 + 20);
  });
});
