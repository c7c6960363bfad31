/** The symbologies `/generate` and `/validate` accept, with the name used in `<title>` and messages. */
export const BARCODE_TYPES = {
  ean13: { name: 'EAN-13', description: 'ean13 12/13 digits' },
  upca: { name: 'UPC-A', description: 'upca 11/12' },
  code128: { name: 'Code 128', description: 'code128 1–80 ASCII' },
  ean8: { name: 'EAN-8', description: 'ean8 7/8' },
  upce: { name: 'UPC-E', description: 'upce 7/8/12' },
  itf14: { name: 'ITF-14', description: 'itf14 13/14' },
  'gs1-128': { name: 'GS1-128', description: 'gs1-128 (AI)value…' },
  qrcode: { name: 'QR Code', description: 'qrcode text' },
  datamatrix: { name: 'Data Matrix', description: 'datamatrix text' },
  'gs1-qrcode': { name: 'GS1 QR Code', description: 'gs1-qrcode (AI)value…' },
  'gs1-datamatrix': { name: 'GS1 DataMatrix', description: 'gs1-datamatrix (AI)value…' },
  'dl-qrcode': { name: 'GS1 Digital Link QR Code', description: 'dl-qrcode GS1 Digital Link URI' },
  'dl-datamatrix': { name: 'GS1 Digital Link Data Matrix', description: 'dl-datamatrix URI' },
} as const;

export type BarcodeType = keyof typeof BARCODE_TYPES;
export const BARCODE_TYPE_NAMES = Object.keys(BARCODE_TYPES) as BarcodeType[];

/** The GS1 keys `/check-digit` accepts: `length` counts the check digit. */
export const CHECK_DIGIT_TYPES = {
  ean13: { name: 'EAN-13', length: 13 },
  upca: { name: 'UPC-A', length: 12 },
  gtin8: { name: 'GTIN-8', length: 8 },
  gtin14: { name: 'GTIN-14', length: 14 },
  ean8: { name: 'EAN-8', length: 8 },
  itf14: { name: 'ITF-14', length: 14 },
  upce: { name: 'UPC-E', length: 8 },
} as const;

export type CheckDigitType = keyof typeof CHECK_DIGIT_TYPES;
export const CHECK_DIGIT_TYPE_NAMES = Object.keys(CHECK_DIGIT_TYPES) as CheckDigitType[];

/** The fixed-length digit symbologies among the barcode types (digits plus a GS1 mod-10 check digit). */
export type Gs1BarcodeType = 'ean13' | 'upca' | 'ean8' | 'upce' | 'itf14';
/** The EAN/UPC family (guard bars, add-ons, magnification). */
export type EanUpcType = 'ean13' | 'upca' | 'ean8' | 'upce';
/** The Code 128 family. */
export type Code128Type = 'code128' | 'gs1-128';

export function isBarcodeType(value: string): value is BarcodeType {
  return Object.hasOwn(BARCODE_TYPES, value);
}

export function isCheckDigitType(value: string): value is CheckDigitType {
  return Object.hasOwn(CHECK_DIGIT_TYPES, value);
}

/** The 2D (matrix) symbologies. */
export type MatrixType =
  | 'qrcode'
  | 'datamatrix'
  | 'gs1-qrcode'
  | 'gs1-datamatrix'
  | 'dl-qrcode'
  | 'dl-datamatrix';
/** The QR Code family (`ec_level`, `version`); the others of MatrixType are Data Matrix (`size`). */
export const QR_TYPES: readonly MatrixType[] = ['qrcode', 'gs1-qrcode', 'dl-qrcode'];
export const DATA_MATRIX_TYPES: readonly MatrixType[] = ['datamatrix', 'gs1-datamatrix', 'dl-datamatrix'];

export function isMatrixType(type: BarcodeType): type is MatrixType {
  return QR_TYPES.includes(type as MatrixType) || DATA_MATRIX_TYPES.includes(type as MatrixType);
}

/** The linear symbologies (bars, text, bar height). */
export type LinearType = Exclude<BarcodeType, MatrixType>;
export const LINEAR_TYPES = BARCODE_TYPE_NAMES.filter((type) => !isMatrixType(type)) as LinearType[];

export function isEanUpc(type: BarcodeType): type is EanUpcType {
  return type === 'ean13' || type === 'upca' || type === 'ean8' || type === 'upce';
}
