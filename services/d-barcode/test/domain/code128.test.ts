import { describe, expect, it } from 'vitest';
import { PATTERNS } from '../../src/domain/code128/table.js';
import { code128Symbol, generate, planCode128 } from '../../src/domain/index.js';
import { decodeValues } from './helpers/code128-reference.js';
import { expectValidationFailed } from './helpers/problems.js';
import { modulesOf, parseSvg } from './helpers/svg-geometry.js';

const json = (data: string) => {
  const { svg, ...rest } = generate({ type: 'code128', data });
  return rest;
};

describe('Code 128 worked examples', () => {
  it('123456 → Start C + 3 symbols, checksum 44, 88 modules', () => {
    expect(json('123456')).toEqual({
      type: 'code128',
      data: '123456',
      encoded: '123456',
      check_digit: null,
      checksum: 44,
      human_readable: '123456',
      modules: 88,
      width_px: 176,
      height_px: 162,
      symbol_chars: 3,
      code_sets: 'C',
      addon: null,
      upca: null,
      ais: null,
      png: null,
      print: expect.any(Object),
      svg: undefined,
    });
    expect(code128Symbol('123456').values).toEqual([105, 12, 34, 56, 44, 106]);
  });

  it('12345 → "C,B" (a tie with Start B, which C wins)', () => {
    expect(json('12345')).toMatchObject({ code_sets: 'C,B', symbol_chars: 4 });
    expect(planCode128('12345').values).toEqual([105, 12, 34, 100, 21]);
  });

  it('ab12345 → "B,C", latching after the 1', () => {
    expect(json('ab12345')).toMatchObject({ code_sets: 'B,C', symbol_chars: 6 });
    // a b 1 CODE-C 23 45
    expect(planCode128('ab12345').values).toEqual([104, 65, 66, 17, 99, 23, 45]);
  });

  it('AB1234CD → "B" (set C would not be shorter)', () => {
    expect(json('AB1234CD')).toMatchObject({ code_sets: 'B', symbol_chars: 8 });
  });

  it('alternating digit runs and letters switch sets only where it shortens the symbol', () => {
    // X, CODE C + 5 pairs, CODE B, Y 1 2 (C would cost 3 for "12"), Z, CODE C + 3 pairs.
    expect(json('X1234567890Y12Z123456')).toMatchObject({ code_sets: 'B,C,B,C', symbol_chars: 16 });
    // An odd run of 5 between letters saves nothing: all in B.
    expect(json('A12345B')).toMatchObject({ code_sets: 'B', symbol_chars: 7 });
    // An even run of 6 does: A CODE-C 12 34 56 CODE-B B = 7 < 8.
    expect(json('A123456B')).toMatchObject({ code_sets: 'B,C,B', symbol_chars: 7 });
  });

  it('control characters use set A, with SHIFT for a lone character of the other set', () => {
    // Start A, \t, SHIFT a, \n: SHIFT is not a latch, so the sets stay "A".
    expect(planCode128('\ta\n').values).toEqual([103, 73, 98, 65, 74]);
    expect(json('\ta\n')).toMatchObject({ code_sets: 'A', symbol_chars: 4, human_readable: 'a' });
    // DEL (127) is in set B only.
    expect(planCode128('\u007f').values).toEqual([104, 95]);
    expect(planCode128('\u0000').values).toEqual([103, 64]);
  });

  it('the check symbol is (start + Σ position × value) mod 103', () => {
    const symbol = code128Symbol('ab12345');
    // 104 + 1·65 + 2·66 + 3·17 + 4·99 + 5·23 + 6·45 = 1133; 1133 mod 103 = 0.
    expect(symbol.checksum).toBe(0);
    expect(symbol.values.slice(-2)).toEqual([0, 106]);
    expect(symbol.modules).toBe(11 * 8 + 13);
  });
});

describe('Code 128 data rules', () => {
  it('names the first non-ASCII character and its 0-based code-point position', () => {
    expect(expectValidationFailed(() => generate({ type: 'code128', data: 'abcé' }))).toEqual([
      {
        path: '/data',
        code: 'invalid_character',
        message: 'character "é" (U+00E9) at position 3 is not ASCII',
      },
    ]);
    expect(expectValidationFailed(() => generate({ type: 'code128', data: 'ab😀é' }))[0]!.message).toBe(
      'character "😀" (U+1F600) at position 2 is not ASCII',
    );
    // Invisible characters are shown escaped, never raw.
    expect(expectValidationFailed(() => generate({ type: 'code128', data: '\u0080' }))[0]!.message).toBe(
      'character "\\u{0080}" (U+0080) at position 0 is not ASCII',
    );
    expect(expectValidationFailed(() => generate({ type: 'code128', data: 'a\ud800' }))[0]!.message).toBe(
      'character "\\u{D800}" (U+D800) at position 1 is not ASCII',
    );
  });

  it('1 to 80 characters', () => {
    expect(expectValidationFailed(() => generate({ type: 'code128', data: '' }))[0]).toEqual({
      path: '/data',
      code: 'invalid_length',
      message: 'Code 128 data must be 1 to 80 characters, got 0',
    });
    expect(
      expectValidationFailed(() => generate({ type: 'code128', data: '1'.repeat(81) }))[0]!.message,
    ).toBe('Code 128 data must be 1 to 80 characters, got 81');
    expect(generate({ type: 'code128', data: '\u0000'.repeat(80) }).symbol_chars).toBe(80);
    expect(generate({ type: 'code128', data: '9'.repeat(80) }).symbol_chars).toBe(40);
  });

  it('the human-readable text omits control characters; none reaches the SVG', () => {
    const result = generate({ type: 'code128', data: '\u0000A\tB\u001f\u007fC' });
    expect(result.human_readable).toBe('ABC');
    expect(result.svg).not.toMatch(/[\u0000-\u001f\u007f]/);
    const svg = parseSvg(result.svg);
    expect([svg.title, svg.text]).toEqual(['Code 128 ABC', 'ABC']);
    const controlsOnly = generate({ type: 'code128', data: '\u0001\u0002' });
    expect(controlsOnly.human_readable).toBe('');
    expect(parseSvg(controlsOnly.svg)).toMatchObject({ title: 'Code 128', text: null });
  });

  it('XML-escapes the text and keeps its spaces', () => {
    const { svg } = generate({ type: 'code128', data: `a<b>&"c'  d` });
    expect(svg).toContain('<title>Code 128 a&lt;b&gt;&amp;&quot;c&#39;  d</title>');
    expect(svg).toContain('xml:space="preserve">a&lt;b&gt;&amp;&quot;c&#39;  d</text>');
    expect(parseSvg(svg).text).toBe(`a<b>&"c'  d`);
  });
});

describe('Code 128 symbol table and geometry', () => {
  it('107 distinct patterns: 11 modules each (stop 13), an even number of bar modules', () => {
    expect(PATTERNS).toHaveLength(107);
    expect(new Set(PATTERNS).size).toBe(107);
    PATTERNS.forEach((pattern, value) => {
      const widths = [...pattern].map(Number);
      expect(widths.reduce((a, b) => a + b, 0)).toBe(value === 106 ? 13 : 11);
      expect(widths.filter((_, k) => k % 2 === 0).reduce((a, b) => a + b, 0) % 2).toBe(0);
    });
  });

  it('the SVG carries exactly the symbol: quiet zones 10/10, 11 modules per symbol + 13 for the stop', () => {
    const data = 'Code 128 \u0001 ABC 1234567890';
    const result = generate({ type: 'code128', data, height: 40 });
    const svg = parseSvg(result.svg);
    const symbol = code128Symbol(data);
    expect(decodeValues(symbol.values.slice(0, -2))).toBe(data);
    const expected = symbol.values
      .map((value) =>
        [...PATTERNS[value]!].map((w, k) => (k % 2 === 0 ? '1' : '0').repeat(Number(w))).join(''),
      )
      .join('');
    expect(expected).toHaveLength(11 * (symbol.symbolChars + 2) + 13);
    expect(svg.w).toBe(10 + expected.length + 10);
    expect(svg.bars[0]!.x).toBe(10);
    const last = svg.bars[svg.bars.length - 1]!;
    expect(last.x + last.width).toBe(svg.w - 10);
    expect(modulesOf(svg.bars, 10, svg.w - 10)).toBe(expected);
    expect(new Set(svg.bars.map((bar) => bar.height))).toEqual(new Set([40]));
    expect(svg.h).toBe(52);
    expect(result.modules).toBe(11 * result.symbol_chars! + 35 + 20);
  });

  it('text off: H = height; quiet_zone=false: no quiet zones even with text', () => {
    const off = parseSvg(generate({ type: 'code128', data: '123456', text: false }).svg);
    expect([off.w, off.h, off.text]).toEqual([88, 69, null]);
    const bare = parseSvg(generate({ type: 'code128', data: '123456', quiet_zone: false }).svg);
    expect([bare.w, bare.h, bare.bars[0]!.x]).toEqual([68, 81, 0]);
    expect(generate({ type: 'code128', data: '123456', quiet_zone: false }).svg).toContain(
      '<text x="34" y="79"',
    );
  });
});
