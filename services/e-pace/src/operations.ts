import {
  defineOperation,
  type ParseResult,
  parseDistance,
  parseDuration,
  parsePace,
  parseSpeed,
  z,
} from '@dus/core';
import {
  convertPace,
  convertSpeed,
  DEFAULT_NEGATIVE_PERCENT,
  MAX_NEGATIVE_PERCENT,
  MAX_SPLITS,
  paceReport,
  predict,
  projectFinish,
  RIEGEL_EXPONENT,
  splits,
  VDOT_MAX,
  VDOT_MIN,
  vdotReport,
  zonesFromPerformance,
  zonesFromVdot,
} from './domain/index.js';

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

const distanceInput = () =>
  z
    .union(
      [
        z.string(),
        z.number(),
        z.strictObject({ value: z.number(), unit: z.string().meta({ example: 'km' }) }),
      ],
      { error: missingOr(`must be a distance with a unit; ${DISTANCE_EXAMPLE}`) },
    )
    .transform(parsedBy((input) => parseDistance(input), 'invalid_distance'))
    .transform((distance) => distance.meters);

function distanceField(description: string, example: string) {
  return distanceInput().meta({
    description: `${description} A named distance (5k, 10k, half, marathon, mile, 1500m, 3k, 15k, 10mi, half-marathon), a number with a unit as a string ("10 km", "6.2mi", "800 m", "400yd") or { "value", "unit" } with unit m, km/k, mi/mile(s) or yd. A bare number is refused: say the unit.`,
    example,
  });
}

function durationField(description: string, example: string) {
  return z
    .union([z.string(), z.number()], {
      error: missingOr(`must be a duration; use "MM:SS", "HH:MM:SS" or seconds, ${DURATION_EXAMPLE}`),
    })
    .transform(parsedBy((input) => parseDuration(input), 'invalid_duration'))
    .meta({
      description: `${description} "MM:SS" (minutes may be ≥ 60, "63:46"), "HH:MM:SS" or a number of seconds; fractional seconds allowed ("19:57.5").`,
      example,
    });
}

const paceField = z
  .string({ error: 'must be a pace string; e.g. "5:00/km", "8:02/mi" or "8:02/mile"' })
  .transform(parsedBy((input) => parsePace(input), 'invalid_pace'))
  .meta({ description: 'A pace "M:SS/km", "M:SS/mi" or "M:SS/mile".', example: '5:00/km' });

const speedField = z
  .string({ error: 'must be a speed string; e.g. "12 km/h", "7.5 mph" or "3.2 m/s"' })
  .transform(parsedBy((input) => parseSpeed(input), 'invalid_speed'))
  .meta({ description: 'A speed "12 km/h" (also kmh, kph), "7.5 mph" or "3.2 m/s".', example: '12 km/h' });

const exponentField = (field: string) =>
  z
    .number()
    .default(RIEGEL_EXPONENT)
    .meta({
      description: `Riegel exponent k, 1.0–1.2 (default 1.06); outside that range → 422 \`${field}_out_of_range\`.`,
      example: RIEGEL_EXPONENT,
    });

/** "Give exactly one of these": an issue at the first missing or surplus field. */
function exactlyOne(
  ctx: z.RefinementCtx,
  given: Record<string, boolean>,
  alternatives: string,
  path: (missing: boolean) => string,
) {
  const count = Object.values(given).filter(Boolean).length;
  if (count === 1) return;
  ctx.addIssue({
    code: 'custom',
    path: [path(count === 0)],
    message: count === 0 ? `is required: give ${alternatives}` : `give ${alternatives}, not both`,
    params: { code: count === 0 ? 'missing_field' : 'conflicting_fields' },
  });
}

// ---------------------------------------------------------------------------------------------------------
// Outputs: exactly what the domain returns (the MCP client validates structuredContent against them).
// ---------------------------------------------------------------------------------------------------------

const timeText = z
  .object({
    seconds: z.number().meta({ description: 'Seconds, to 0.1 s (ties to even)' }),
    text: z
      .string()
      .meta({ description: '`H:MM:SS`, or `M:SS` under an hour; the total rounded to the second' }),
  })
  .meta({ id: 'TimeText' });

const pace = z
  .object({ per_km: timeText, per_mile: timeText })
  .meta({ id: 'Pace', description: 'Time per kilometre and per mile' });

const speed = z
  .object({ kmh: z.number(), mph: z.number(), mps: z.number() })
  .meta({ id: 'Speed', description: 'Speed in km/h, mph and m/s, to 4 decimals' });

const seconds = (description: string) => z.number().meta({ description: `${description}, to 0.1 s` });
const meters = (description: string) =>
  z.number().meta({ description: `${description}, in metres (to 1 mm)` });
const text = z.string().meta({ description: '`H:MM:SS` or `M:SS`, total rounded to the second' });

const prediction = z.object({ time_s: seconds('Predicted time'), text, pace }).meta({ id: 'Prediction' });

// ---------------------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------------------

export const paceOperation = defineOperation({
  name: 'pace',
  summary: 'Average pace and speed of a run',
  description:
    'Pace per km and per mile, and speed in km/h, mph and m/s, of `distance` run in `time`. Times are given as seconds (0.1 s) and as text rounded to the second.',
  tags: ['pace'],
  method: 'POST',
  path: '/pace',
  input: z.strictObject({
    distance: distanceField('Distance run.', '10 km'),
    time: durationField('Time taken.', '50:00'),
  }),
  output: z.object({
    distance_m: meters('Distance'),
    time_s: seconds('Time'),
    pace,
    speed,
  }),
  errors: [], // every well-formed input has an answer
  example: { input: { distance: '10 km', time: '50:00' }, output: paceReport(10_000, 3000) },
  handler: ({ distance, time }) => paceReport(distance, time),
});

const VDOT_ERROR = {
  status: 422,
  code: 'vdot_out_of_range',
  description: `The VDOT (given, or of the performance) is outside ${VDOT_MIN}–${VDOT_MAX}, where the Daniels–Gilbert tables apply.`,
};

export const predictOperation = defineOperation({
  name: 'predict',
  mcpName: 'predict_race_time',
  summary: 'Predict a race time from one performance (Riegel and Cameron)',
  description:
    "Riegel (1977/1981): T2 = T1 · (D2/D1)^k, k = `riegel_exponent` (default 1.06). Cameron (1997): T2 = T1 · (D2/D1) · f(D1)/f(D2), f(d) = 13.49681 − 0.000030363·d + 835.7114/d^0.7905 (d in metres). A `warnings` entry is added when the known effort is outside Riegel's validity of 3.5–230 minutes; `cameron` is null (with a warning) when a distance is beyond 200 km.",
  tags: ['prediction'],
  method: 'POST',
  path: '/predict',
  input: z.strictObject({
    known_distance: distanceField('Distance of the known performance.', '10k'),
    known_time: durationField('Time of the known performance.', '40:00'),
    target_distance: distanceField('Distance to predict.', 'half'),
    riegel_exponent: exponentField('riegel_exponent'),
  }),
  output: z.object({
    known: z.object({ distance_m: meters('Known distance'), time_s: seconds('Known time'), text, pace }),
    target: z.object({ distance_m: meters('Target distance') }),
    riegel_exponent: z.number(),
    predictions: z.object({
      riegel: prediction,
      // A union rather than .nullable(): the generator would render nullable as allOf [$ref, null], which
      // refuses null.
      cameron: z
        .union([prediction, z.null()])
        .meta({ description: "null when a distance is beyond 200 km, outside Cameron's model" }),
    }),
    warnings: z.array(
      z.object({
        code: z.enum(['outside_riegel_validity', 'outside_cameron_range']),
        message: z.string(),
      }),
    ),
  }),
  errors: [
    {
      status: 422,
      code: 'riegel_exponent_out_of_range',
      description: '`riegel_exponent` is outside 1.0–1.2.',
    },
  ],
  example: {
    input: { known_distance: '10k', known_time: '40:00', target_distance: 'half' },
    output: predict(10_000, 2400, 21_097.5),
  },
  handler: (input) =>
    predict(input.known_distance, input.known_time, input.target_distance, input.riegel_exponent),
});

export const vdotOperation = defineOperation({
  name: 'vdot',
  summary: "Daniels' VDOT of a performance and equivalent race times",
  description:
    'VDOT (Daniels & Gilbert 1979): VO2(v) = −4.60 + 0.182258·v + 0.000104·v² (v in m/min), F(t) = 0.8 + 0.1894393·e^(−0.012778·t) + 0.2989558·e^(−0.1932605·t) (t in minutes), VDOT = VO2(d/t)/F(t), to 2 decimals. `vo2max` is the same value (Daniels\' "pseudo VO2max"). `equivalent` gives the time of equal VDOT at 1500 m, mile, 3 km, 2 mi, 5 km, 10 km, 15 km, half and marathon.',
  tags: ['vdot'],
  method: 'POST',
  path: '/vdot',
  input: z.strictObject({
    distance: distanceField('Race distance.', '5k'),
    time: durationField('Race time.', '20:00'),
  }),
  output: z.object({
    distance_m: meters('Distance'),
    time_s: seconds('Time'),
    vdot: z.number().meta({ description: 'VDOT, 2 decimals (ties to even)' }),
    vo2max: z.number().meta({ description: 'Same as `vdot`: Daniels\' "pseudo VO2max"' }),
    equivalent: z.array(
      z.object({
        name: z.string().meta({ description: 'Distance name, accepted back as a distance', example: '5k' }),
        distance_m: meters('Distance'),
        time_s: seconds('Equivalent time'),
        text,
        pace,
      }),
    ),
  }),
  errors: [VDOT_ERROR],
  example: { input: { distance: '5k', time: '20:00' }, output: vdotReport(5000, 1200) },
  handler: ({ distance, time }) => vdotReport(distance, time),
});

const intervalPace = pace.extend({ per_400m: timeText });

export const zonesOperation = defineOperation({
  name: 'zones',
  mcpName: 'training_zones',
  summary: "Daniels' training paces from a VDOT or a performance",
  description:
    "Training paces of Daniels' Running Formula (3rd ed.), where p % is the speed whose oxygen cost is p % of VDOT: easy 63 % (`from`, slow end) to 73 % (`to`, fast end); marathon = pace of the VDOT-equivalent marathon; threshold 88 %; interval 97.5 %; repetition = interval pace − 15 s/km (VDOT ≥ 50) or − 20 s/km (below 50). Give either `vdot` (20–90) or both `distance` and `time`.",
  tags: ['vdot'],
  method: 'POST',
  path: '/zones',
  input: z
    .strictObject({
      vdot: z
        .number()
        .optional()
        .meta({ description: 'VDOT, 20–90; instead of distance and time', example: 50 }),
      distance: distanceField('Race distance (with `time`, instead of `vdot`).', '10k').optional(),
      time: durationField('Race time (with `distance`, instead of `vdot`).', '41:21').optional(),
    })
    .superRefine((input, ctx) => {
      const hasVdot = input.vdot !== undefined;
      const hasDistance = input.distance !== undefined;
      const hasTime = input.time !== undefined;
      if (hasVdot && (hasDistance || hasTime)) {
        ctx.addIssue({
          code: 'custom',
          path: [hasDistance ? 'distance' : 'time'],
          message: 'give either "vdot" or "distance" and "time", not both',
          params: { code: 'conflicting_fields' },
        });
      } else if (!hasVdot && hasDistance !== hasTime) {
        ctx.addIssue({
          code: 'custom',
          path: [hasDistance ? 'time' : 'distance'],
          message: `is required with "${hasDistance ? 'distance' : 'time'}" (or give "vdot" alone)`,
          params: { code: 'missing_field' },
        });
      } else if (!hasVdot && !hasDistance) {
        ctx.addIssue({
          code: 'custom',
          path: ['vdot'],
          message: 'is required: give "vdot" (20–90), or both "distance" and "time"',
          params: { code: 'missing_field' },
        });
      }
    }),
  output: z.object({
    vdot: z.number().meta({ description: 'VDOT the zones are computed from, 2 decimals' }),
    zones: z.object({
      easy: z.object({
        from: pace.meta({ description: 'Slow end (63 %)' }),
        to: pace.meta({ description: 'Fast end (73 %)' }),
      }),
      marathon: pace,
      threshold: pace,
      interval: intervalPace,
      repetition: intervalPace.extend({ per_200m: timeText }),
    }),
  }),
  errors: [VDOT_ERROR],
  example: { input: { vdot: 50 }, output: zonesFromVdot(50) },
  handler: (input) =>
    input.vdot !== undefined ? zonesFromVdot(input.vdot) : zonesFromPerformance(input.distance!, input.time!),
});

const half = z.object({ distance_m: meters('Half distance'), time_s: seconds('Half time'), text, pace });

export const splitsOperation = defineOperation({
  name: 'splits',
  summary: 'Split table for a goal time (even or negative)',
  description:
    'Cumulative time at every `split` (default 1 km), each rounded from the exact value (never summing rounded splits), so the last cumulative time is the goal time; the last, partial split ends at the race distance. `negative`: the second half is `negative_percent` % faster (H1 = T/(2 − r), H2 = T·(1 − r)/(2 − r)), each half at its own constant pace; the split containing halfway mixes both.',
  tags: ['pace'],
  method: 'POST',
  path: '/splits',
  input: z.strictObject({
    distance: distanceField('Race distance.', 'marathon'),
    time: durationField('Goal time.', '3:30:00'),
    split: distanceField('Split length (default 1 km).', '1 km').prefault('1 km'),
    strategy: z
      .enum(['even', 'negative'])
      .default('even')
      .meta({ description: '`even` (default) or `negative` (second half faster)' }),
    negative_percent: z
      .number()
      .default(DEFAULT_NEGATIVE_PERCENT)
      .meta({
        description: `How much faster the second half is, ${0}–${MAX_NEGATIVE_PERCENT} % (default 2); outside → 422 \`negative_percent_out_of_range\`.`,
        example: 2,
      }),
  }),
  output: z.object({
    distance_m: meters('Race distance'),
    time_s: seconds('Goal time'),
    split_m: meters('Split length'),
    strategy: z.enum(['even', 'negative']),
    negative_percent: z.number().optional().meta({ description: 'Only for the negative strategy' }),
    pace: pace.meta({ description: 'Average pace over the race' }),
    splits: z.array(
      z.object({
        index: z.number().int().meta({ description: '1-based' }),
        distance_m: meters('Distance from the start at the end of this split'),
        length_m: meters('Length of this split (shorter for the last, partial split)'),
        split_s: seconds('Time of this split'),
        cumulative_s: seconds('Elapsed time at the end of this split'),
        cumulative_text: text,
        pace_per_km: timeText,
      }),
    ),
    halves: z
      .object({ first: half, second: half })
      .optional()
      .meta({ description: 'Only for the negative strategy' }),
  }),
  errors: [
    {
      status: 422,
      code: 'negative_percent_out_of_range',
      description: `\`negative_percent\` is outside 0–${MAX_NEGATIVE_PERCENT}.`,
    },
    { status: 422, code: 'split_too_long', description: 'The split is longer than the race.' },
    {
      status: 422,
      code: 'too_many_splits',
      description: `The race would have more than ${MAX_SPLITS} splits.`,
    },
  ],
  example: {
    input: { distance: '5k', time: '20:00', strategy: 'negative' },
    output: splits(5000, 1200, { strategy: 'negative' }),
  },
  handler: (input) =>
    splits(input.distance, input.time, {
      split_m: input.split,
      strategy: input.strategy,
      negative_percent: input.negative_percent,
    }),
});

const projection = z.object({
  finish_s: seconds('Projected finish time'),
  text,
  remaining_s: seconds('Time still to run'),
  pace: pace.meta({ description: 'Average pace over the whole race at this finish time' }),
});

export const finishOperation = defineOperation({
  name: 'finish',
  mcpName: 'finish_projection',
  summary: 'Project the finish time of a race in progress',
  description:
    'Linear: T = t·D/d. Power law (Riegel over the whole race, not the remaining distance alone): T = t·(D/d)^k, k = `exponent` (default 1.06). When `distance_done` equals `total_distance`, both are the elapsed time.',
  tags: ['prediction'],
  method: 'POST',
  path: '/finish',
  input: z.strictObject({
    distance_done: distanceField('Distance covered so far.', '10 km'),
    elapsed_time: durationField('Time elapsed so far.', '50:00'),
    total_distance: distanceField('Race distance.', 'half'),
    exponent: exponentField('exponent'),
  }),
  output: z.object({
    distance_done_m: meters('Distance done'),
    elapsed_s: seconds('Elapsed time'),
    total_distance_m: meters('Race distance'),
    exponent: z.number(),
    projections: z.object({ linear: projection, power_law: projection }),
  }),
  errors: [
    {
      status: 422,
      code: 'distance_done_out_of_range',
      description: '`distance_done` is greater than `total_distance`.',
    },
    { status: 422, code: 'exponent_out_of_range', description: '`exponent` is outside 1.0–1.2.' },
  ],
  example: {
    input: { distance_done: '10 km', elapsed_time: '50:00', total_distance: 'half' },
    output: projectFinish(10_000, 3000, 21_097.5),
  },
  handler: (input) =>
    projectFinish(input.distance_done, input.elapsed_time, input.total_distance, input.exponent),
});

export const convertOperation = defineOperation({
  name: 'convert',
  mcpName: 'convert_pace',
  summary: 'Convert a pace to a speed or a speed to a pace',
  description:
    'Give exactly one of `pace` ("5:00/km", "8:02/mi") or `speed` ("12 km/h", "7.5 mph", "3.2 m/s"); the answer has the pace per km and per mile and the speed in km/h, mph and m/s.',
  tags: ['pace'],
  method: 'POST',
  path: '/convert',
  input: z
    .strictObject({ pace: paceField.optional(), speed: speedField.optional() })
    .superRefine((input, ctx) =>
      exactlyOne(
        ctx,
        { pace: input.pace !== undefined, speed: input.speed !== undefined },
        'either "pace" (e.g. "5:00/km") or "speed" (e.g. "12 km/h")',
        (missing) => (missing ? 'pace' : 'speed'),
      ),
    ),
  output: z.object({ pace, speed }),
  errors: [], // every well-formed input has an answer
  example: { input: { pace: '5:00/km' }, output: convertPace(300) },
  handler: (input) => (input.pace !== undefined ? convertPace(input.pace) : convertSpeed(input.speed!)),
});

export const operations = [
  paceOperation,
  predictOperation,
  vdotOperation,
  zonesOperation,
  splitsOperation,
  finishOperation,
  convertOperation,
];
