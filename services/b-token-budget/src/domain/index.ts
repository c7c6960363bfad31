export { budgetCalculator } from './budget.js';
export { AS_OF, USE_CASES, type UseCase } from './catalog.js';
export { CatalogFileError, parseCatalogFile } from './catalog-file.js';
export { infeasibility, plain, requestCost, type Usage } from './cost.js';
export { estimateTokens } from './estimate.js';
export {
  BUILT_IN,
  type Catalog,
  type CustomModel,
  catalog,
  catalogIds,
  customModel,
  MODEL_IDS,
  MODELS,
  type Model,
  useCatalog,
} from './models.js';
export { Dec, type Decimal, usd } from './money.js';
export { costOptimizer } from './optimizer.js';
export { modelSelector, USE_CASE_PROFILES } from './selector.js';
export { catalogStatus, STALE_AFTER_DAYS } from './staleness.js';
