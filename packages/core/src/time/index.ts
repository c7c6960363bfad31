export {
  epochInstant,
  type InstantRange,
  type InstantResult,
  MAX_INSTANT_MS,
  parseIsoInstant,
} from './instant.js';
