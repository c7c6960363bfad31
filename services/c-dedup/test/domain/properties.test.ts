import fc from 'fast-check';
import { expect, it } from 'vitest';
import { deduplicate, fingerprinter } from '../../src/domain/index.js';
import { ignoredBy } from '../../src/domain/url.js';
import { read } from './helpers.js';

const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
  url: fc.constantFrom(
    'https://a.io/x',
    'https://a.io/x?b=1&a=2',
    'https://A.io:443/x?a=2&b=1',
    'https://a.io/y/',
    'http://a.io/x',
  ),
  body: fc.option(fc.constantFrom({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }, 'text', 1), { nil: undefined }),
  timestamp: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }),
});
const list = fc
  .array(request, { minLength: 1, maxLength: 30 })
  .map((rs) => rs.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined))));

it('dedup is idempotent (include_unsafe), the kept set has unique fingerprints per window, first occurrences keep their order', () => {
  fc.assert(
    fc.property(list, (requests) => {
      const once = read.dedup({ requests, include_unsafe: true, window_ms: 10 ** 9 });
      const first = deduplicate(once.calls, once.options);
      const again = read.dedup({ requests: first.unique, include_unsafe: true, window_ms: 10 ** 9 });
      const second = deduplicate(again.calls, again.options);
      expect(second.unique).toEqual(first.unique);
      expect(second.stats.removed).toBe(0);
      const print = fingerprinter(once.options);
      const kept = again.calls.map(print);
      expect(new Set(kept).size).toBe(kept.length);
      const keptIndexes = once.calls
        .filter((c) => !first.duplicates.some((d) => d.index === c.index))
        .map((c) => c.index);
      expect(keptIndexes).toEqual([...keptIndexes].sort((a, b) => a - b));
    }),
    { numRuns: 300 },
  );
});

it('fingerprints ignore header order and name case, and JSON member order', () => {
  fc.assert(
    fc.property(
      fc.dictionary(fc.constantFrom('Accept', 'Content-Type', 'X-Api-Key'), fc.string({ maxLength: 5 }), {
        minKeys: 1,
      }),
      fc.jsonValue(),
      (headers, body) => {
        const reversed = Object.fromEntries(
          Object.entries(headers)
            .reverse()
            .map(([k, v]) => [k.toLowerCase(), v]),
        );
        const shuffled = JSON.parse(
          JSON.stringify(body, (_, v) =>
            v && typeof v === 'object' && !Array.isArray(v)
              ? Object.fromEntries(Object.entries(v).reverse())
              : v,
          ),
        );
        const { calls, options } = read.dedup({
          requests: [
            { method: 'POST', url: 'https://a.io/', headers, body: JSON.parse(JSON.stringify(body)) },
            { method: 'POST', url: 'https://a.io/', headers: reversed, body: shuffled },
          ],
        });
        const print = fingerprinter(options);
        expect(print(calls[0]!)).toBe(print(calls[1]!));
      },
    ),
    { numRuns: 300 },
  );
});

it('ignore patterns (a trie of prefixes) match exactly what a scan of every pattern matches', () => {
  const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '_'), maxLength: 5 });
  const pattern = fc.tuple(word, fc.boolean()).map(([text, star]) => (star ? `${text}*` : text));
  fc.assert(
    fc.property(
      fc.array(pattern, { maxLength: 12 }),
      fc.array(word, { maxLength: 20 }),
      (patterns, names) => {
        const ignored = ignoredBy(patterns);
        for (const name of names) {
          const scan = patterns.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p));
          expect(ignored(name)).toBe(scan);
        }
      },
    ),
    { numRuns: 500 },
  );
});

it('a fingerprint does not depend on whether the allow-list or the call has more headers', () => {
  const name = fc.constantFrom('accept', 'x-a', 'x-b', 'authorization', 'content-type');
  const headers = fc.dictionary(name, fc.string({ maxLength: 4 }), { maxKeys: 5 });
  fc.assert(
    fc.property(headers, fc.array(name, { maxLength: 5 }), (sent, allowed) => {
      const call = read.dedup({ requests: [{ method: 'GET', url: 'https://a.io/', headers: sent }] })
        .calls[0]!;
      const padded = [...allowed, ...Array.from({ length: 10 }, (_, i) => `x-unused-${i}`)];
      const short = fingerprinter({ ignoreParams: [], headerAllowlist: allowed })(call);
      const long = fingerprinter({ ignoreParams: [], headerAllowlist: padded })(call);
      expect(long).toBe(short);
      const only = Object.fromEntries(
        Object.entries(sent).filter(([key]) => (allowed as string[]).includes(key)),
      );
      const bare = read.dedup({ requests: [{ method: 'GET', url: 'https://a.io/', headers: only }] })
        .calls[0]!;
      expect(fingerprinter({ ignoreParams: [], headerAllowlist: padded })(bare)).toBe(short);
    }),
    { numRuns: 300 },
  );
});
