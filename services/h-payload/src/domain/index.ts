export { analyze, LONG_STRING_BYTES } from './analyze.js';
export { egressCost, GB_DEFINITION, priceContext } from './bandwidth.js';
export { compare } from './compare.js';
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
