// Reed–Solomon over GF(256): the generator polynomials the standards print (ISO/IEC 18004 Annex A as
// powers of α, ISO/IEC 16022 Annex E as integers), and the check codewords of the empty message.
import { describe, expect, it } from 'vitest';
import { galoisField, generator, reedSolomon, remainder } from '../../src/domain/reed-solomon.js';

const QR_FIELD = galoisField(0x11d);
const DM_FIELD = galoisField(0x12d);

describe('the generator polynomials of the standards (leading 1 left out, highest coefficient first)', () => {
  it('QR Code (ISO/IEC 18004 Annex A, roots α⁰…αⁿ⁻¹): 7 and 10 check codewords, as powers of α', () => {
    const exponents = (degree: number) => generator(QR_FIELD, degree, 0).map((c) => QR_FIELD.log[c]);
    expect(exponents(7)).toEqual([87, 229, 146, 149, 238, 102, 21]);
    expect(exponents(10)).toEqual([251, 67, 46, 61, 118, 70, 64, 94, 32, 45]);
    // The same as integers; (x − α⁰)(x − α¹) = x² + 3x + 2.
    expect(generator(QR_FIELD, 7, 0)).toEqual([127, 122, 154, 164, 11, 68, 117]);
    expect(generator(QR_FIELD, 2, 0)).toEqual([3, 2]);
    expect(generator(QR_FIELD, 1, 0)).toEqual([1]);
  });

  it('Data Matrix (ISO/IEC 16022 Annex E, roots α¹…αⁿ): 5, 7 and 10 check codewords', () => {
    expect(generator(DM_FIELD, 5, 1)).toEqual([62, 111, 15, 48, 228]);
    expect(generator(DM_FIELD, 7, 1)).toEqual([254, 92, 240, 134, 144, 68, 23]);
    expect(generator(DM_FIELD, 10, 1)).toEqual([61, 110, 255, 116, 248, 223, 166, 185, 24, 28]);
    // (x − α¹) = x + 2.
    expect(generator(DM_FIELD, 1, 1)).toEqual([2]);
  });
});

describe('check codewords', () => {
  it('the empty message (the zero polynomial) has n zero check codewords', () => {
    expect(remainder(DM_FIELD, [], generator(DM_FIELD, 5, 1))).toEqual([0, 0, 0, 0, 0]);
    expect(reedSolomon(0x11d, 0)([], 7)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('a single codeword c gives c × the generator (x^n · c mod g = c·g − c·x^n)', () => {
    const g = generator(DM_FIELD, 5, 1);
    expect(remainder(DM_FIELD, [1], g)).toEqual(g);
    // α × g in GF(256) modulo 0x12D, coefficient by coefficient.
    expect(remainder(DM_FIELD, [2], g)).toEqual(g.map((c) => DM_FIELD.exp[(DM_FIELD.log[c]! + 1) % 255]));
  });

  it('the memoised form answers the same for a degree asked again and for another degree between', () => {
    const dm = reedSolomon(0x12d, 1);
    // The standard's "123456" in 10x10 (ISO/IEC 16022): 114 25 5 88 102.
    expect(dm([142, 164, 186], 5)).toEqual([114, 25, 5, 88, 102]);
    expect(dm([142, 164, 186], 7)).toEqual(remainder(DM_FIELD, [142, 164, 186], generator(DM_FIELD, 7, 1)));
    expect(dm([142, 164, 186], 5)).toEqual([114, 25, 5, 88, 102]);
  });
});
