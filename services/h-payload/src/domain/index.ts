export { analyze, LONG_STRING_BYTES } from './analyze.js';
export { egressCost, egressSavings, GB_DEFINITION, priceContext } from './bandwidth.js';
export { checkBudgets, matchPointer, PointerSyntaxError, pointerTokens } from './budget.js';
export { compare } from './compare.js';
export {
  binarySizes,
  cborNumber,
  isBinary16,
  msgpackNumber,
  shortKeySaving,
  shortNameLength,
} from './formats.js';
export {
  EGRESS,
  PRICES_AS_OF,
  PROVIDERS,
  type Provider,
  REGION_GROUPS,
  REGION_HELP,
  type RegionGroup,
  regionGroup,
} from './egress-prices.js';
export { DEFAULT_THRESHOLD, suggestPrunes } from './prune.js';
export { brotliBytes, COMPRESSION, gzipBytes, minified } from './sizes.js';
export { MAX_PATHS } from './walk.js';
export {
  applyFields,
  applyMask,
  compileMask,
  type Fields,
  jsonMask,
  MaskSyntaxError,
  parseFields,
} from './mask.js';
