import { defineOperation, exactlyOneOf, refinement, z } from '@dus/core';
import {
  ALTITUDE_RANGE,
  adjustForConditions,
  AGE_MAX,
  MAX_AGE_GRADE_PERCENT,
  AGE_MIN,
  ageGrade,
  convertPace,
  convertSpeed,
  DEFAULT_NEGATIVE_PERCENT,
  distanceAtPace,
  fitRiegel,
  GRADE_RANGE,
  HEAT_RANGE,
  MAX_NEGATIVE_PERCENT,
  MAX_SPLITS,
  paceReport,
  predict,
  predictDistance,
  predictMany,
  projectFinish,
  purdyReport,
  splits,
  timeAtPace,
  VDOT_MAX,
  VDOT_MIN,
  vdotReport,
  zonesFromPerformance,
  zonesFromVdot,
} from './domain/index.js';
import {
  distanceField,
  distanceListField,
  durationField,
  exactlyOne,
  exponentField,
  paceField,
  speedField,
} from './schemas.js';
import * as outputs from './output-schemas.js';

export const paceOperation = defineOperation({
  name: 'pace',
  summary: 'Average pace and speed of a run',
  description:
    'Pace per km and per mile, and speed in km/h, mph and m/s, of `distance` run in `time`. Times are given as seconds (0.1 s) and as text rounded to the second.',
  toolDescription: 'Average pace per km and per mile, and speed, of a distance run in a time.',
  tags: ['pace'],
  method: 'POST',
  path: '/pace',
  input: z.strictObject({
    distance: distanceField('Distance run.', '10 km'),
    time: durationField('Time taken.', '50:00'),
  }),
  output: outputs.paceOutput,
  errors: [], // every well-formed input has an answer
  example: { input: { distance: '10 km', time: '50:00' }, output: () => paceReport(10_000, 3000) },
  handler: ({ distance, time }) => paceReport(distance, time),
});

const VDOT_ERROR = {
  status: 422,
  code: 'vdot_out_of_range',
  description: `The VDOT (given, or of the performance) is outside ${VDOT_MIN}–${VDOT_MAX}, where the Daniels–Gilbert tables apply.`,
};

const MAX_TARGETS = 20;

const TARGET_ALTERNATIVES =
  'one of "target_distance" (e.g. "half"), "target_distances" (e.g. ["5k", "half"]) or "target_time" (e.g. "1:30:00")';

export const predictOperation = defineOperation({
  name: 'predict',
  mcpName: 'predict_race_time',
  summary: 'Predict race times from one performance (Riegel, Cameron, VDOT, Purdy)',
  description: `Four models. Riegel (1977/1981): T2 = T1 · (D2/D1)^k, k = \`riegel_exponent\` (default 1.06). Cameron (1997): T2 = T1 · (D2/D1) · f(D1)/f(D2), f(d) = 13.49681 − 0.000030363·d + 835.7114/d^0.7905 (d in metres). VDOT (Daniels–Gilbert 1979): the time of the same VDOT at the target. Purdy (Gardner & Purdy 1970, running curve of Purdy 1974): the time of the same Purdy points at the target. Give exactly one of \`target_distance\` (answer: \`target\` and \`predictions\`, as before), \`target_distances\` (1–${MAX_TARGETS}; answer: \`targets\`, one row per distance in the order given, each with its \`predictions\` and \`warnings\`) or \`target_time\` (answer: \`target\` {time_s, text} and \`predictions\` of distances: Riegel D2 = D1 · (T2/T1)^(1/k), the others solved for the distance by bisection on 1 m–1000 km, Cameron to 200 km). A \`warnings\` entry is added when the known effort is outside Riegel's validity of 3.5–230 minutes; \`cameron\` is null beyond 200 km, \`vdot\` when the known VDOT is outside 20–90, \`purdy\` when no time at the target scores as low as the known performance — each with a warning.`,
  toolDescription: `Predicts race times from one result by Riegel, Cameron, VDOT and Purdy. Give one of target_distance, target_distances (1–${MAX_TARGETS}) or target_time (then each model predicts the distance). A model that does not apply is null, with a warning.`,
  tags: ['prediction'],
  method: 'POST',
  path: '/predict',
  input: z
    .strictObject({
      known_distance: distanceField('Distance of the known performance.', '10k'),
      known_time: durationField('Time of the known performance.', '40:00'),
      target_distance: distanceField(
        'Distance to predict; give this, `target_distances` or `target_time`.',
        'half',
      ).optional(),
      target_distances: distanceListField(
        'Distances to predict, instead of `target_distance`.',
        ['5k', 'half', 'marathon'],
        MAX_TARGETS,
      ).optional(),
      target_time: durationField(
        'Time to predict the distance of, instead of a target distance.',
        '1:30:00',
      ).optional(),
      riegel_exponent: exponentField,
    })
    .check(
      refinement<{ target_distance?: unknown; target_distances?: unknown; target_time?: unknown }>(
        (input, ctx) =>
          exactlyOne(
            ctx,
            {
              target_distance: input.target_distance !== undefined,
              target_distances: input.target_distances !== undefined,
              target_time: input.target_time !== undefined,
            },
            TARGET_ALTERNATIVES,
            // A conflict is named at the later of the fields given.
            (missing) =>
              missing
                ? 'target_distance'
                : input.target_time !== undefined
                  ? 'target_time'
                  : 'target_distances',
          ),
        // Also when another field is wrong, so that a missing target is reported with it; not when a target
        // field itself is malformed (its own issue says so).
        {
          when: (payload) =>
            typeof payload.value === 'object' &&
            payload.value !== null &&
            !payload.issues.some(
              (issue) =>
                issue.path?.[0] === 'target_distance' ||
                issue.path?.[0] === 'target_distances' ||
                issue.path?.[0] === 'target_time',
            ),
        },
      ),
    )
    .meta(exactlyOneOf(['target_distance'], ['target_distances'], ['target_time'])),
  output: outputs.predictOutput,
  errors: [
    {
      status: 422,
      code: 'riegel_exponent_out_of_range',
      description: '`riegel_exponent` is outside 1.0–1.2.',
    },
  ],
  example: {
    input: { known_distance: '10k', known_time: '40:00', target_distance: 'half' },
    output: () => predict(10_000, 2400, 21_097.5),
  },
  handler: (input) =>
    input.target_distances !== undefined
      ? predictMany(input.known_distance, input.known_time, input.target_distances, input.riegel_exponent)
      : input.target_time !== undefined
        ? predictDistance(input.known_distance, input.known_time, input.target_time, input.riegel_exponent)
        : predict(input.known_distance, input.known_time, input.target_distance!, input.riegel_exponent),
});

export const vdotOperation = defineOperation({
  name: 'vdot',
  summary: "Daniels' VDOT of a performance and equivalent race times",
  description: `VDOT (Daniels & Gilbert 1979): VO2(v) = −4.60 + 0.182258·v + 0.000104·v² (v in m/min), F(t) = 0.8 + 0.1894393·e^(−0.012778·t) + 0.2989558·e^(−0.1932605·t) (t in minutes), VDOT = VO2(d/t)/F(t), to 2 decimals. \`vo2max\` is the same value (Daniels' "pseudo VO2max"). \`equivalent\` gives the time of equal VDOT at 1500 m, mile, 3 km, 2 mi, 5 km, 10 km, 15 km, half and marathon; with \`targets\` (1–${MAX_TARGETS} distances) the answer also has \`targets\`, the equivalent times there in the order given.`,
  toolDescription: `Jack Daniels' VDOT of a race result (valid 20–90) and the equal-VDOT times at 9 standard distances and at optional targets.`,
  tags: ['vdot'],
  method: 'POST',
  path: '/vdot',
  input: z.strictObject({
    distance: distanceField('Race distance.', '5k'),
    time: durationField('Race time.', '20:00'),
    targets: distanceListField(
      'More distances for equivalent times.',
      ['800 m', '25 km'],
      MAX_TARGETS,
    ).optional(),
  }),
  output: outputs.vdotOutput,
  errors: [VDOT_ERROR],
  example: { input: { distance: '5k', time: '20:00' }, output: () => vdotReport(5000, 1200) },
  handler: ({ distance, time, targets }) => vdotReport(distance, time, targets),
});

export const zonesOperation = defineOperation({
  name: 'zones',
  mcpName: 'training_zones',
  summary: "Daniels' training paces from a VDOT or a performance",
  description:
    "Training paces of Daniels' Running Formula (3rd ed.), where p % is the speed whose oxygen cost is p % of VDOT: easy 63 % (`from`, slow end) to 73 % (`to`, fast end); marathon = pace of the VDOT-equivalent marathon; threshold 88 %; interval 97.5 %; repetition = interval pace − 15 s/km (VDOT ≥ 50) or − 20 s/km (below 50). Give either `vdot` (20–90) or both `distance` and `time`. Threshold, interval and repetition also have `reps`: the time per repetition at 200, 300, 400, 600, 800, 1000, 1200 m and the mile.",
  toolDescription:
    "Daniels' training paces (easy range, marathon, threshold, interval, repetition) with rep times, from vdot or a race result.",
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
    .check(
      refinement<{ vdot?: number; distance?: unknown; time?: unknown }>((input, ctx) => {
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
    )
    .meta(exactlyOneOf(['vdot'], ['distance', 'time'])),
  output: outputs.zonesOutput,
  errors: [VDOT_ERROR],
  example: { input: { vdot: 50 }, output: () => zonesFromVdot(50) },
  handler: (input) =>
    input.vdot !== undefined ? zonesFromVdot(input.vdot) : zonesFromPerformance(input.distance!, input.time!),
});

export const splitsOperation = defineOperation({
  name: 'splits',
  summary: 'Split table for a goal time (even or negative)',
  description:
    'Cumulative time at every `split` (default 1 km), each rounded from the exact value (never summing rounded splits), so the last cumulative time is the goal time; the last, partial split ends at the race distance. `negative`: the second half is `negative_percent` % faster (H1 = T/(2 − r), H2 = T·(1 − r)/(2 − r)), each half at its own constant pace; the split containing halfway mixes both.',
  toolDescription:
    'Split table for a goal time: split and cumulative times at every split (default 1 km), even or negative (second half negative_percent % faster).',
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
      .meta({ description: '`even` (default) or `negative` (second half faster)', example: 'negative' }),
    negative_percent: z
      .number()
      .default(DEFAULT_NEGATIVE_PERCENT)
      .meta({
        description: `How much faster the second half is, 0–${MAX_NEGATIVE_PERCENT} % (default ${DEFAULT_NEGATIVE_PERCENT})`,
        example: 2,
      }),
  }),
  output: outputs.splitsOutput,
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
    output: () => splits(5000, 1200, { strategy: 'negative' }),
  },
  handler: (input) =>
    splits(input.distance, input.time, {
      split_m: input.split,
      strategy: input.strategy,
      negative_percent: input.negative_percent,
    }),
});

export const finishOperation = defineOperation({
  name: 'finish',
  mcpName: 'finish_projection',
  summary: 'Project the finish time of a race in progress',
  description:
    'Linear: T = t·D/d. Power law (Riegel over the whole race, not the remaining distance alone): T = t·(D/d)^k, k = `exponent` (default 1.06). When `distance_done` equals `total_distance`, both are the elapsed time.',
  toolDescription:
    'Projects the finish time of a race in progress: linear (same pace) and power law (Riegel).',
  tags: ['prediction'],
  method: 'POST',
  path: '/finish',
  input: z.strictObject({
    distance_done: distanceField('Distance covered so far.', '10 km'),
    elapsed_time: durationField('Time elapsed so far.', '50:00'),
    total_distance: distanceField('Race distance.', 'half'),
    exponent: exponentField,
  }),
  output: outputs.finishOutput,
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
    output: () => projectFinish(10_000, 3000, 21_097.5),
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
  toolDescription: 'Converts a pace to a speed or a speed to a pace; give exactly one.',
  tags: ['pace'],
  method: 'POST',
  path: '/convert',
  input: z
    .strictObject({ pace: paceField.optional(), speed: speedField.optional() })
    .check(
      refinement<{ pace?: unknown; speed?: unknown }>((input, ctx) =>
        exactlyOne(
          ctx,
          { pace: input.pace !== undefined, speed: input.speed !== undefined },
          'either "pace" (e.g. "5:00/km") or "speed" (e.g. "12 km/h")',
          (missing) => (missing ? 'pace' : 'speed'),
        ),
      ),
    )
    .meta(exactlyOneOf(['pace'], ['speed'])),
  output: outputs.convertOutput,
  errors: [], // every well-formed input has an answer
  example: { input: { pace: '5:00/km' }, output: () => convertPace(300) },
  handler: (input) => (input.pace !== undefined ? convertPace(input.pace) : convertSpeed(input.speed!)),
});

export const timeAtPaceOperation = defineOperation({
  name: 'time-at-pace',
  mcpName: 'time_at_pace',
  summary: 'Time to cover a distance at a pace',
  description:
    'Finish time of `distance` run at `pace` ("5:00/km", "8:02/mi"): T = D · pace. The answer echoes the distance, the pace per km and per mile and the speed, and gives `time` as seconds (0.1 s) and text.',
  toolDescription: 'Time to run a distance at a pace.',
  tags: ['pace'],
  method: 'POST',
  path: '/time-at-pace',
  input: z.strictObject({
    distance: distanceField('Distance to run.', 'half'),
    pace: paceField,
  }),
  output: outputs.timeAtPaceOutput,
  errors: [], // every well-formed input has an answer
  example: { input: { distance: 'half', pace: '5:00/km' }, output: () => timeAtPace(21_097.5, 300) },
  handler: (input) => timeAtPace(input.distance, input.pace),
});

export const distanceAtPaceOperation = defineOperation({
  name: 'distance-at-pace',
  mcpName: 'distance_at_pace',
  summary: 'Distance covered in a time at a pace',
  description:
    'Distance covered in `time` at `pace` ("5:00/km", "8:02/mi"): D = T / pace, in metres (1 mm), kilometres and miles (6 decimals).',
  toolDescription: 'Distance covered in a time at a pace, in m, km and mi.',
  tags: ['pace'],
  method: 'POST',
  path: '/distance-at-pace',
  input: z.strictObject({
    time: durationField('Time running.', '45:00'),
    pace: paceField,
  }),
  output: outputs.distanceAtPaceOutput,
  errors: [], // every well-formed input has an answer
  example: { input: { time: '45:00', pace: '5:00/km' }, output: () => distanceAtPace(2700, 300) },
  handler: (input) => distanceAtPace(input.time, input.pace),
});

export const purdyOperation = defineOperation({
  name: 'purdy',
  mcpName: 'purdy_points',
  summary: 'Purdy points of a performance',
  description:
    "Purdy points (Gardner & Purdy 1970, with the world-record running curve of Purdy 1974): v(d) = −11.15895·e^(−0.03796158·d) + 4.304605·e^(−0.001646772·d) + 0.5234627·e^(−0.000410767·d) + 4.03156·e^(−0.000007068099·d) + 2.316157·e^(−0.00000000522099·d) (m/s, d in metres), t_wr = d/v, k = 0.0654 − 0.00258·v, a = 85/k, b = 1 − 1035/a, points = a·(t_wr/t − b), to 0.1. `world_record` is the curve's 1035-point time at the distance. Equal points predict times in `/predict`.",
  toolDescription:
    'Purdy points of a race result, comparable across distances (a 1970 world record scores 1035), and the 1035-point time there.',
  tags: ['prediction'],
  method: 'POST',
  path: '/purdy',
  input: z.strictObject({
    distance: distanceField('Race distance.', '5k'),
    time: durationField('Race time.', '20:00'),
  }),
  output: outputs.purdyOutput,
  errors: [], // every well-formed input has a score
  example: { input: { distance: '5k', time: '20:00' }, output: () => purdyReport(5000, 1200) },
  handler: ({ distance, time }) => purdyReport(distance, time),
});

const MAX_FIT_RESULTS = 10;

export const fitOperation = defineOperation({
  name: 'fit',
  mcpName: 'fit_riegel_exponent',
  summary: 'Fit a personal Riegel exponent to several results',
  description: `Least squares of ln T on ln D (D in m, T in s) over 2–${MAX_FIT_RESULTS} results: T = a·D^k, k = Sxy/Sxx, ln a = ȳ − k·x̄; \`r_squared\` = 1 − SSR/SST, \`residual_se\` = √(SSR/(n − 2)) (null with 2 results). With \`targets\`, \`predictions\` at each: a·D^k with the 95 % prediction interval exp(ŷ ± t₀.₉₇₅,ₙ₋₂ · s · √(1 + 1/n + (x₀ − x̄)²/Sxx)), Student's t computed exactly (null with 2 results). Fewer than 2 different distances cannot be fitted; an exponent outside 1.0–1.2 is answered with a warning.`,
  toolDescription: `Fits T = a·D^k to 2–${MAX_FIT_RESULTS} race results (least squares on logs): exponent, fit quality and predictions at targets with 95 % prediction intervals.`,
  tags: ['prediction'],
  method: 'POST',
  path: '/fit',
  input: z.strictObject({
    results: z
      .array(
        z.strictObject({
          distance: distanceField('Race distance.', '5k'),
          time: durationField('Race time.', '20:00'),
        }),
      )
      .min(2, { error: 'must hold at least 2 results' })
      .max(MAX_FIT_RESULTS, { error: `must hold at most ${MAX_FIT_RESULTS} results` })
      .meta({
        description: `2–${MAX_FIT_RESULTS} results, at least 2 different distances.`,
        example: [
          { distance: '5k', time: '20:00' },
          { distance: '10k', time: '41:40' },
          { distance: 'half', time: '1:33:20' },
          { distance: 'marathon', time: '3:18:20' },
        ],
      }),
    targets: distanceListField('Distances to predict.', ['15k'], MAX_TARGETS).optional(),
  }),
  output: outputs.fitOutput,
  errors: [
    {
      status: 422,
      code: 'fit_degenerate',
      description:
        'Fewer than 2 different distances, or distances so close that the fitted law gives no time in seconds (at `/results`, or at the `/targets/<i>` it fails for).',
    },
  ],
  example: {
    input: {
      results: [
        { distance: '5k', time: '20:00' },
        { distance: '10k', time: '41:40' },
        { distance: 'half', time: '1:33:20' },
        { distance: 'marathon', time: '3:18:20' },
      ],
      targets: ['15k'],
    },
    output: () =>
      fitRiegel(
        [
          { distance_m: 5000, time_s: 1200 },
          { distance_m: 10_000, time_s: 2500 },
          { distance_m: 21_097.5, time_s: 5600 },
          { distance_m: 42_195, time_s: 11_900 },
        ],
        [15_000],
      ),
  },
  handler: ({ results, targets }) =>
    fitRiegel(
      results.map((result) => ({ distance_m: result.distance, time_s: result.time })),
      targets,
    ),
});

export const adjustOperation = defineOperation({
  name: 'adjust',
  mcpName: 'adjust_for_conditions',
  summary: 'Adjust a performance for grade, altitude and heat',
  description: `Moves a performance to standard conditions (flat, sea level, cool; \`direction\` \`to_standard\`, default) or from them (\`from_standard\`). Grade: Minetti et al. (2002) energy cost C(i) = 155.4i⁵ − 30.4i⁴ − 43.3i³ + 46.3i² + 19.5i + 3.6 J/kg/m, i = grade_percent/100; flat time = time × C(0)/C(i); valid ${GRADE_RANGE.min}…${GRADE_RANGE.max} %. Altitude: Bassett et al. (1999) aerobic power y(x) (x in km; acclimatised −1.12x² − 1.90x + 99.9, else 0.178x³ − 1.43x² − 4.07x + 100), f = y(x)/y(0), applied through Daniels–Gilbert VDOT (to_standard: VDOT/f; from_standard: VDOT·f); valid ${ALTITUDE_RANGE.min}–${ALTITUDE_RANGE.max} m. Heat: Ely et al. (2007) top-3 gap to the course record per WBGT quartile, linear between the quartile midpoints, g = (1 + s(w)/100)/(1 + s₁/100), factor 1/g (from_standard g); valid ${HEAT_RANGE.min}–${HEAT_RANGE.max} °C. Give at least one condition; \`combined\` multiplies the factors.`,
  toolDescription:
    'Adjusts a race time for grade, altitude and heat (WBGT) to flat, sea-level, cool conditions or back; each model with its factor, source and valid range.',
  tags: ['conditions'],
  method: 'POST',
  path: '/adjust',
  input: z
    .strictObject({
      distance: distanceField('Race distance.', '10 km'),
      time: durationField('Race time.', '50:00'),
      grade_percent: z
        .number()
        .optional()
        .meta({ description: 'Average gradient, % (−45…45; negative downhill)', example: 5 }),
      altitude_m: z.number().optional().meta({ description: 'Altitude, m (0–4000)', example: 2000 }),
      acclimatized: z
        .boolean()
        .default(false)
        .meta({ description: 'Acclimatised to the altitude (default false: 1–7 days)', example: false }),
      wbgt_c: z
        .number()
        .optional()
        .meta({ description: 'Wet-bulb globe temperature, °C (5.1–25)', example: 20 }),
      sex: z
        .enum(['male', 'female'])
        .default('male')
        .meta({ description: 'For the heat model (default male)', example: 'female' }),
      direction: z
        .enum(['to_standard', 'from_standard'])
        .default('to_standard')
        .meta({ description: 'to_standard (default) or from_standard', example: 'from_standard' }),
    })
    .check(
      refinement<{ grade_percent?: number; altitude_m?: number; wbgt_c?: number }>((input, ctx) => {
        if (
          input.grade_percent === undefined &&
          input.altitude_m === undefined &&
          input.wbgt_c === undefined
        ) {
          ctx.addIssue({
            path: ['grade_percent'],
            message: 'give at least one condition: "grade_percent", "altitude_m" or "wbgt_c"',
            params: { code: 'missing_field' },
          });
        }
      }),
    )
    .meta({
      anyOf: [{ required: ['grade_percent'] }, { required: ['altitude_m'] }, { required: ['wbgt_c'] }],
    }),
  output: outputs.adjustOutput,
  errors: [
    {
      status: 422,
      code: 'condition_out_of_range',
      description: "A condition is outside its model's valid range.",
    },
    { status: 422, code: 'vdot_out_of_range', description: 'The altitude-adjusted VDOT is outside 20–90.' },
  ],
  example: {
    input: { distance: '10 km', time: '50:00', grade_percent: 5 },
    output: () => adjustForConditions(10_000, 3000, { grade_percent: 5 }),
  },
  handler: ({ distance, time, ...conditions }) => adjustForConditions(distance, time, conditions),
});

export const ageGradeOperation = defineOperation({
  name: 'age-grade',
  mcpName: 'age_grade',
  summary: 'Age-grade a road race (WMA/USATF 2020)',
  description: `WMA/USATF road running age standards, 2020 edition (A. Jones, T. Bernhard; USATF Masters LDR, 2020-05-20; CC0), sheet AgeStdFactors of github.com/AlanLyttonJones/Age-Grade-Tables at commit 4aac673: ages ${AGE_MIN}–${AGE_MAX}, 21 distances from 1 mile to 200 km. \`age_factor\` F and open-class standard OC at the distance (a column within 1 m; between columns linear in ln d for the age standard OC/F and for OC, F = OC/S); \`age_standard_s\` = OC/F, \`age_graded_time_s\` = time × F, \`age_grade_percent\` = 100·OC/(time × F).`,
  toolDescription: `Age-grades a road race with the WMA/USATF 2020 tables (ages ${AGE_MIN}–${AGE_MAX}, 1 mile–200 km): age factor, standards, age-graded time and percentage.`,
  tags: ['conditions'],
  method: 'POST',
  path: '/age-grade',
  input: z.strictObject({
    distance: distanceField('Race distance, 1 mile–200 km.', '5k'),
    time: durationField('Race time.', '20:00'),
    age: z
      .number()
      .int()
      .meta({ description: `Age on race day, ${AGE_MIN}–${AGE_MAX}`, example: 50 }),
    sex: z.enum(['male', 'female']).meta({ description: 'Which table', example: 'male' }),
  }),
  output: outputs.ageGradeOutput,
  errors: [
    { status: 422, code: 'age_out_of_range', description: `\`age\` is outside ${AGE_MIN}–${AGE_MAX}.` },
    { status: 422, code: 'distance_out_of_range', description: 'The distance is outside 1 mile–200 km.' },
    {
      status: 422,
      code: 'time_out_of_range',
      description: `The time would grade above ${MAX_AGE_GRADE_PERCENT} % (more than 10 % faster than the age standard, world-record level).`,
    },
  ],
  example: {
    input: { distance: '5k', time: '20:00', age: 50, sex: 'male' },
    output: () => ageGrade(5000, 1200, 50, 'male'),
  },
  handler: ({ distance, time, age, sex }) => ageGrade(distance, time, age, sex),
});

export const operations = [
  paceOperation,
  predictOperation,
  vdotOperation,
  zonesOperation,
  splitsOperation,
  finishOperation,
  convertOperation,
  timeAtPaceOperation,
  distanceAtPaceOperation,
  purdyOperation,
  fitOperation,
  adjustOperation,
  ageGradeOperation,
];
