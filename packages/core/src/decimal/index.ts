export { DECIMAL_BOUNDS, decimalBoundProblem, withinDecimalBounds } from './bound.js';
