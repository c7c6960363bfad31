import { isProblemError } from '@dus/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BARCODE_TYPE_NAMES,
  CHECK_DIGIT_TYPE_NAMES,
  checkDigit,
  code128Symbol,
  type GenerateInput,
  generate,
  validateBarcode,
} from '../../src/domain/index.js';
import { decodeValues } from './helpers/code128-reference.js';
import { parseSvg } from './helpers/svg-geometry.js';

/** Runs `run`; anything thrown must be a ProblemError with one of `statuses`. */
function resultOrProblem<T>(run: () => T, statuses: readonly number[]): T | undefined {
  try {
    return run();
  } catch (error) {
    if (!isProblemError(error) || !statuses.includes(error.status)) throw error;
    return undefined;
  }
}

const anyText = fc.oneof(
  fc.string({ maxLength: 100 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
  fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 15 }),
  fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)), maxLength: 90 }),
);
const color = fc.oneof(fc.stringMatching(/^#[0-9a-fA-F]{3}$/), fc.stringMatching(/^#[0-9a-fA-F]{6}$/));
const validOptions = fc.record(
  {
    module_width: fc.integer({ min: 1, max: 10 }),
    height: fc.integer({ min: 10, max: 300 }),
    text: fc.boolean(),
    quiet_zone: fc.boolean(),
    color,
    background: color,
    addon: fc.constantFrom('12', '52495'),
    ratio: fc.integer({ min: 225, max: 300 }).map((n) => n / 100),
    bearer: fc.constantFrom('box' as const, 'bars' as const, 'none' as const),
    output: fc.constant('svg' as const),
    dpi: fc.integer({ min: 72, max: 1200 }),
    x_dim_mm: fc.double({ min: 0.1, max: 2, noNaN: true }),
  },
  { requiredKeys: [] },
);
/** Valid data of each type, for the option properties. */
const VALID_DATA: Record<string, string> = {
  code128: 'abc',
  ean13: '400638133393',
  upca: '03600029145',
  ean8: '9501234',
  upce: '0012345',
  itf14: '1540014128876',
  'gs1-128': '(01)09501101530003',
};
const anyValue = fc.oneof(fc.anything(), fc.double(), fc.integer(), fc.string());

describe('no input within the limits throws anything but a ProblemError', () => {
  it('generate: any data, valid options → a result, a 400 or a 422', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BARCODE_TYPE_NAMES), anyText, validOptions, (type, data, options) => {
        const result = resultOrProblem(() => generate({ type, data, ...options }), [400, 422]);
        if (!result) return;
        const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(result.svg)!;
        expect(Number(viewBox[1])).toBe(result.modules);
        if (type !== 'itf14' && !('addon' in options)) expect(parseSvg(result.svg).w).toBe(result.modules);
        expect(result.svg).not.toMatch(/[\u0000-\u001f\u007f]/);
      }),
      { numRuns: 400 },
    );
  });

  it('generate: any option values → a result or a 400 naming them', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BARCODE_TYPE_NAMES),
        fc.dictionary(
          fc.constantFrom(
            'module_width',
            'height',
            'text',
            'quiet_zone',
            'color',
            'background',
            'addon',
            'ratio',
            'bearer',
            'output',
            'dpi',
            'x_dim_mm',
          ),
          anyValue,
        ),
        (type, options) => {
          const data = VALID_DATA[type]!;
          resultOrProblem(() => generate({ type, data, ...(options as Partial<GenerateInput>) }), [400]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('every ASCII string of 1–80 characters encodes, minimal in count to its own decode', () => {
    const ascii = fc.string({
      unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)),
      minLength: 1,
      maxLength: 80,
    });
    fc.assert(
      fc.property(ascii, (data) => {
        const result = generate({ type: 'code128', data });
        const symbol = code128Symbol(data);
        expect(decodeValues(symbol.values.slice(0, -2))).toBe(data);
        expect(result.modules).toBe(11 * symbol.symbolChars + 55);
        // Never worse than staying in A and SHIFTing each B-only character: at most 2 symbols per character.
        expect(symbol.symbolChars).toBeLessThanOrEqual(2 * data.length);
      }),
      { numRuns: 300 },
    );
  });

  it('validateBarcode answers every string; checkDigit answers or says 400', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BARCODE_TYPE_NAMES), anyText, (type, data) => {
        const result = validateBarcode(type, data);
        expect(result.valid).toBe(result.reason === null);
      }),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...CHECK_DIGIT_TYPE_NAMES),
        anyText,
        fc.constantFrom(undefined, 'compute', 'validate'),
        (type, data, mode) => {
          const result = resultOrProblem(() => checkDigit({ type, data, ...(mode ? { mode } : {}) }), [400]);
          if (result) expect(result.full).toMatch(/^\d{8}$|^\d{12,14}$/);
        },
      ),
      { numRuns: 400 },
    );
  });
});
