import { describe, expect, it } from 'vitest';
import { checkDigit, gs1CheckDigit, validateBarcode } from '../../src/domain/index.js';
import { expectValidationFailed } from './helpers/problems.js';

describe('GS1 mod-10 check digit (worked examples)', () => {
  it.each([
    ['400638133393', 1],
    ['03600029145', 2],
    ['978030640615', 7],
    ['501234567890', 0],
    ['036000291452', 2],
  ])('%s → %i', (digits, expected) => {
    expect(gs1CheckDigit(digits)).toBe(expected);
  });

  it('weights 3,1,3,… from the rightmost data digit whatever the length', () => {
    // GTIN-8 96385074 and GTIN-14 10012345678902 (GS1 General Specifications examples).
    expect(gs1CheckDigit('9638507')).toBe(4);
    expect(gs1CheckDigit('1001234567890')).toBe(2);
    // 3·1 = 3 → 7; a single 0 → 0.
    expect(gs1CheckDigit('1')).toBe(7);
    expect(gs1CheckDigit('0')).toBe(0);
  });
});

describe('checkDigit (/check-digit)', () => {
  it('computes by default when the data lacks its check digit', () => {
    expect(checkDigit({ type: 'ean13', data: '400638133393' })).toEqual({
      type: 'ean13',
      data: '400638133393',
      check_digit: '1',
      full: '4006381333931',
      valid: null,
      upca: null,
    });
    expect(checkDigit({ type: 'upca', data: '03600029145' })).toEqual({
      type: 'upca',
      data: '03600029145',
      check_digit: '2',
      full: '036000291452',
      valid: null,
      upca: null,
    });
  });

  it('the same 12 digits are a UPC-A to validate and an EAN-13 to complete', () => {
    expect(checkDigit({ type: 'ean13', data: '036000291452' })).toMatchObject({
      check_digit: '2',
      full: '0360002914522',
      valid: null,
      upca: null,
    });
    expect(checkDigit({ type: 'upca', data: '036000291452' })).toMatchObject({
      check_digit: '2',
      full: '036000291452',
      valid: true,
      upca: null,
    });
  });

  it('validates by default when the data has its check digit, always returning the correct digit', () => {
    expect(checkDigit({ type: 'ean13', data: '4006381333930' })).toEqual({
      type: 'ean13',
      data: '4006381333930',
      check_digit: '1',
      full: '4006381333931',
      valid: false,
      upca: null,
    });
    expect(checkDigit({ type: 'ean13', data: '9780306406157' })).toMatchObject({
      valid: true,
      check_digit: '7',
    });
    expect(checkDigit({ type: 'gtin8', data: '96385074' })).toMatchObject({ valid: true, full: '96385074' });
    expect(checkDigit({ type: 'gtin14', data: '1001234567890' })).toMatchObject({
      valid: null,
      full: '10012345678902',
    });
  });

  it('an explicit mode must fit the length', () => {
    expect(checkDigit({ type: 'gtin8', data: '9638507', mode: 'compute' }).full).toBe('96385074');
    const [error] = expectValidationFailed(() =>
      checkDigit({ type: 'gtin8', data: '96385074', mode: 'compute' }),
    );
    expect(error).toEqual({
      path: '/data',
      code: 'invalid_length',
      message: 'GTIN-8 data must be 7 digits in compute mode, got 8',
    });
    const [other] = expectValidationFailed(() =>
      checkDigit({ type: 'upca', data: '03600029145', mode: 'validate' }),
    );
    expect(other!.message).toBe('UPC-A data must be 12 digits in validate mode, got 11');
  });

  it('rejects other lengths, non-digits, code128 and unknown modes with a 400 naming the field (never 422)', () => {
    expect(expectValidationFailed(() => checkDigit({ type: 'ean13', data: '123' }))[0]).toEqual({
      path: '/data',
      code: 'invalid_length',
      message: 'EAN-13 data must be 12 digits (compute) or 13 digits (validate, with its check digit), got 3',
    });
    expect(expectValidationFailed(() => checkDigit({ type: 'ean13', data: '40063813339a' }))[0]).toEqual({
      path: '/data',
      code: 'invalid_character',
      message: 'character "a" (U+0061) at position 11 is not a digit 0-9',
    });
    // Unicode digits are not digits here.
    expect(
      expectValidationFailed(() => checkDigit({ type: 'ean13', data: '٤00638133393' }))[0]!.message,
    ).toBe('character "٤" (U+0664) at position 0 is not a digit 0-9');
    expect(
      expectValidationFailed(() => checkDigit({ type: 'code128' as 'ean13', data: '400638133393' }))[0],
    ).toEqual({
      path: '/type',
      code: 'invalid_value',
      message: 'must be one of ean13, upca, gtin8, gtin14, ean8, itf14, upce',
    });
    expect(
      expectValidationFailed(() =>
        checkDigit({ type: 'ean13', data: '400638133393', mode: 'guess' as 'compute' }),
      )[0]!.path,
    ).toBe('/mode');
  });
});

describe('validateBarcode (/validate)', () => {
  const result = (type: string, data: string) => validateBarcode(type, data);

  it('valid data', () => {
    expect(result('ean13', '4006381333931')).toEqual({
      valid: true,
      type: 'ean13',
      data: '4006381333931',
      reason: null,
      check_digit: '1',
      expected_check_digit: '1',
      upca: null,
      ais: null,
      ai: null,
    });
    expect(result('upca', '036000291452')).toMatchObject({ valid: true, check_digit: '2' });
    expect(result('code128', 'Hello\u0001')).toEqual({
      valid: true,
      type: 'code128',
      data: 'Hello\u0001',
      reason: null,
      check_digit: null,
      expected_check_digit: null,
      upca: null,
      ais: null,
      ai: null,
    });
  });

  it('a wrong check digit names the given and the expected digit', () => {
    expect(result('ean13', '4006381333930')).toEqual({
      valid: false,
      type: 'ean13',
      data: '4006381333930',
      reason: 'check_digit',
      check_digit: '0',
      expected_check_digit: '1',
      upca: null,
      ais: null,
      ai: null,
    });
  });

  it('reasons in order: character, then length, then check digit; digits are null unless they apply', () => {
    expect(result('ean13', '400638133393')).toMatchObject({
      valid: false,
      reason: 'length',
      check_digit: null,
    });
    expect(result('ean13', '40063813339a1')).toMatchObject({ reason: 'character', check_digit: null });
    expect(result('ean13', 'x')).toMatchObject({ reason: 'character' });
    expect(result('ean13', '')).toMatchObject({ reason: 'length', expected_check_digit: null });
    expect(result('upca', '0360002914522')).toMatchObject({ reason: 'length' });
    expect(result('code128', '')).toMatchObject({ valid: false, reason: 'length' });
    expect(result('code128', 'x'.repeat(80))).toMatchObject({ valid: true, reason: null });
    expect(result('code128', 'x'.repeat(81))).toMatchObject({ valid: false, reason: 'length' });
    expect(result('code128', `${'x'.repeat(81)}é`)).toMatchObject({ valid: false, reason: 'character' });
    expect(result('code128', '\u007f')).toMatchObject({ valid: true });
    expect(result('code128', '\u0080')).toMatchObject({ valid: false, reason: 'character' });
  });

  it('an unknown type is a 400 on /type', () => {
    expect(expectValidationFailed(() => result('gtin8', '96385074'))[0]).toEqual({
      path: '/type',
      code: 'invalid_value',
      message:
        'must be one of ean13, upca, code128, ean8, upce, itf14, gs1-128, qrcode, datamatrix, gs1-qrcode, gs1-datamatrix, dl-qrcode, dl-datamatrix',
    });
  });
});
