export { batchOptimizer, planBatches } from './batch.js';
export { costAnalyzer, type Pricing } from './cost.js';
export { deduplicate, findDuplicates } from './dedup.js';
export { fingerprinter } from './fingerprint.js';
export { Dec, type Decimal } from './numbers.js';
export { PRESET_NAMES, type Preset } from './pricing.js';
export * from './request.js';
export { parseHttpUrl, pathTemplate, removeDotSegments, resolveReference } from './url.js';
export { usageAnalytics } from './usage.js';
