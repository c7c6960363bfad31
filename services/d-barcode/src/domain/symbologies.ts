/** The symbologies `/generate` and `/validate` accept, with the name used in `<title>` and messages. */
export const BARCODE_TYPES = {
  ean13: { name: 'EAN-13', description: 'EAN-13 (GTIN-13): 12 digits, or 13 with the check digit.' },
  upca: { name: 'UPC-A', description: 'UPC-A (GTIN-12): 11 digits, or 12 with the check digit.' },
  code128: {
    name: 'Code 128',
    description: 'Code 128: 1–80 ASCII characters (0–127), encoded with the fewest symbol characters.',
  },
} as const;

export type BarcodeType = keyof typeof BARCODE_TYPES;
export const BARCODE_TYPE_NAMES = Object.keys(BARCODE_TYPES) as BarcodeType[];

/** The GS1 keys `/check-digit` accepts: `length` counts the check digit. */
export const CHECK_DIGIT_TYPES = {
  ean13: { name: 'EAN-13', length: 13 },
  upca: { name: 'UPC-A', length: 12 },
  gtin8: { name: 'GTIN-8', length: 8 },
  gtin14: { name: 'GTIN-14', length: 14 },
} as const;

export type CheckDigitType = keyof typeof CHECK_DIGIT_TYPES;
export const CHECK_DIGIT_TYPE_NAMES = Object.keys(CHECK_DIGIT_TYPES) as CheckDigitType[];

/** The GS1 symbologies among the barcode types (digits plus a mod-10 check digit). */
export type Gs1BarcodeType = Exclude<BarcodeType, 'code128'>;

export function isBarcodeType(value: string): value is BarcodeType {
  return Object.hasOwn(BARCODE_TYPES, value);
}

export function isCheckDigitType(value: string): value is CheckDigitType {
  return Object.hasOwn(CHECK_DIGIT_TYPES, value);
}
