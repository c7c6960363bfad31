export {
  CHECK_DIGIT_MODES,
  type CheckDigitInput,
  type CheckDigitMode,
  type CheckDigitResult,
  checkDigit,
} from './check-digit.js';
export {
  CODE128_MAX_LENGTH,
  CODE128_MIN_LENGTH,
  code128DataError,
  code128HumanReadable,
} from './code128/data.js';
export { type Code128Plan, planCode128 } from './code128/plan.js';
export { type Code128Symbol, code128Checksum, code128Symbol, code128Widths } from './code128/symbol.js';
export { AI_TABLE, type AiFormat } from './ai-table.js';
export { FNC1 } from './code128/table.js';
export {
  addon5Checksum,
  addonModules,
  EAN_MODULES,
  EAN8_MODULES,
  ean8Modules,
  eanModules,
  UPCE_MODULES,
  upceModules,
} from './ean-modules.js';
export { DOMAIN_ERROR_CODES, type DomainErrorCode, FIELD_ERROR_CODES } from './errors.js';
export { strongEtag } from './etag.js';
export {
  barcodeDataErrors,
  type GenerateInput,
  type GenerateResult,
  generate,
  generateSvg,
} from './generate.js';
export {
  FONT_SIZE,
  GUARD_DESCENT,
  QUIET_ZONES,
  MATRIX_QUIET_ZONE,
  type QuietZones,
  SMALL_FONT_SIZE,
  TEXT_BAND,
  TEXT_BASELINE,
} from './geometry.js';
export { gs1CheckDigit } from './gs1.js';
export {
  checkElementString,
  type ElementField,
  GS1_128_MAX_LENGTH,
  GS1_RULES,
  type Gs1128Data,
  type Gs1Refusal,
  type Gs1Rule,
  gs1128Data,
  isGs1Date,
} from './gs1-128.js';
export { completeGs1Data, type Gs1Data, gs1DataError } from './gs1-data.js';
export { ITF_RATIO, itfWidths } from './itf.js';
export { type Bar, code128Layout, eanLayout, itfLayout, type Layout, type TextRun } from './layout.js';
export {
  ADDON_PATTERN,
  type Bearer,
  COLOR_PATTERN,
  defaultHeight,
  dotsPerModule,
  type OutputKind,
  type OptionDescription,
  RENDER_OPTION_NAMES,
  RENDER_OPTIONS,
  SIZE_VALUES,
  type RenderOptionName,
  type RenderOptions,
  type RenderOptionsInput,
  renderOptionErrors,
  withDefaults,
} from './options.js';
export { encodePng, PNG_FONT_FILE, PNG_MAX_PIXELS, pngDimensions, renderPng } from './png.js';
export { type PrintGeometry, printGeometry } from './print.js';
export { actualXDimMm, escapeXml, FONT_FAMILY, renderSvg, roundTo } from './svg.js';
export {
  BARCODE_TYPE_NAMES,
  BARCODE_TYPES,
  type BarcodeType,
  CHECK_DIGIT_TYPE_NAMES,
  CHECK_DIGIT_TYPES,
  type CheckDigitType,
  type Code128Type,
  type EanUpcType,
  type Gs1BarcodeType,
  DATA_MATRIX_TYPES,
  isEanUpc,
  isBarcodeType,
  isCheckDigitType,
  isMatrixType,
  LINEAR_TYPES,
  type LinearType,
  type MatrixType,
  QR_TYPES,
} from './symbologies.js';
export { buildDigitalLink, domainFieldError } from './digital-link/build.js';
export { parseDigitalLink } from './digital-link/parse.js';
export {
  DEFAULT_DL_DOMAIN,
  type DigitalLink,
  DL_RULES,
  type DlRule,
  encodeValue,
} from './digital-link/rules.js';
export { MAX_URI_LENGTH } from './digital-link/uri.js';
export { encodeDataMatrix, type DataMatrixItem } from './datamatrix/encode.js';
export { RECTANGULAR_SIZES, SIZE_NAMES, SQUARE_SIZES } from './datamatrix/tables.js';
export { drawMatrix, type MatrixInfo, matrixDataError } from './matrix-symbol.js';
export { encodeQr, qrCapacity, type QrSymbol } from './qr/encode.js';
export { gs1Units, segment, textUnits } from './qr/segments.js';
export { EC_LEVELS, type EcLevel } from './qr/tables.js';
export {
  VALIDATION_REASONS,
  type ValidationReason,
  type ValidationResult,
  validateBarcode,
} from './validate.js';
export { compressUpca, expandUpce, UPCE_RULES } from './upce.js';
