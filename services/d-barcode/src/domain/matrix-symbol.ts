import type { ProblemFieldError } from '@dus/core';
import { encodeDataMatrix, type DataMatrixItem } from './datamatrix/encode.js';
import { sizeNamed } from './datamatrix/tables.js';
import { readDigitalLink } from './digital-link/parse.js';
import { invalidDigitalLink } from './digital-link/build.js';
import { splitUri } from './digital-link/uri.js';
import { FIELD_ERROR_CODES, fieldError } from './errors.js';
import { MATRIX_QUIET_ZONE } from './geometry.js';
import { type ElementField, gs1128Data, gs1128DataError } from './gs1-128.js';
import type { Layout } from './layout.js';
import { matrixLayout } from './matrix-layout.js';
import type { RenderOptions } from './options.js';
import { encodeQr, UTF8_ECI } from './qr/encode.js';
import { gs1Units, textUnits } from './qr/segments.js';
import type { EcLevel, SegmentMode } from './qr/tables.js';
import { DATA_MATRIX_TYPES, type MatrixType } from './symbologies.js';

/** The most any QR Code holds (version 40-L, digits) and the most codewords of any Data Matrix (144x144). */
const MAX_QR_DIGITS = 7089;
const MAX_DATA_MATRIX_CODEWORDS = 1558;

/** The JSON form's `matrix`: the symbol's size and, for QR Code, its version, level, mask and segments. */
export type MatrixInfo = {
  rows: number;
  columns: number;
  version: number | null;
  ec_level: EcLevel | null;
  mask: number | null;
  segments: { mode: SegmentMode; chars: number }[] | null;
  eci: number | null;
};

/** A lone surrogate's index in `text`, or -1. */
export function loneSurrogate(text: string): number {
  return text.search(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
}

/** The `/data` 400 of a matrix type: text 1+ characters without a lone surrogate; GS1: 1–150 characters. */
export function matrixDataError(type: MatrixType, data: string): ProblemFieldError | null {
  if (type === 'gs1-qrcode' || type === 'gs1-datamatrix') return gs1128DataError(data);
  if (type === 'dl-qrcode' || type === 'dl-datamatrix') {
    const parts = splitUri(data, 'data');
    return 'code' in parts ? parts : null;
  }
  if (data.length === 0) return fieldError('data', FIELD_ERROR_CODES.length, 'must be at least 1 character');
  const lone = loneSurrogate(data);
  if (lone >= 0) {
    return fieldError(
      'data',
      FIELD_ERROR_CODES.character,
      `lone surrogate U+${data.charCodeAt(lone).toString(16).toUpperCase()} at position ${lone}`,
    );
  }
  return null;
}

/** What the symbol carries: its data for the encoders, what a scanner sends, and the AIs. */
interface Payload {
  /** Characters as sent: GS1 separators as U+001D. */
  encoded: string;
  gs1: boolean;
  ais: ElementField[] | null;
}

function payload(type: MatrixType, data: string): Payload {
  if (type === 'gs1-qrcode' || type === 'gs1-datamatrix') {
    const element = gs1128Data(data);
    return { encoded: element.encoded, gs1: true, ais: element.fields };
  }
  if (type === 'dl-qrcode' || type === 'dl-datamatrix') {
    const read = readDigitalLink(data, 'data');
    if ('rule' in read) throw invalidDigitalLink(read, '/data');
    return { encoded: data, gs1: false, ais: [...read.path, ...read.query] };
  }
  return { encoded: data, gs1: false, ais: null };
}

export interface MatrixDrawn {
  encoded: string;
  humanReadable: string;
  layout: Layout;
  ais: ElementField[] | null;
  matrix: MatrixInfo;
}

/** The data without control characters (U+0000–U+001F, U+007F): the title's text. */
export function matrixHumanReadable(data: string): string {
  return data.replace(/[\u0000-\u001f\u007f]/g, '');
}

/**
 * A matrix symbol of `type` for checked data: QR Code (ECI 000026 for UTF-8 above U+007F, FNC1 first for GS1,
 * the fewest-bit segments) or Data Matrix ECC 200 (ASCII encodation, FNC1 first and as separator for GS1),
 * laid out with its quiet zone (4 or 1 modules, none with `quiet_zone=false`).
 */
export function drawMatrix(type: MatrixType, data: string, options: RenderOptions): MatrixDrawn {
  const { encoded, gs1, ais } = payload(type, data);
  const eci = /[^\u0000-\u007f]/.test(encoded) ? UTF8_ECI : null;
  const common = { encoded, humanReadable: matrixHumanReadable(data), ais };
  if (DATA_MATRIX_TYPES.includes(type)) {
    // Beyond twice the largest symbol's codewords the data cannot fit: only that much is read.
    const text = encoded.slice(0, 2 * MAX_DATA_MATRIX_CODEWORDS + 1);
    const items: DataMatrixItem[] = gs1
      ? ['FNC1', ...[...text].map((c): DataMatrixItem => (c === '\u001d' ? 'FNC1' : c.charCodeAt(0)))]
      : [...Buffer.from(text, 'utf8')];
    const shape =
      options.size === 'square' || options.size === 'rectangle' ? options.size : sizeNamed(options.size)!;
    const symbol = encodeDataMatrix(items, eci, shape);
    const quiet = options.quiet_zone ? MATRIX_QUIET_ZONE.dataMatrix : 0;
    return {
      ...common,
      layout: matrixLayout(symbol, quiet),
      matrix: {
        rows: symbol.rows,
        columns: symbol.columns,
        version: null,
        ec_level: null,
        mask: null,
        segments: null,
        eci,
      },
    };
  }
  const symbol = encodeQr({
    units: gs1 ? gs1Units(encoded) : textUnits(encoded, MAX_QR_DIGITS),
    eci: eci !== null,
    fnc1: gs1,
    ecLevel: options.ec_level,
    version: options.version,
  });
  const quiet = options.quiet_zone ? MATRIX_QUIET_ZONE.qr : 0;
  return {
    ...common,
    layout: matrixLayout({ rows: symbol.size, columns: symbol.size, dark: symbol.dark }, quiet),
    matrix: {
      rows: symbol.size,
      columns: symbol.size,
      version: symbol.version,
      ec_level: symbol.ecLevel,
      mask: symbol.mask,
      segments: symbol.segments,
      eci,
    },
  };
}
