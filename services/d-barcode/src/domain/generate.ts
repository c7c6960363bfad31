import type { ProblemFieldError } from '@dus/core';
import { code128DataError, code128HumanReadable } from './code128/data.js';
import { code128Symbol } from './code128/symbol.js';
import { FIELD_ERROR_CODES, fieldError, notOneOf, throwIfAny } from './errors.js';
import { completeGs1Data, gs1DataError } from './gs1-data.js';
import { code128Layout, gs1Layout } from './layout.js';
import { type RenderOptionsInput, renderOptionErrors, withDefaults } from './options.js';
import { renderSvg } from './svg.js';
import { BARCODE_TYPE_NAMES, BARCODE_TYPES, type BarcodeType, isBarcodeType } from './symbologies.js';

export interface GenerateInput extends RenderOptionsInput {
  type: BarcodeType;
  data: string;
}

/** The JSON form of `/generate` (every key always present, null where it does not apply). */
export interface GenerateResult {
  type: BarcodeType;
  /** The data as given. */
  data: string;
  /** EAN/UPC: every digit with the check digit; Code 128: the data. */
  encoded: string;
  /** EAN/UPC check digit as a one-character string; null for Code 128. */
  check_digit: string | null;
  /** Code 128 mod-103 check value; null for EAN/UPC. */
  checksum: number | null;
  /** The human-readable interpretation printed under the bars (and in the title). */
  human_readable: string;
  /** W: modules across, quiet zones included. */
  modules: number;
  width_px: number;
  height_px: number;
  /** Code 128: symbols between the start and the check character; null for EAN/UPC. */
  symbol_chars: number | null;
  /** Code 128: the start set then each latched set, e.g. `"C,B"`; null for EAN/UPC. */
  code_sets: string | null;
  svg: string;
}

/** The `/type` and `/data` errors of a request, or none. */
export function barcodeDataErrors(type: string, data: unknown): ProblemFieldError[] {
  if (!isBarcodeType(type)) {
    return [notOneOf('type', BARCODE_TYPE_NAMES)];
  }
  if (typeof data !== 'string') return [fieldError('data', FIELD_ERROR_CODES.type, 'must be a string')];
  const error = type === 'code128' ? code128DataError(data) : gs1DataError(type, data);
  return error ? [error] : [];
}

/**
 * The barcode for `input` as SVG plus its metadata. 400 `validation_failed` naming every bad field
 * (`/type`, `/data`, options); 422 `invalid_check_digit` for an EAN/UPC whose given check digit is wrong.
 */
export function generate(input: GenerateInput): GenerateResult {
  throwIfAny([...barcodeDataErrors(input.type, input.data), ...renderOptionErrors(input)]);
  const options = withDefaults(input);
  const { type, data } = input;
  const name = BARCODE_TYPES[type].name;
  if (type === 'code128') {
    const symbol = code128Symbol(data);
    const humanReadable = code128HumanReadable(data);
    const layout = code128Layout(symbol, humanReadable, options);
    const title = humanReadable === '' ? name : `${name} ${humanReadable}`;
    return {
      type,
      data,
      encoded: data,
      check_digit: null,
      checksum: symbol.checksum,
      human_readable: humanReadable,
      modules: layout.width,
      width_px: layout.width * options.module_width,
      height_px: layout.height * options.module_width,
      symbol_chars: symbol.symbolChars,
      code_sets: symbol.codeSets.join(','),
      svg: renderSvg(layout, title, options, true),
    };
  }
  const { encoded, checkDigit } = completeGs1Data(type, data);
  const layout = gs1Layout(type, encoded, options);
  return {
    type,
    data,
    encoded,
    check_digit: checkDigit,
    checksum: null,
    human_readable: encoded,
    modules: layout.width,
    width_px: layout.width * options.module_width,
    height_px: layout.height * options.module_width,
    symbol_chars: null,
    code_sets: null,
    svg: renderSvg(layout, `${name} ${encoded}`, options),
  };
}

/** Just the SVG document (the benchmark's unit of work): same checks and bytes as `generate(input).svg`. */
export function generateSvg(input: GenerateInput): string {
  return generate(input).svg;
}
