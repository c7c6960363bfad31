export { DECIMAL_BOUNDS, decimalBoundProblem } from './bound.js';
