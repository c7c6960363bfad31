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
export { EAN_MODULES, eanModules } from './ean-modules.js';
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
  type QuietZones,
  SMALL_FONT_SIZE,
  TEXT_BAND,
  TEXT_BASELINE,
} from './geometry.js';
export { gs1CheckDigit } from './gs1.js';
export { completeGs1Data, type Gs1Data, gs1DataError } from './gs1-data.js';
export { type Bar, code128Layout, gs1Layout, type Layout, type TextRun } from './layout.js';
export {
  COLOR_PATTERN,
  type OptionDescription,
  RENDER_OPTION_NAMES,
  RENDER_OPTIONS,
  type RenderOptionName,
  type RenderOptions,
  type RenderOptionsInput,
  renderOptionErrors,
  withDefaults,
} from './options.js';
export { escapeXml, FONT_FAMILY, renderSvg } from './svg.js';
export {
  BARCODE_TYPE_NAMES,
  BARCODE_TYPES,
  type BarcodeType,
  CHECK_DIGIT_TYPE_NAMES,
  CHECK_DIGIT_TYPES,
  type CheckDigitType,
  type Gs1BarcodeType,
  isBarcodeType,
  isCheckDigitType,
} from './symbologies.js';
export {
  VALIDATION_REASONS,
  type ValidationReason,
  type ValidationResult,
  validateBarcode,
} from './validate.js';
