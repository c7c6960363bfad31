export * from './constants.js';
export { type ParsedDistance, parseDistance } from './distance.js';
export { parseDuration } from './duration.js';
export { formatDuration, formatDurationTenths } from './format.js';
export { parsePace, parseSpeed } from './pace.js';
export type { ParseResult } from './result.js';
export { roundHalfEven } from './round.js';
