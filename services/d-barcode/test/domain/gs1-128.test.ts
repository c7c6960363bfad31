import { isProblemError } from '@dus/core';
import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import {
  AI_TABLE,
  checkElementString,
  code128Symbol,
  code128Widths,
  generate,
  gs1128Data,
  gs1CheckDigit,
  isGs1Date,
} from '../../src/domain/index.js';
import { expectValidationFailed } from './helpers/problems.js';
import { randomDigits, randomInt, seededRandom } from './helpers/random.js';

/** bwip-js's bar/space widths for a GS1-128 element string. */
function bwipWidths(data: string): number[] {
  const [symbol] = bwipjs.raw('gs1-128', data, {}) as { sbs: number[] }[];
  return symbol!.sbs;
}

/** The 422 a GS1-128 refusal throws: its detail and members. */
function refusal(data: string): { detail: string; ai: unknown; rule: unknown } {
  try {
    generate({ type: 'gs1-128', data });
  } catch (error) {
    if (!isProblemError(error) || error.status !== 422) throw error;
    expect(error.code).toBe('invalid_gs1_data');
    expect(error.errors).toEqual([{ path: '/data', code: 'invalid_gs1_data', message: error.detail }]);
    return { detail: error.detail, ai: error.extensions!.ai, rule: error.extensions!.rule };
  }
  throw new Error(`accepted ${data}`);
}

const EXAMPLE = '(01)09501101530003(17)261231(10)AB-123';

describe('GS1-128 worked examples', () => {
  it(`${EXAMPLE}: encoded without parentheses, 21 symbol characters, bars equal bwip-js's`, () => {
    const result = generate({ type: 'gs1-128', data: EXAMPLE });
    expect(result).toMatchObject({
      encoded: '01095011015300031726123110AB-123',
      symbol_chars: 21,
      code_sets: 'C,B',
      human_readable: EXAMPLE,
      check_digit: null,
      modules: 11 * 21 + 35 + 20,
      ais: [
        { ai: '01', value: '09501101530003' },
        { ai: '17', value: '261231' },
        { ai: '10', value: 'AB-123' },
      ],
    });
    expect(result.svg).toContain(`<title>GS1-128 ${EXAMPLE}</title>`);
    const symbol = code128Symbol(gs1128Data(EXAMPLE).planInput);
    expect(symbol.values.slice(0, 2)).toEqual([105, 102]); // Start C, FNC1
    expect(code128Widths(symbol.values)).toEqual(bwipWidths(EXAMPLE));
  });

  it('(01)09501101530003(8005)000365(10)AB1: a separator FNC1 after the variable-length 8005 only', () => {
    const data = '(01)09501101530003(8005)000365(10)AB1';
    const result = generate({ type: 'gs1-128', data });
    expect(result.encoded).toBe('01095011015300038005000365\u001d10AB1');
    const { values } = code128Symbol(gs1128Data(data).planInput);
    expect(values.filter((value) => value === 102)).toHaveLength(2);
    expect(code128Widths(values)).toEqual(bwipWidths(data));
    // No separator after the last field, even a variable-length one.
    expect(gs1128Data('(10)AB1').encoded).toBe('10AB1');
    expect(gs1128Data('(10)AB1(21)X').encoded).toBe('10AB1\u001d21X');
    const sscc = `09501101500000001${gs1CheckDigit('09501101500000001')}`;
    expect(gs1128Data(`(00)${sscc}(20)12`).encoded).toBe(`00${sscc}2012`);
  });

  it('(01)09501101530008 → 422 check_digit naming AI (01)', () => {
    expect(refusal('(01)09501101530008')).toEqual({
      detail: 'AI (01): check digit is 8, expected 3',
      ai: '01',
      rule: 'check_digit',
    });
  });
});

describe('GS1-128 refusals: the first failing of syntax, unknown_ai, charset, length, check_digit, date', () => {
  it.each([
    ['01095011015300031', null, 'syntax', 'syntax: expected "(", 2–4 digits, ")" and a value at position 0'],
    ['(1)2', null, 'syntax', 'syntax: expected "(", 2–4 digits, ")" and a value at position 0'],
    ['(10)A(12345)6', null, 'syntax', 'syntax: expected "(", 2–4 digits, ")" and a value at position 5'],
    ['(10)A(1X)6', null, 'syntax', 'syntax: expected "(", 2–4 digits, ")" and a value at position 5'],
    ['(23)1', '23', 'unknown_ai', 'AI (23): not a known Application Identifier'],
    ['(3106)123456', '3106', 'unknown_ai', 'AI (3106): not a known Application Identifier'],
    [
      '(10)AB~1',
      '10',
      'charset',
      'AI (10): character "~" (U+007E) at position 2 is not in GS1 character set 82',
    ],
    [
      '(10)A)B',
      '10',
      'charset',
      'AI (10): character ")" (U+0029) at position 1 is not in GS1 character set 82',
    ],
    [
      '(10)AB 1',
      '10',
      'charset',
      'AI (10): character " " (U+0020) at position 2 is not in GS1 character set 82',
    ],
    [
      '(10)é',
      '10',
      'charset',
      'AI (10): character "é" (U+00E9) at position 0 is not in GS1 character set 82',
    ],
    [
      '(01)0950110153000A',
      '01',
      'charset',
      'AI (01): character "A" (U+0041) at position 13 is not a digit 0-9',
    ],
    ['(01)0950110153000', '01', 'length', 'AI (01): value must be 14 digits, got 13'],
    ['(10)', '10', 'length', 'AI (10): value must be 1 to 20 characters, got 0'],
    ['(10)ABCDEFGHIJKLMNOPQRSTU', '10', 'length', 'AI (10): value must be 1 to 20 characters, got 21'],
    ['(30)123456789', '30', 'length', 'AI (30): value must be 1 to 8 digits, got 9'],
    ['(402)12345678901234567', '402', 'check_digit', 'AI (402): check digit is 7, expected 0'],
    ['(17)261332', '17', 'date', 'AI (17): 261332 is not a date'],
    ['(11)261301', '11', 'date', 'AI (11): 261301 is not a date'],
    ['(15)250229', '15', 'date', 'AI (15): 250229 is not a date'],
    ['(01)09501101530003(17)260431', '17', 'date', 'AI (17): 260431 is not a date'],
  ])('%s → %s %s', (data, ai, rule, detail) => {
    expect(refusal(data)).toEqual({ detail, ai, rule });
  });

  it('1–150 characters, else a 400 on /data', () => {
    expect(expectValidationFailed(() => generate({ type: 'gs1-128', data: '' }))[0]).toMatchObject({
      path: '/data',
      message: 'GS1-128 data must be 1 to 150 characters, got 0',
    });
    const long = `(91)${'A'.repeat(90)}(92)${'B'.repeat(52)}`;
    expect(long.length).toBe(150);
    expect(generate({ type: 'gs1-128', data: long }).encoded).toBe(
      `91${'A'.repeat(90)}\u001d92${'B'.repeat(52)}`,
    );
    expect(expectValidationFailed(() => generate({ type: 'gs1-128', data: `${long}1` }))[0]!.message).toBe(
      'GS1-128 data must be 1 to 150 characters, got 151',
    );
  });

  it("dates: day 00, each month's last day, 29 February only when YY is a multiple of 4 (00 too)", () => {
    for (const date of ['260100', '260131', '260228', '240229', '000229', '261231', '260430', '260930'])
      expect(isGs1Date(date)).toBe(true);
    for (const date of ['260001', '261301', '260132', '250229', '260229', '260431', '261131', '269912'])
      expect(isGs1Date(date)).toBe(false);
  });

  it('the AI table: formats of every AI the spec lists', () => {
    const format = (ai: string) => {
      const f = AI_TABLE.get(ai)!;
      return `${f.kind}${f.min === f.max ? '' : `${f.min}..`}${f.max}${f.csum ? ' csum' : ''}${f.date ? ' date' : ''}${f.fixed ? ' *' : ''}`;
    };
    expect(
      Object.fromEntries(
        [
          '00',
          '01',
          '02',
          '10',
          '11',
          '13',
          '17',
          '20',
          '21',
          '22',
          '235',
          '240',
          '241',
          '250',
          '30',
          '37',
          '3100',
          '3105',
          '3200',
          '3305',
          '3900',
          '3909',
          '3920',
          '3929',
          '400',
          '401',
          '402',
          '403',
          '410',
          '415',
          '420',
          '8005',
          '8020',
          '90',
          '91',
          '99',
        ].map((ai) => [ai, format(ai)]),
      ),
    ).toEqual({
      '00': 'N18 csum *',
      '01': 'N14 csum *',
      '02': 'N14 csum *',
      '10': 'X1..20',
      '11': 'N6 date *',
      '13': 'N6 date *',
      '17': 'N6 date *',
      '20': 'N2 *',
      '21': 'X1..20',
      '22': 'X1..20',
      '235': 'X1..28',
      '240': 'X1..30',
      '241': 'X1..30',
      '250': 'X1..30',
      '30': 'N1..8',
      '37': 'N1..8',
      '3100': 'N6 *',
      '3105': 'N6 *',
      '3200': 'N6 *',
      '3305': 'N6 *',
      '3900': 'N1..15',
      '3909': 'N1..15',
      '3920': 'N1..15',
      '3929': 'N1..15',
      '400': 'X1..30',
      '401': 'X1..30',
      '402': 'N17 csum',
      '403': 'X1..30',
      '410': 'N13 csum *',
      '415': 'N13 csum *',
      '420': 'X1..20',
      '8005': 'N6',
      '8020': 'X1..25',
      '90': 'X1..30',
      '91': 'X1..90',
      '99': 'X1..90',
    });
    expect(AI_TABLE.size).toBe(3 + 1 + 6 + 1 + 2 + 1 + 3 + 2 + 18 + 20 + 4 + 6 + 1 + 1 + 1 + 1 + 9);
    for (const ai of ['14', '18', '19', '3106', '3910', '3919', '416', '8006', '23', '9'])
      expect(AI_TABLE.has(ai)).toBe(false);
  });
});

describe('GS1-128 against bwip-js on seeded random element strings', () => {
  it('never more symbol characters than bwip-js, and decodes to the same fields', () => {
    const random = seededRandom(1128);
    const pick = <T>(items: readonly T[]) => items[randomInt(random, 0, items.length - 1)]!;
    const SET82 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!"%&\'*+,-./:;<=>?_';
    const text = (max: number) =>
      Array.from(
        { length: randomInt(random, 1, max) },
        () => SET82[randomInt(random, 0, SET82.length - 1)],
      ).join('');
    const gtin = () => {
      const body = randomDigits(random, 13);
      return body + gs1CheckDigit(body);
    };
    const fields = [
      () => `(01)${gtin()}`,
      () => `(10)${text(20)}`,
      () => `(21)${text(20)}`,
      () => `(17)${pick(['26', '27', '30'])}${pick(['01', '02', '12'])}${pick(['00', '15', '28'])}`,
      () => `(3103)${randomDigits(random, 6)}`,
      () => `(30)${randomDigits(random, randomInt(random, 1, 8))}`,
      () => `(8005)${randomDigits(random, 6)}`,
      () => `(400)${text(12)}`,
    ];
    for (let i = 0; i < 150; i++) {
      // Distinct AIs (bwip-js refuses a repeated AI with another value).
      const order = [...fields.keys()].sort(() => random() - 0.5);
      const data = order
        .slice(0, randomInt(random, 1, 4))
        .map((k) => fields[k]!())
        .join('');
      const ours = code128Symbol(gs1128Data(data).planInput);
      const theirModules = bwipWidths(data).reduce((sum, w) => sum + w, 0);
      expect(ours.modules).toBeLessThanOrEqual(theirModules);
      const parsed = checkElementString(data);
      expect(Array.isArray(parsed)).toBe(true);
    }
  });
});
