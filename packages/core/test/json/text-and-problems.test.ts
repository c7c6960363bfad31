// The document-text checks and the problem texts, against the platform's own decoders: Node's fatal
// TextDecoder for UTF-8 and String.prototype.toWellFormed for lone surrogates.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentText } from '../../src/json/input.js';
import { describeLocation, invalidJson, locate, shorten, tooDeep } from '../../src/json/problems.js';
import { SortedKeys } from '../../src/json/sorted-keys.js';
import { decodeUtf8Strict, findInvalidUtf8, findLoneSurrogate, utf8ByteLength } from '../../src/json/utf8.js';
import { problemOf } from './helpers.js';

const fatal = new TextDecoder('utf-8', { fatal: true });

/** The offset of the first ill-formed sequence: the longest prefix the platform decodes is where it starts. */
function referenceInvalidOffset(bytes: Uint8Array): number {
  for (let end = bytes.length; end >= 0; end--) {
    try {
      fatal.decode(bytes.subarray(0, end));
      return end === bytes.length ? -1 : end;
    } catch {}
  }
  return 0;
}

// Every boundary of RFC 3629's table: ASCII, continuation limits, C0/C1 overlong leads, E0/ED/F0/F4.
const EDGE_BYTES = [
  0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee,
  0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff,
];

describe('UTF-8 well-formedness (RFC 3629 §4)', () => {
  it('findInvalidUtf8 agrees with the platform decoder on sequences built from every boundary byte', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...EDGE_BYTES), { maxLength: 12 }), (list) => {
        const bytes = Uint8Array.from(list);
        expect(findInvalidUtf8(bytes)).toBe(referenceInvalidOffset(bytes));
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([
    [[0xc2, 0x80], -1],
    [[0xdf, 0xbf], -1],
    [[0xc1, 0xbf], 0],
    [[0xe0, 0xa0, 0x80], -1],
    [[0xe0, 0x9f, 0xbf], 0],
    [[0xed, 0x9f, 0xbf], -1],
    [[0xed, 0xa0, 0x80], 0],
    [[0xef, 0xbf, 0xbf], -1],
    [[0xf0, 0x90, 0x80, 0x80], -1],
    [[0xf0, 0x8f, 0xbf, 0xbf], 0],
    [[0xf4, 0x8f, 0xbf, 0xbf], -1],
    [[0xf4, 0x90, 0x80, 0x80], 0],
    [[0xf5, 0x80, 0x80, 0x80], 0],
    [[0x41, 0xe2, 0x82], 1],
    [[0x41, 0xe2, 0x82, 0xac, 0x80], 4],
    [[0xe2, 0x82, 0x41], 0],
    [[0xf0, 0x9f, 0x98, 0x41], 0],
  ])('%j → %d', (bytes, offset) => {
    expect(findInvalidUtf8(Uint8Array.from(bytes))).toBe(offset);
  });

  it('decodes strictly and keeps a byte order mark as U+FEFF', () => {
    expect(decodeUtf8Strict(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]))).toBe('\uFEFFA');
    expect(decodeUtf8Strict(Uint8Array.from([0xc0, 0x80]))).toBeUndefined();
  });

  it('counts UTF-8 bytes, a lone surrogate as the 3 of U+FFFD', () => {
    expect([utf8ByteLength('a'), utf8ByteLength('é'), utf8ByteLength('€'), utf8ByteLength('😀')]).toEqual([
      1, 2, 3, 4,
    ]);
    expect(utf8ByteLength('\uD800')).toBe(3);
  });
});

describe('lone surrogates', () => {
  const reference = (s: string) => {
    const wellFormed = (s as unknown as { toWellFormed(): string }).toWellFormed();
    for (let i = 0; i < s.length; i++) if (s[i] !== wellFormed[i]) return i;
    return -1;
  };
  const unit = fc.constantFrom(
    'a',
    '\uD7FF',
    '\uD800',
    '\uDBFF',
    '\uDC00',
    '\uDFFF',
    '\uE000',
    '😀',
    '\uFFFD',
  );

  it('findLoneSurrogate agrees with String.prototype.toWellFormed', () => {
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 10 }), (units) => {
        const s = units.join('');
        expect(findLoneSurrogate(s)).toBe(reference(s));
      }),
      { numRuns: 20_000 },
    );
    expect(findLoneSurrogate('a\uDBFF\uDFFFb\uDFFF')).toBe(4);
    expect(findLoneSurrogate('\uD800\uD800\uDC00')).toBe(0);
  });
});

describe('documentText', () => {
  const noPointer = () => '';
  const detail = (input: Uint8Array | string) => problemOf(() => documentText(input, noPointer)).detail;

  it('refuses a byte order mark, as bytes or as a string', () => {
    const bom =
      'A byte order mark (U+FEFF) is not allowed at byte 0 (line 1, column 1), expected JSON text without a byte order mark (RFC 8259 §8.1)';
    expect(detail(Uint8Array.from([0xef, 0xbb, 0xbf, 0x31]))).toBe(bom);
    expect(detail('\uFEFF1')).toBe(bom);
  });

  it('reads what only looks like a byte order mark', () => {
    for (const bytes of [
      [0xef, 0xbb, 0x80],
      [0xef, 0xbf, 0xbf],
      [0xe0, 0xbb, 0xbf],
    ]) {
      expect(documentText(Uint8Array.from(bytes), noPointer)).toBe(fatal.decode(Uint8Array.from(bytes)));
    }
    expect(documentText('1\uFEFF', noPointer)).toBe('1\uFEFF');
  });

  it('names a lone surrogate in hex and an ill-formed byte, with the location', () => {
    expect(detail('["a\uDABC"]')).toBe(
      'Lone surrogate U+DABC in the text (not well-formed Unicode) at byte 3 (line 1, column 4), expected text that can be encoded as UTF-8',
    );
    expect(detail(Uint8Array.from([0x5b, 0x0a, 0x22, 0xfe]))).toBe(
      'Invalid UTF-8 byte 0xFE at byte 3 (line 2, column 2), expected UTF-8 encoded text (RFC 8259 §8.1)',
    );
  });
});

describe('problem texts', () => {
  it('locate counts lines and code points (a surrogate pair is one column)', () => {
    expect(locate('ab\ncd', 4, '/x')).toEqual({ offset: 4, line: 2, column: 2, pointer: '/x' });
    for (const pair of ['\uD800\uDC00', '\uDBFF\uDFFF', '😀']) {
      expect(locate(`${pair}x`, 3, '')).toEqual({ offset: 5, line: 1, column: 3, pointer: '' });
    }
    expect(locate('\uD7FF\uE000x', 2, '')).toMatchObject({ column: 3 });
  });

  it('shortens past 120 UTF-16 units, never splitting a surrogate pair', () => {
    const a119 = 'a'.repeat(119);
    expect(shorten('a'.repeat(120))).toBe('a'.repeat(120));
    expect(shorten('a'.repeat(121))).toBe(`${'a'.repeat(120)}…`);
    for (const high of ['\uD800', '\uDBFF']) expect(shorten(`${a119}${high}\uDC00b`)).toBe(`${a119}…`);
    for (const other of ['\uD7FF', '\uDC00', 'é'])
      expect(shorten(`${a119}${other}bc`)).toBe(`${a119}${other}…`);
  });

  it('describes a location, with the pointer only below the root', () => {
    expect(describeLocation({ offset: 7, line: 2, column: 3, pointer: '/a/0' })).toBe(
      'at byte 7 (line 2, column 3, pointer "/a/0")',
    );
    expect(describeLocation({ offset: 0, line: 1, column: 1, pointer: '' })).toBe(
      'at byte 0 (line 1, column 1)',
    );
    expect(describeLocation({ offset: 0, line: 1, column: 1, pointer: `/${'k'.repeat(200)}` })).toBe(
      `at byte 0 (line 1, column 1, pointer "/${'k'.repeat(119)}…")`,
    );
  });

  it('invalid_json: what, where, and what was expected when known', () => {
    const loc = { offset: 1, line: 1, column: 2, pointer: '/0' };
    expect(invalidJson('Unexpected x', loc).detail).toBe(
      'Unexpected x at byte 1 (line 1, column 2, pointer "/0")',
    );
    expect(invalidJson('Unexpected x', loc, 'a value').detail).toBe(
      'Unexpected x at byte 1 (line 1, column 2, pointer "/0"), expected a value',
    );
  });

  it('too deep: located by bytes when parsing, by pointer alone for a parsed value', () => {
    expect(tooDeep(3, { offset: 4, line: 1, column: 5, pointer: '/0/0/0' }).detail).toBe(
      'JSON nesting exceeds the maximum depth of 3 at byte 4 (line 1, column 5, pointer "/0/0/0")',
    );
    expect(tooDeep(3, { pointer: '/a/b' }).detail).toBe(
      'JSON nesting exceeds the maximum depth of 3 at "/a/b"',
    );
    expect(tooDeep(0, { pointer: '' }).detail).toBe('JSON nesting exceeds the maximum depth of 0');
    expect(tooDeep(3, { pointer: '/a/b' }).extensions).toEqual({ pointer: '/a/b', limit: 3 });
  });
});

describe('SortedKeys', () => {
  it('sorts by UTF-16 code units and hands records of one shape the same remembered list', () => {
    const keys = new SortedKeys();
    const first = keys.of({ b: 1, a: 1, é: 1, Z: 1 });
    expect(first).toEqual(['Z', 'a', 'b', 'é']);
    expect(keys.of({ b: 2, a: 2, é: 2, Z: 2 })).toBe(first);
    expect(keys.of({ only: 1 })).toEqual(['only']);
    expect(keys.of({})).toEqual([]);
  });

  it('tells shapes with the same first key apart', () => {
    const keys = new SortedKeys();
    expect(keys.of({ b: 1, a: 1 })).toEqual(['a', 'b']);
    expect(keys.of({ b: 1, c: 1 })).toEqual(['b', 'c']);
    expect(keys.of({ b: 1, a: 1, c: 1 })).toEqual(['a', 'b', 'c']);
    expect(keys.of({ b: 1 })).toEqual(['b']);
    expect(keys.of({ b: 1, a: 1 })).toEqual(['a', 'b']);
  });

  it('remembers at most 8 shapes per first key', () => {
    const keys = new SortedKeys();
    const shapes = Array.from({ length: 9 }, (_, i) => ({ z: 1, [`k${i}`]: 1 }));
    const lists = shapes.map((shape) => keys.of(shape));
    expect(shapes.slice(0, 8).every((shape, i) => keys.of(shape) === lists[i])).toBe(true);
    expect(keys.of(shapes[8]!)).not.toBe(lists[8]);
    expect(keys.of(shapes[8]!)).toEqual(['k8', 'z']);
  });
});
