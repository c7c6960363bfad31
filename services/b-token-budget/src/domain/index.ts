export { budgetCalculator } from './budget.js';
export { AS_OF, USE_CASES, type UseCase } from './catalog.js';
export { infeasibility, requestCost } from './cost.js';
export { Dec, type Decimal, usd } from './money.js';
export { catalog, MODEL_IDS, MODELS } from './models.js';
export { costOptimizer } from './optimizer.js';
export { modelSelector, USE_CASE_PROFILES } from './selector.js';
