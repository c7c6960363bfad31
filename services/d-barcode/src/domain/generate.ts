import type { ProblemFieldError } from '@dus/core';
import { code128DataError, code128HumanReadable } from './code128/data.js';
import { type Code128Symbol, code128Symbol } from './code128/symbol.js';
import { FIELD_ERROR_CODES, fieldError, notOneOf, throwIfAny } from './errors.js';
import { type ElementField, gs1128Data, gs1128DataError } from './gs1-128.js';
import { completeGs1Data, gs1DataError } from './gs1-data.js';
import { drawMatrix, type MatrixInfo, matrixDataError } from './matrix-symbol.js';
import { code128Layout, eanLayout, itfLayout, type Layout } from './layout.js';
import { type RenderOptions, type RenderOptionsInput, renderOptionErrors, withDefaults } from './options.js';
import { renderPng } from './png.js';
import { type PrintGeometry, printGeometry } from './print.js';
import { renderSvg } from './svg.js';
import {
  BARCODE_TYPE_NAMES,
  BARCODE_TYPES,
  type BarcodeType,
  isBarcodeType,
  isMatrixType,
} from './symbologies.js';

export interface GenerateInput extends RenderOptionsInput {
  type: BarcodeType;
  data: string;
}

/** The JSON form of `/generate` (every key always present, null where it does not apply). */
export interface GenerateResult {
  type: BarcodeType;
  /** The data as given. */
  data: string;
  /** Digits with the check digit; Code 128: the data; GS1-128: what a scanner sends after `]C1`. */
  encoded: string;
  /** GS1 check digit as a one-character string; null for Code 128 and GS1-128. */
  check_digit: string | null;
  /** Code 128 / GS1-128 mod-103 check value; else null. */
  checksum: number | null;
  /** The human-readable interpretation printed with the bars (and in the title). */
  human_readable: string;
  /** W: modules across, quiet zones included. */
  modules: number;
  width_px: number;
  height_px: number;
  /** Code 128 / GS1-128: symbols between the start and the check character; else null. */
  symbol_chars: number | null;
  /** Code 128 / GS1-128: the start set then each latched set, e.g. `"C,B"`; else null. */
  code_sets: string | null;
  /** The add-on digits; null without one. */
  addon: string | null;
  /** UPC-E: its UPC-A; else null. */
  upca: string | null;
  /** GS1-128, GS1 and Digital Link 2D symbols: the element string's fields; else null. */
  ais: ElementField[] | null;
  /** `output=png`: the PNG as base64; else null. */
  png: string | null;
  print: PrintGeometry;
  svg: string;
  /** 2D symbols only (the 1D forms have no such key): rows, columns and the QR Code parameters. */
  matrix?: MatrixInfo;
}

/** The `/type` and `/data` errors of a request, or none. */
export function barcodeDataErrors(type: string, data: unknown): ProblemFieldError[] {
  if (!isBarcodeType(type)) {
    return [notOneOf('type', BARCODE_TYPE_NAMES)];
  }
  if (typeof data !== 'string') return [fieldError('data', FIELD_ERROR_CODES.type, 'must be a string')];
  const error = isMatrixType(type)
    ? matrixDataError(type, data)
    : type === 'code128'
      ? code128DataError(data)
      : type === 'gs1-128'
        ? gs1128DataError(data)
        : gs1DataError(type, data);
  return error ? [error] : [];
}

/** What differs per symbology before drawing. */
interface Drawn {
  encoded: string;
  checkDigit: string | null;
  humanReadable: string;
  layout: Layout;
  symbol: Code128Symbol | null;
  upca: string | null;
  ais: ElementField[] | null;
  gs1128?: { dataCharacters: number; modulesWithZones: number };
  matrix?: MatrixInfo;
}

function draw(type: BarcodeType, data: string, options: RenderOptions): Drawn {
  const none = { checkDigit: null, upca: null, ais: null };
  if (isMatrixType(type)) return { ...none, ...drawMatrix(type, data, options), symbol: null };
  if (type === 'code128') {
    const symbol = code128Symbol(data);
    const humanReadable = code128HumanReadable(data);
    const layout = code128Layout(symbol, humanReadable, options);
    return { ...none, encoded: data, humanReadable, layout, symbol };
  }
  if (type === 'gs1-128') {
    const element = gs1128Data(data);
    const symbol = code128Symbol(element.planInput);
    const layout = code128Layout(symbol, data, options, type);
    return {
      ...none,
      encoded: element.encoded,
      humanReadable: data,
      layout,
      symbol,
      ais: element.fields,
      gs1128: { dataCharacters: element.encoded.length, modulesWithZones: symbol.modules + 20 },
    };
  }
  const { encoded, checkDigit, upca } = completeGs1Data(type, data);
  const layout = type === 'itf14' ? itfLayout(encoded, options) : eanLayout(type, encoded, options);
  const humanReadable = options.addon === null ? encoded : `${encoded} ${options.addon}`;
  return { encoded, checkDigit, humanReadable, layout, symbol: null, upca, ais: null };
}

/**
 * The barcode for `input` as SVG plus its metadata. 400 `validation_failed` naming every bad field
 * (`/type`, `/data`, options); 422 `invalid_check_digit` for a wrong given check digit, `invalid_upce`,
 * `invalid_gs1_data` (with `ai` and `rule`).
 */
export function generate(input: GenerateInput): GenerateResult {
  const typeName = isBarcodeType(input.type) ? input.type : undefined;
  throwIfAny([...barcodeDataErrors(input.type, input.data), ...renderOptionErrors(input, typeName)]);
  const { type, data } = input;
  const options = withDefaults(input, type);
  const drawn = draw(type, data, options);
  const { layout, symbol, humanReadable } = drawn;
  const name = BARCODE_TYPES[type].name;
  const title = humanReadable === '' ? name : `${name} ${humanReadable}`;
  const svg = renderSvg(layout, title, options, symbol !== null);
  const png =
    options.output === 'png'
      ? renderPng(svg, layout, options.module_width, options.dpi).toString('base64')
      : null;
  return {
    type,
    data,
    encoded: drawn.encoded,
    check_digit: drawn.checkDigit,
    checksum: symbol === null ? null : symbol.checksum,
    human_readable: humanReadable,
    modules: layout.width,
    width_px: layout.width * options.module_width,
    height_px: layout.height * options.module_width,
    symbol_chars: symbol === null ? null : symbol.symbolChars,
    code_sets: symbol === null ? null : symbol.codeSets.join(','),
    addon: options.addon,
    upca: drawn.upca,
    ais: drawn.ais,
    png,
    print: printGeometry(type, layout, options, drawn.gs1128),
    svg,
    ...(drawn.matrix ? { matrix: drawn.matrix } : {}),
  };
}

/** Just the SVG document (the benchmark's unit of work): same checks and bytes as `generate(input).svg`. */
export function generateSvg(input: GenerateInput): string {
  return generate(input).svg;
}
