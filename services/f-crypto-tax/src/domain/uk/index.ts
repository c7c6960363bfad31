export { taxYearDays, taxYearOf, ukDay } from './days.js';
export type {
  Acquisition,
  Disposal,
  MatchRule,
  Removal,
  UkDisposal,
  UkEvent,
  UkMatch,
  UkPool,
} from './events.js';
export { matchUk, type UkMatched } from './matching.js';
export { roundUk, type UkDisposalJson, type UkRounded, ukDisposalJson } from './rows.js';
export { type UkSummaryJson, ukSummaryJson } from './totals.js';
