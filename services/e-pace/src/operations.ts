import { defineOperation, exactlyOneOf, refinement, z } from '@dus/core';
import {
  convertPace,
  convertSpeed,
  DEFAULT_NEGATIVE_PERCENT,
  distanceAtPace,
  MAX_NEGATIVE_PERCENT,
  MAX_SPLITS,
  paceReport,
  predict,
  predictMany,
  projectFinish,
  purdyReport,
  REP_DISTANCES,
  type RepName,
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
  distanceUnits,
  durationField,
  exactlyOne,
  exponentField,
  meters,
  pace,
  paceField,
  prediction,
  seconds,
  speed,
  speedField,
  text,
  timedDistance,
  timeText,
} from './schemas.js';

// ---------------------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------------------

export const paceOperation = defineOperation({
  name: 'pace',
  summary: 'Average pace and speed of a run',
  description:
    'Pace per km and per mile, and speed in km/h, mph and m/s, of `distance` run in `time`. Times are given as seconds (0.1 s) and as text rounded to the second.',
  toolDescription:
    'Computes the average pace and speed of a run. Pass distance (with its unit: "10 km", "5k", "half") and time ("50:00", "1:30:00" or seconds). Returns pace per km and per mile, each { seconds, text }, and speed in km/h, mph and m/s.',
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
  example: { input: { distance: '10 km', time: '50:00' }, output: () => paceReport(10_000, 3000) },
  handler: ({ distance, time }) => paceReport(distance, time),
});

const VDOT_ERROR = {
  status: 422,
  code: 'vdot_out_of_range',
  description: `The VDOT (given, or of the performance) is outside ${VDOT_MIN}–${VDOT_MAX}, where the Daniels–Gilbert tables apply.`,
};

const MAX_TARGETS = 20;

const nullablePrediction = (description: string) =>
  // A union rather than .nullable(): the generator would render nullable as allOf [$ref, null], which
  // refuses null.
  z.union([prediction, z.null()]).meta({ description });

const predictions = z
  .object({
    riegel: prediction.meta({ description: 'Riegel: T2 = T1 · (D2/D1)^k' }),
    cameron: nullablePrediction("Cameron's model; null when a distance is beyond 200 km"),
    vdot: nullablePrediction(
      'Daniels–Gilbert: the time of the same VDOT at the target; null when the known VDOT is outside 20–90',
    ),
    purdy: nullablePrediction(
      'The time of the same Purdy points at the target; null when no time there scores that low',
    ),
  })
  .meta({ id: 'Predictions', description: "Each model's predicted time at one target distance" });

const predictWarnings = z
  .array(
    z
      .object({
        code: z
          .enum([
            'outside_riegel_validity',
            'outside_cameron_range',
            'outside_vdot_range',
            'outside_purdy_range',
          ])
          .meta({ description: 'Which model the warning is about' }),
        message: z.string().meta({ description: 'The reason, in English' }),
      })
      .meta({ id: 'PredictWarning', description: 'Why a prediction is less reliable or absent' }),
  )
  .meta({ description: 'Empty when there is nothing to say' });

const TARGET_ALTERNATIVES =
  'either "target_distance" (one distance, e.g. "half") or "target_distances" (a list, e.g. ["5k", "half"])';

export const predictOperation = defineOperation({
  name: 'predict',
  mcpName: 'predict_race_time',
  summary: 'Predict race times from one performance (Riegel, Cameron, VDOT, Purdy)',
  description: `Four models. Riegel (1977/1981): T2 = T1 · (D2/D1)^k, k = \`riegel_exponent\` (default 1.06). Cameron (1997): T2 = T1 · (D2/D1) · f(D1)/f(D2), f(d) = 13.49681 − 0.000030363·d + 835.7114/d^0.7905 (d in metres). VDOT (Daniels–Gilbert 1979): the time of the same VDOT at the target. Purdy (Gardner & Purdy 1970, running curve of Purdy 1974): the time of the same Purdy points at the target. Give exactly one of \`target_distance\` (answer: \`target\` and \`predictions\`, as before) or \`target_distances\` (1–${MAX_TARGETS}; answer: \`targets\`, one row per distance in the order given, each with its \`predictions\` and \`warnings\`). A \`warnings\` entry is added when the known effort is outside Riegel's validity of 3.5–230 minutes; \`cameron\` is null beyond 200 km, \`vdot\` when the known VDOT is outside 20–90, \`purdy\` when no time at the target scores as low as the known performance — each with a warning.`,
  toolDescription: `Predicts race times at other distances from one race result with four models side by side: Riegel, Cameron, VDOT (Jack Daniels) and Purdy points. Pass known_distance and known_time, and either target_distance or target_distances (1–${MAX_TARGETS}); optional riegel_exponent. With target_distance the answer has predictions { riegel, cameron, vdot, purdy }, each { time_s, text, pace }; with target_distances, targets[] with each distance's predictions. A model that does not apply is null, with a warning saying why.`,
  tags: ['prediction'],
  method: 'POST',
  path: '/predict',
  input: z
    .strictObject({
      known_distance: distanceField('Distance of the known performance.', '10k'),
      known_time: durationField('Time of the known performance.', '40:00'),
      target_distance: distanceField(
        'Distance to predict; give this or `target_distances`, not both.',
        'half',
      ).optional(),
      target_distances: distanceListField(
        'Distances to predict, instead of `target_distance`.',
        ['5k', 'half', 'marathon'],
        MAX_TARGETS,
      ).optional(),
      riegel_exponent: exponentField,
    })
    .check(
      refinement<{ target_distance?: unknown; target_distances?: unknown }>(
        (input, ctx) =>
          exactlyOne(
            ctx,
            {
              target_distance: input.target_distance !== undefined,
              target_distances: input.target_distances !== undefined,
            },
            TARGET_ALTERNATIVES,
            (missing) => (missing ? 'target_distance' : 'target_distances'),
          ),
        // Also when another field is wrong, so that a missing target is reported with it; not when a target
        // field itself is malformed (its own issue says so).
        {
          when: (payload) =>
            typeof payload.value === 'object' &&
            payload.value !== null &&
            !payload.issues.some(
              (issue) => issue.path?.[0] === 'target_distance' || issue.path?.[0] === 'target_distances',
            ),
        },
      ),
    )
    .meta(exactlyOneOf(['target_distance'], ['target_distances'])),
  output: z.object({
    known: timedDistance.meta({ description: 'The known performance as read' }),
    target: z
      .object({ distance_m: meters('Target distance') })
      .optional()
      .meta({ description: 'Only with `target_distance`' }),
    riegel_exponent: z.number().meta({ description: 'Riegel exponent k used' }),
    predictions: predictions.optional().meta({ description: 'Only with `target_distance`' }),
    targets: z
      .array(
        z.object({
          distance_m: meters('Target distance'),
          predictions,
          warnings: predictWarnings.meta({ description: 'Why a model is null at this target' }),
        }),
      )
      .optional()
      .meta({ description: 'Only with `target_distances`: one row per distance, in the order given' }),
    warnings: predictWarnings,
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
    output: () => predict(10_000, 2400, 21_097.5),
  },
  handler: (input) =>
    input.target_distances !== undefined
      ? predictMany(input.known_distance, input.known_time, input.target_distances, input.riegel_exponent)
      : predict(input.known_distance, input.known_time, input.target_distance!, input.riegel_exponent),
});

export const vdotOperation = defineOperation({
  name: 'vdot',
  summary: "Daniels' VDOT of a performance and equivalent race times",
  description: `VDOT (Daniels & Gilbert 1979): VO2(v) = −4.60 + 0.182258·v + 0.000104·v² (v in m/min), F(t) = 0.8 + 0.1894393·e^(−0.012778·t) + 0.2989558·e^(−0.1932605·t) (t in minutes), VDOT = VO2(d/t)/F(t), to 2 decimals. \`vo2max\` is the same value (Daniels' "pseudo VO2max"). \`equivalent\` gives the time of equal VDOT at 1500 m, mile, 3 km, 2 mi, 5 km, 10 km, 15 km, half and marathon; with \`targets\` (1–${MAX_TARGETS} distances) the answer also has \`targets\`, the equivalent times there in the order given.`,
  toolDescription: `Computes Jack Daniels' VDOT (fitness score, 20–90) of a race result and the equally good times at 1500 m, mile, 3 km, 2 mi, 5 km, 10 km, 15 km, half and marathon. Pass distance ("5k", "10 km") and time ("20:00"); optionally targets, 1–${MAX_TARGETS} more distances. Returns vdot, equivalent[] and, with targets, targets[], each with time_s, text and pace. Fails when the VDOT is outside 20–90.`,
  tags: ['vdot'],
  method: 'POST',
  path: '/vdot',
  input: z.strictObject({
    distance: distanceField('Race distance.', '5k'),
    time: durationField('Race time.', '20:00'),
    targets: distanceListField(
      'Optional: more distances to give equivalent times at.',
      ['800 m', '25 km'],
      MAX_TARGETS,
    ).optional(),
  }),
  output: z.object({
    distance_m: meters('Distance'),
    time_s: seconds('Time'),
    vdot: z.number().meta({ description: 'VDOT, 2 decimals (ties to even)' }),
    vo2max: z.number().meta({ description: 'Same as `vdot`: Daniels\' "pseudo VO2max"' }),
    equivalent: z
      .array(
        z.object({
          name: z.string().meta({ description: 'Distance name, accepted back as a distance' }),
          distance_m: meters('Distance'),
          time_s: seconds('Equivalent time'),
          text,
          pace,
        }),
      )
      .meta({
        description: 'Equal-VDOT times at 1500 m, mile, 3 km, 2 mi, 5 km, 10 km, 15 km, half and marathon',
      }),
    targets: z
      .array(timedDistance)
      .optional()
      .meta({ description: 'Only with `targets`: the equivalent times there, in the order given' }),
  }),
  errors: [VDOT_ERROR],
  example: { input: { distance: '5k', time: '20:00' }, output: () => vdotReport(5000, 1200) },
  handler: ({ distance, time, targets }) => vdotReport(distance, time, targets),
});

const repTimes = z
  .object(
    Object.fromEntries(REP_DISTANCES.map(([name]) => [name, timeText])) as Record<RepName, typeof timeText>,
  )
  .meta({
    id: 'RepTimes',
    description:
      "Time per repetition at this pace at Daniels' rep distances, 200 m to the mile, from the exact pace",
  });

/** Threshold, interval and repetition: one shape, the 400 m and 200 m times only where Daniels gives them. */
const zone = pace
  .extend({
    per_400m: timeText.optional().meta({ description: 'Per 400 m; interval and repetition only' }),
    per_200m: timeText.optional().meta({ description: 'Per 200 m; repetition only' }),
    reps: repTimes,
  })
  .meta({ id: 'Zone', description: 'A training pace, per km and per mile, with rep times' });

export const zonesOperation = defineOperation({
  name: 'zones',
  mcpName: 'training_zones',
  summary: "Daniels' training paces from a VDOT or a performance",
  description:
    "Training paces of Daniels' Running Formula (3rd ed.), where p % is the speed whose oxygen cost is p % of VDOT: easy 63 % (`from`, slow end) to 73 % (`to`, fast end); marathon = pace of the VDOT-equivalent marathon; threshold 88 %; interval 97.5 %; repetition = interval pace − 15 s/km (VDOT ≥ 50) or − 20 s/km (below 50). Give either `vdot` (20–90) or both `distance` and `time`. Threshold, interval and repetition also have `reps`: the time per repetition at 200, 300, 400, 600, 800, 1000, 1200 m and the mile.",
  toolDescription:
    "Gives Jack Daniels' training paces: easy (a range), marathon, threshold, interval and repetition, each per km and per mile; threshold, interval and repetition also with rep times at 200 m–1200 m and the mile. Pass vdot (20–90), or a race result as distance and time. Fails when the VDOT is outside 20–90.",
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
  output: z.object({
    vdot: z.number().meta({ description: 'VDOT the zones are computed from, 2 decimals' }),
    zones: z
      .object({
        easy: z
          .object({
            from: pace.meta({ description: 'Slow end (63 %)' }),
            to: pace.meta({ description: 'Fast end (73 %)' }),
          })
          .meta({ description: 'Easy range' }),
        marathon: pace.meta({ description: 'Pace of the VDOT-equivalent marathon' }),
        threshold: zone.meta({ description: 'Threshold (88 %)' }),
        interval: zone.meta({ description: 'Interval (97.5 %)' }),
        repetition: zone.meta({ description: 'Repetition: interval − 15 s/km (VDOT ≥ 50) or − 20 s/km' }),
      })
      .meta({ description: "Daniels' training paces" }),
  }),
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
    'Builds a split table for a goal time: the time and cumulative time at every split. Pass distance ("marathon"), time (the goal, "3:30:00"), optionally split (default "1 km"), strategy ("even" or "negative") and negative_percent (how much faster the second half is, 0–20, default 2). Returns splits[] and, for a negative split, the two halves.',
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
  output: z.object({
    distance_m: meters('Race distance'),
    time_s: seconds('Goal time'),
    split_m: meters('Split length'),
    strategy: z.enum(['even', 'negative']).meta({ description: 'The strategy used' }),
    negative_percent: z.number().optional().meta({ description: 'Only for the negative strategy' }),
    pace: pace.meta({ description: 'Average pace over the race' }),
    splits: z
      .array(
        z.object({
          index: z.number().int().meta({ description: '1-based' }),
          distance_m: meters('Distance from the start at the end of this split'),
          length_m: meters('Length of this split (shorter for the last, partial split)'),
          split_s: seconds('Time of this split'),
          cumulative_s: seconds('Elapsed time at the end of this split'),
          cumulative_text: text,
          pace_per_km: timeText.meta({ description: 'Pace of this split per km' }),
        }),
      )
      .meta({ description: 'One row per split, from the start' }),
    halves: z
      .object({ first: timedDistance, second: timedDistance })
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
    output: () => splits(5000, 1200, { strategy: 'negative' }),
  },
  handler: (input) =>
    splits(input.distance, input.time, {
      split_m: input.split,
      strategy: input.strategy,
      negative_percent: input.negative_percent,
    }),
});

const projection = z
  .object({
    finish_s: seconds('Projected finish time'),
    text,
    remaining_s: seconds('Time still to run'),
    pace: pace.meta({ description: 'Average pace over the whole race at this finish time' }),
  })
  .meta({ id: 'Projection', description: 'A projected finish time' });

export const finishOperation = defineOperation({
  name: 'finish',
  mcpName: 'finish_projection',
  summary: 'Project the finish time of a race in progress',
  description:
    'Linear: T = t·D/d. Power law (Riegel over the whole race, not the remaining distance alone): T = t·(D/d)^k, k = `exponent` (default 1.06). When `distance_done` equals `total_distance`, both are the elapsed time.',
  toolDescription:
    'Projects the finish time of a race in progress. Pass distance_done ("10 km"), elapsed_time ("50:00") and total_distance ("half"); optionally exponent (default 1.06). Returns two projections, linear (same pace to the end) and power_law (Riegel: slowing with distance), each with finish time, remaining time and pace.',
  tags: ['prediction'],
  method: 'POST',
  path: '/finish',
  input: z.strictObject({
    distance_done: distanceField('Distance covered so far.', '10 km'),
    elapsed_time: durationField('Time elapsed so far.', '50:00'),
    total_distance: distanceField('Race distance.', 'half'),
    exponent: exponentField,
  }),
  output: z.object({
    distance_done_m: meters('Distance done'),
    elapsed_s: seconds('Elapsed time'),
    total_distance_m: meters('Race distance'),
    exponent: z.number().meta({ description: 'Exponent k used by the power law' }),
    projections: z
      .object({
        linear: projection.meta({ description: 'Same average pace to the finish: T = t·D/d' }),
        power_law: projection.meta({ description: 'Riegel over the whole race: T = t·(D/d)^k' }),
      })
      .meta({ description: 'The finish time by each method' }),
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
  toolDescription:
    'Converts a running pace to a speed or a speed to a pace. Pass exactly one of pace ("5:00/km", "8:02/mi") or speed ("12 km/h", "7.5 mph", "3.2 m/s"). Returns the pace per km and per mile and the speed in km/h, mph and m/s.',
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
  output: z.object({ pace, speed }),
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
  toolDescription:
    'Answers "how long does this distance take at this pace?". Pass distance ("half", "10 km") and pace ("5:00/km", "8:02/mi"). Returns time { seconds, text }, the pace per km and per mile, and the speed.',
  tags: ['pace'],
  method: 'POST',
  path: '/time-at-pace',
  input: z.strictObject({
    distance: distanceField('Distance to run.', 'half'),
    pace: paceField,
  }),
  output: z.object({
    distance_m: meters('Distance'),
    pace,
    speed,
    time: timeText.meta({ description: 'Time to cover the distance at the pace' }),
  }),
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
  toolDescription:
    'Answers "how far do I get in this time at this pace?". Pass time ("45:00" or seconds) and pace ("5:00/km", "8:02/mi"). Returns distance { m, km, mi }, the pace per km and per mile, and the speed.',
  tags: ['pace'],
  method: 'POST',
  path: '/distance-at-pace',
  input: z.strictObject({
    time: durationField('Time running.', '45:00'),
    pace: paceField,
  }),
  output: z.object({
    time_s: seconds('Time'),
    pace,
    speed,
    distance: distanceUnits.meta({ description: 'Distance covered in the time at the pace' }),
  }),
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
    'Scores a running performance in Purdy points, which compare performances across distances (a 1970 world record scores 1035; 5 km in 20:00 scores 454.5). Pass distance ("5k", "mile") and time ("20:00"). Returns points (1 decimal; negative for very slow times) and world_record, the 1035-point time at that distance.',
  tags: ['prediction'],
  method: 'POST',
  path: '/purdy',
  input: z.strictObject({
    distance: distanceField('Race distance.', '5k'),
    time: durationField('Race time.', '20:00'),
  }),
  output: z.object({
    distance_m: meters('Distance'),
    time_s: seconds('Time'),
    points: z.number().meta({ description: 'Purdy points, 1 decimal (ties to even); may be negative' }),
    world_record: z
      .object({
        time_s: seconds('Time on the 1970 world-record curve'),
        text,
        speed_mps: z.number().meta({ description: 'Speed on the curve, m/s to 4 decimals' }),
      })
      .meta({ description: 'The 1035-point performance at this distance' }),
  }),
  errors: [], // every well-formed input has a score
  example: { input: { distance: '5k', time: '20:00' }, output: () => purdyReport(5000, 1200) },
  handler: ({ distance, time }) => purdyReport(distance, time),
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
];
