import {
  type ParseResult,
  parseDistance,
  parseDuration,
  parsePace,
  parseSpeed,
  type RefineContext,
  z,
} from '@dus/core';
import { RIEGEL_EXPONENT } from './domain/index.js';

/** The zod pieces the operations share: input fields parsed by core's units parsers, named output objects. */

// ---------------------------------------------------------------------------------------------------------
// Inputs: every distance, duration, pace and speed is parsed by the core units parsers inside the schema,
// so a malformed value is a 400 `validation_failed` naming its field, with the parser's message (which
// always shows an accepted example).
// ---------------------------------------------------------------------------------------------------------

const DISTANCE_EXAMPLE =
  'e.g. "10 km", "6.2mi", "800 m", "400yd", "5k", "half" or { "value": 10, "unit": "km" }';
const DURATION_EXAMPLE = 'e.g. "19:57.5", "1:30:00" or 1200 (seconds)';

/** Runs a units parser inside a zod transform: a failure becomes an issue with `code` and the parser's message. */
function parsedBy<T>(parse: (input: unknown) => ParseResult<T>, code: string) {
  return (input: unknown, ctx: z.RefinementCtx): T => {
    const result = parse(input);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message, params: { code } });
    return z.NEVER;
  };
}

const missingOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `is required; ${message.replace(/^[^;]*; /, '')}` : message;

/** The `{ "value", "unit" }` form of a distance. */
const distanceValueUnit = z.strictObject({
  value: z.number().meta({ description: 'Amount' }),
  unit: z.string().meta({ description: 'm, km, k, mi, mile(s) or yd' }),
});

/**
 * The forms a distance is documented with: a string or `{ value, unit }`. The schema below also takes a
 * bare number, only to refuse it with `invalid_distance` asking for a unit; documenting it would make
 * generated clients accept what the service refuses.
 */
const documentedDistanceForms = [
  { type: 'string' },
  (({ $schema: _, ...schema }) => schema)(z.toJSONSchema(distanceValueUnit, { io: 'input' })),
];

/**
 * Every distance input: one named schema (`DistanceInput`), so the accepted forms are described once;
 * each field adds a short description and its example beside the reference.
 */
const distanceInput = z
  .union([z.string(), z.number(), distanceValueUnit], {
    error: missingOr(`must be a distance with a unit; ${DISTANCE_EXAMPLE}`),
  })
  .transform(parsedBy((input) => parseDistance(input), 'invalid_distance'))
  .transform((distance) => distance.meters)
  .meta({
    id: 'DistanceInput',
    description:
      'With a unit, 1 m–1000 km: "10 km", "6.2mi", "400yd", 5k, half, marathon, mile or {value, unit}; a bare number is refused.',
    anyOf: documentedDistanceForms,
  });

export function distanceField(description: string, example: string) {
  return distanceInput.meta({ description, example });
}

/** Every duration input: one named schema (`DurationInput`), like {@link distanceInput}. */
const durationInput = z
  .union([z.string(), z.number()], {
    error: missingOr(`must be a duration; use "MM:SS", "HH:MM:SS" or seconds, ${DURATION_EXAMPLE}`),
  })
  .transform(parsedBy((input) => parseDuration(input), 'invalid_duration'))
  .meta({
    id: 'DurationInput',
    description: '"MM:SS" (minutes may be ≥ 60), "HH:MM:SS" or seconds, 0.1 s–7 days; decimals allowed.',
  });

export function durationField(description: string, example: string) {
  return durationInput.meta({ description, example });
}

export const paceField = z
  .string({ error: 'must be a pace string; e.g. "5:00/km", "8:02/mi" or "8:02/mile"' })
  .transform(parsedBy((input) => parsePace(input), 'invalid_pace'))
  .meta({ description: 'A pace "M:SS/km", "M:SS/mi" or "M:SS/mile".', example: '5:00/km' });

export const speedField = z
  .string({ error: 'must be a speed string; e.g. "12 km/h", "7.5 mph" or "3.2 m/s"' })
  .transform(parsedBy((input) => parseSpeed(input), 'invalid_speed'))
  .meta({ description: 'A speed "12 km/h" (also kmh, kph), "7.5 mph" or "3.2 m/s".', example: '12 km/h' });

export const exponentField = z
  .number()
  .default(RIEGEL_EXPONENT)
  .meta({ description: 'Riegel exponent k, 1.0–1.2' });

/** "Give exactly one of these": an issue at the first missing or surplus field. */
export function exactlyOne(
  ctx: RefineContext,
  given: Record<string, boolean>,
  alternatives: string,
  path: (missing: boolean) => string,
) {
  const count = Object.values(given).filter(Boolean).length;
  if (count === 1) return;
  ctx.addIssue({
    path: [path(count === 0)],
    message: count === 0 ? `is required: give ${alternatives}` : `give ${alternatives}, not both`,
    params: { code: count === 0 ? 'missing_field' : 'conflicting_fields' },
  });
}

// ---------------------------------------------------------------------------------------------------------
// Outputs: exactly what the domain returns (the MCP client validates structuredContent against them).
// ---------------------------------------------------------------------------------------------------------

export const timeText = z
  .object({
    seconds: z.number().meta({ description: 'Seconds (0.1)' }),
    text: z.string().meta({ description: 'H:MM:SS or M:SS' }),
  })
  .meta({ id: 'TimeText', description: 'A time' });

export const pace = z
  .object({ per_km: timeText, per_mile: timeText })
  .meta({ id: 'Pace', description: 'Per km and per mile' });

export const speed = z
  .object({
    kmh: z.number().meta({ description: 'km/h' }),
    mph: z.number().meta({ description: 'mph' }),
    mps: z.number().meta({ description: 'm/s' }),
  })
  .meta({ id: 'Speed', description: 'Speed' });

/** Seconds to 0.1 s and metres to 1 mm, as every output (the README and OpenAPI descriptions say so). */
export const seconds = (description: string) => z.number().meta({ description: `${description}, s` });
export const meters = (description: string) => z.number().meta({ description: `${description}, m` });
export const text = z.string().meta({ description: 'H:MM:SS or M:SS' });

export const prediction = z
  .object({ time_s: seconds('Predicted time'), text, pace })
  .meta({ id: 'Prediction' });

/** `field` holds 1–`max` distances in any accepted form; a bad element is named by its index. */
export function distanceListField(description: string, example: string[], max: number) {
  return z
    .array(distanceInput, { error: `must be an array of 1–${max} distances; ${DISTANCE_EXAMPLE}` })
    .min(1, { error: `must hold at least one distance; ${DISTANCE_EXAMPLE}` })
    .max(max, { error: `must hold at most ${max} distances` })
    .meta({
      description: `${description} 1–${max} distances.`,
      example,
    });
}

/** A distance in metres, kilometres and miles. */
export const distanceUnits = z
  .object({
    m: z.number().meta({ description: 'Metres' }),
    km: z.number().meta({ description: 'Kilometres' }),
    mi: z.number().meta({ description: 'Miles' }),
  })
  .meta({ id: 'Distance', description: 'A distance' });

/** A time at a distance: the shape of every equivalent time and half. */
export const timedDistance = z
  .object({ distance_m: meters('Distance'), time_s: seconds('Time'), text, pace })
  .meta({ id: 'TimedDistance', description: 'A time at a distance, with its pace' });
