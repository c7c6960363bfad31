import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSignatureList, splitSchemePrefix, unusedKeys, valuesForKey } from '../../src/webhook/index.js';

describe('parseSignatureList', () => {
  it('parses a Stripe-style comma list with repeated schemes', () => {
    const entries = parseSignatureList('t=1700000000,v1=ab12,v1=cd34,v0=ef56', ',');
    expect(entries).toEqual([
      { key: 't', value: '1700000000' },
      { key: 'v1', value: 'ab12' },
      { key: 'v1', value: 'cd34' },
      { key: 'v0', value: 'ef56' },
    ]);
    expect(valuesForKey(entries, 'v1')).toEqual(['ab12', 'cd34']);
    expect(unusedKeys(entries, ['t', 'v1'])).toEqual(['v0']);
  });

  it('parses a Paddle-style semicolon list, trimming blanks and skipping empty elements', () => {
    const entries = parseSignatureList(' ts=1698796800 ; h1=aa;;h1=bb; ', ';');
    expect(entries).toEqual([
      { key: 'ts', value: '1698796800' },
      { key: 'h1', value: 'aa' },
      { key: 'h1', value: 'bb' },
    ]);
  });

  it('keeps `=` inside values and reports elements without a key', () => {
    expect(parseSignatureList('v1=YWJj==,junk', ',')).toEqual([
      { key: 'v1', value: 'YWJj==' },
      { key: '', value: 'junk' },
    ]);
    expect(unusedKeys(parseSignatureList('junk,x=1,x=2', ','), [])).toEqual(['', 'x']);
  });

  it('returns no entries for an empty header', () => {
    expect(parseSignatureList('', ',')).toEqual([]);
    expect(parseSignatureList(' , ,', ',')).toEqual([]);
  });

  it('round-trips any list of simple key=value elements', () => {
    const token = fc.stringMatching(/^[a-z0-9]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(token, token), { maxLength: 20 }),
        fc.constantFrom(',', ';'),
        (pairs, sep) => {
          const header = pairs.map(([k, v]) => `${k}=${v}`).join(sep as ',' | ';');
          expect(parseSignatureList(header, sep as ',' | ';')).toEqual(
            pairs.map(([key, value]) => ({ key, value })),
          );
        },
      ),
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        for (const entry of parseSignatureList(text, ',')) expect(entry.key.includes(',')).toBe(false);
      }),
    );
  });
});

describe('splitSchemePrefix', () => {
  it('splits sha256=<hex>', () => {
    expect(splitSchemePrefix('sha256=abcdef')).toEqual({ scheme: 'sha256', value: 'abcdef' });
    expect(splitSchemePrefix(' v0=12 ')).toEqual({ scheme: 'v0', value: '12' });
  });

  it('reports no scheme for a bare value', () => {
    expect(splitSchemePrefix('abcdef')).toEqual({ scheme: null, value: 'abcdef' });
    expect(splitSchemePrefix('=abc')).toEqual({ scheme: null, value: '=abc' });
    expect(splitSchemePrefix('0abc=')).toEqual({ scheme: null, value: '0abc=' });
  });
});
