import {
  HALF_MARATHON_M,
  MARATHON_M,
  MAX_DISTANCE_M,
  METERS_PER_KM,
  METERS_PER_MILE,
  METERS_PER_YARD,
  MIN_DISTANCE_M,
} from './constants.js';
import { fail, ok, type ParseResult } from './result.js';

export interface ParsedDistance {
  meters: number;
  label: string;
}

const EXAMPLE = 'e.g. "10 km", "6.2mi", "800 m", "400yd", "5k", "half" or { "value": 10, "unit": "km" }';

const NAMED: Readonly<Record<string, ParsedDistance>> = {
  '1500m': { meters: 1500, label: '1500 m' },
  mile: { meters: METERS_PER_MILE, label: 'mile' },
  '3k': { meters: 3000, label: '3K' },
  '5k': { meters: 5000, label: '5K' },
  '10k': { meters: 10_000, label: '10K' },
  '15k': { meters: 15_000, label: '15K' },
  '10mi': { meters: 10 * METERS_PER_MILE, label: '10 mi' },
  half: { meters: HALF_MARATHON_M, label: 'half marathon' },
  'half-marathon': { meters: HALF_MARATHON_M, label: 'half marathon' },
  marathon: { meters: MARATHON_M, label: 'marathon' },
};

/** Accepted unit spellings → [metres per unit, canonical unit for labels]. */
const UNITS: Readonly<Record<string, readonly [number, string]>> = {
  m: [1, 'm'],
  km: [METERS_PER_KM, 'km'],
  k: [METERS_PER_KM, 'km'],
  mi: [METERS_PER_MILE, 'mi'],
  mile: [METERS_PER_MILE, 'mi'],
  miles: [METERS_PER_MILE, 'mi'],
  yd: [METERS_PER_YARD, 'yd'],
};

const WITH_UNIT = /^(\d+(?:\.\d+)?|\.\d+)\s*([a-z]+)$/;
const NUMBER_ONLY = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;
const MAX_TEXT_LENGTH = 64;

function lookupUnit(unit: string): readonly [number, string] | undefined {
  return Object.hasOwn(UNITS, unit) ? UNITS[unit] : undefined;
}

function fromValue(value: number, unitText: string): ParseResult<ParsedDistance> {
  const unit = lookupUnit(unitText.trim().toLowerCase());
  if (!unit) return fail(`unknown distance unit "${unitText}"; use m, km (or k), mi (or mile, miles) or yd`);
  if (!Number.isFinite(value)) return fail(`distance must be a finite number; ${EXAMPLE}`);
  if (value <= 0) return fail(`distance must be greater than zero; ${EXAMPLE}`);
  const meters = value * unit[0];
  if (meters < MIN_DISTANCE_M) return fail(`distance must be at least ${MIN_DISTANCE_M} m`);
  if (meters > MAX_DISTANCE_M) return fail(`distance must be at most 1000 km`);
  return ok({ meters, label: `${value} ${unit[1]}` });
}

function parseText(raw: string): ParseResult<ParsedDistance> {
  const text = raw.trim().toLowerCase();
  if (text === '') return fail(`distance is empty; ${EXAMPLE}`);
  if (text.length > MAX_TEXT_LENGTH) return fail(`distance is too long; ${EXAMPLE}`);
  const named = Object.hasOwn(NAMED, text) ? NAMED[text] : undefined;
  if (named) return ok({ ...named });
  if (NUMBER_ONLY.test(text)) return fail(`distance "${raw.trim()}" needs a unit; ${EXAMPLE}`);
  if (text.startsWith('-')) return fail(`distance must be greater than zero; ${EXAMPLE}`);
  const match = WITH_UNIT.exec(text);
  if (!match) return fail(`"${raw.trim()}" is not a distance; ${EXAMPLE}`);
  return fromValue(Number(match[1]), match[2] ?? '');
}

function isPlainObject(input: unknown): input is Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}

function parseObject(input: Record<string, unknown>): ParseResult<ParsedDistance> {
  const extra = Object.keys(input).filter((key) => key !== 'value' && key !== 'unit');
  if (extra.length > 0) return fail(`distance object accepts only "value" and "unit", not "${extra[0]}"`);
  const { value, unit } = input;
  if (typeof value !== 'number') return fail(`distance "value" must be a number; ${EXAMPLE}`);
  if (typeof unit !== 'string') return fail(`distance "unit" must be a string: m, km, mi or yd`);
  return fromValue(value, unit);
}

/**
 * A race distance in metres from a named distance (`5k`, `10k`, `half`, `marathon`, `mile`, `1500m`,
 * `3k`, `15k`, `10mi`, `half-marathon`; case-insensitive), a number with a unit (`"10 km"`, `"6.2mi"`),
 * or `{ value, unit }`. Units: m, km/k, mi/mile/miles, yd. A bare number is refused: the unit is
 * ambiguous. Range: 1 m to 1,000 km.
 */
export function parseDistance(input: unknown): ParseResult<ParsedDistance> {
  if (typeof input === 'string') return parseText(input);
  if (typeof input === 'number') return fail(`distance ${input} needs a unit; ${EXAMPLE}`);
  if (isPlainObject(input)) return parseObject(input);
  return fail(`distance must be a string or { "value", "unit" }; ${EXAMPLE}`);
}
