export { budgetCalculator } from './budget.js';
export { AS_OF, type PriceSet, USE_CASES, type UseCase } from './catalog.js';
export { CatalogFileError, parseCatalogFile, readCatalogFile } from './catalog-file.js';
export { infeasibility, plain, requestCost, type Usage } from './cost.js';
export { pricedOn, utcDay } from './dates.js';
export { estimateTokens } from './estimate.js';
export {
  type Active,
  activate,
  activeCatalog,
  BUILT_IN,
  BUILT_IN_ACTIVE,
  type Catalog,
  type CustomModel,
  catalog,
  catalogIds,
  customModel,
  MODEL_IDS,
  MODELS,
  type Model,
  pricedModel,
  type StoredEntry,
  useCatalog,
} from './models.js';
export { Dec, type Decimal, usd } from './money.js';
export { costOptimizer } from './optimizer.js';
export { modelSelector, USE_CASE_PROFILES } from './selector.js';
export { catalogStatus, dated, STALE_AFTER_DAYS } from './staleness.js';
