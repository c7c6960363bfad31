import { z } from '@dus/core';
import { REP_DISTANCES, type RepName } from './domain/index.js';
import {
  distanceUnits,
  meters,
  pace,
  prediction,
  seconds,
  speed,
  text,
  timedDistance,
  timeText,
} from './schemas.js';

// Outputs: exactly what the domain returns (the MCP client validates structuredContent against them).
// A shape that repeats is one named schema (an OpenAPI component, a `$defs` entry).

const nullablePrediction = (description: string) =>
  // A union rather than .nullable(): the generator would render nullable as allOf [$ref, null], which
  // refuses null.
  z.union([prediction, z.null()]).meta({ description });

const predictions = z
  .object({
    riegel: prediction.meta({ description: 'Riegel: T2 = T1 · (D2/D1)^k' }),
    cameron: nullablePrediction('Cameron; null beyond 200 km'),
    vdot: nullablePrediction('Same VDOT (Daniels–Gilbert); null outside VDOT 20–90'),
    purdy: nullablePrediction('Same Purdy points; null when no time scores that low'),
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

const distancePrediction = z
  .object({ distance_m: meters('Predicted distance'), pace })
  .meta({ id: 'DistancePrediction', description: 'The distance covered in the target time' });

const nullableDistance = (description: string) =>
  z.union([distancePrediction, z.null()]).meta({ description });

const distancePredictions = z
  .object({
    riegel: distancePrediction.meta({ description: 'Riegel: D2 = D1 · (T2/T1)^(1/k)' }),
    cameron: nullableDistance('Cameron; null unless 1 m–200 km'),
    vdot: nullableDistance('Same VDOT; null outside VDOT 20–90 or 1 m–1000 km'),
    purdy: nullableDistance('Same Purdy points; null unless 1 m–1000 km'),
  })
  .meta({ id: 'DistancePredictions', description: "Each model's distance for the target time" });

const repTimes = z
  .object(
    Object.fromEntries(REP_DISTANCES.map(([name]) => [name, timeText])) as Record<RepName, typeof timeText>,
  )
  .meta({
    id: 'RepTimes',
    description: "Time per rep at Daniels' rep distances",
  });

/** Threshold, interval and repetition: one shape, the 400 m and 200 m times only where Daniels gives them. */
const zone = pace
  .extend({
    per_400m: timeText.optional().meta({ description: 'Per 400 m; interval and repetition only' }),
    per_200m: timeText.optional().meta({ description: 'Per 200 m; repetition only' }),
    reps: repTimes,
  })
  .meta({ id: 'Zone', description: 'A training pace, per km and per mile, with rep times' });

const projection = z
  .object({
    finish_s: seconds('Projected finish time'),
    text,
    remaining_s: seconds('Time still to run'),
    pace: pace.meta({ description: 'Average pace over the whole race at this finish time' }),
  })
  .meta({ id: 'Projection', description: 'A projected finish time' });

const adjusted = z
  .object({
    factor: z.number().meta({ description: 'Adjusted ÷ given time, 6 decimals' }),
    time_s: seconds('Adjusted time'),
    text,
    pace,
  })
  .meta({ id: 'Adjusted', description: 'The performance under the adjusted conditions' });

const adjustment = adjusted
  .extend({
    source: z.string().meta({ description: "The model's citation" }),
    valid_range: z
      .object({
        min: z.number().meta({ description: 'Lowest valid value' }),
        max: z.number().meta({ description: 'Highest valid value' }),
      })
      .meta({ description: 'Range of the condition the model was measured on' }),
  })
  .meta({ id: 'Adjustment', description: "One condition's model" });

/** An adjustment with its model's own figures: allOf [Adjustment, figures], so the shared part is one $def. */
const adjustmentWith = <T extends z.ZodRawShape>(figures: T, description: string) =>
  z.intersection(adjustment, z.object(figures)).optional().meta({ description });

export const paceOutput = z.object({
  distance_m: meters('Distance'),
  time_s: seconds('Time'),
  pace,
  speed,
});

export const predictOutput = z.object({
  known: timedDistance.meta({ description: 'The known performance as read' }),
  target: z
    .union([
      z.object({ distance_m: meters('Target distance') }),
      z.object({ time_s: seconds('Target time'), text }),
    ])
    .optional()
    .meta({ description: 'With `target_distance` or `target_time`' }),
  riegel_exponent: z.number().meta({ description: 'Riegel exponent k used' }),
  predictions: z
    .union([predictions, distancePredictions])
    .optional()
    .meta({ description: 'Times for `target_distance`, distances for `target_time`' }),
  targets: z
    .array(
      z.object({
        distance_m: meters('Target distance'),
        predictions,
        warnings: predictWarnings.meta({ description: 'Why a model is null at this target' }),
      }),
    )
    .optional()
    .meta({ description: 'With `target_distances`, in order' }),
  warnings: predictWarnings,
});

export const vdotOutput = z.object({
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
      description: 'Equal-VDOT times at 9 standard distances',
    }),
  targets: z.array(timedDistance).optional().meta({ description: 'With `targets`, in order' }),
});

export const zonesOutput = z.object({
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
});

export const splitsOutput = z.object({
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
});

export const finishOutput = z.object({
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
});

export const convertOutput = z.object({ pace, speed });

export const timeAtPaceOutput = z.object({
  distance_m: meters('Distance'),
  pace,
  speed,
  time: timeText.meta({ description: 'Time to cover the distance at the pace' }),
});

export const distanceAtPaceOutput = z.object({
  time_s: seconds('Time'),
  pace,
  speed,
  distance: distanceUnits.meta({ description: 'Distance covered in the time at the pace' }),
});

export const purdyOutput = z.object({
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
});

export const fitOutput = z.object({
  exponent: z.number().meta({ description: 'k, 4 decimals' }),
  coefficient: z.number().meta({ description: 'a (T in s, D in m), 6 significant digits' }),
  log_coefficient: z.number().meta({ description: 'ln a, 6 decimals' }),
  r_squared: z
    .union([z.number(), z.null()])
    .meta({ description: 'R² of the log fit, 4 decimals; null when all times are equal' }),
  residual_se: z
    .union([z.number(), z.null()])
    .meta({ description: 'Residual standard error of ln T, 6 decimals; null with 2 results' }),
  n: z.number().int().meta({ description: 'Number of results' }),
  results: z
    .array(
      z.object({
        distance_m: meters('Distance'),
        time_s: seconds('Time'),
        fitted_s: seconds('Time of the fitted law'),
      }),
    )
    .meta({ description: 'The results as read, in the order given' }),
  predictions: z
    .array(
      timedDistance.extend({
        interval_95: z
          .union([z.object({ low_s: seconds('Low end'), high_s: seconds('High end') }), z.null()])
          .meta({ description: '95 % prediction interval; null with 2 results' }),
      }),
    )
    .meta({ description: 'One per target, in the order given; empty without targets' }),
  warnings: z
    .array(
      z.object({
        code: z.enum(['exponent_outside_riegel_range']).meta({ description: 'What is unusual' }),
        message: z.string().meta({ description: 'The reason, in English' }),
      }),
    )
    .meta({ description: 'Empty when there is nothing to say' }),
});

export const adjustOutput = z.object({
  distance_m: meters('Distance'),
  time_s: seconds('Given time'),
  direction: z.enum(['to_standard', 'from_standard']).meta({ description: 'The direction used' }),
  adjustments: z
    .object({
      grade: adjustmentWith(
        { cost_j_per_kg_m: z.number().meta({ description: 'C(i), J/kg/m, 4 decimals' }) },
        'Only with grade_percent',
      ),
      altitude: adjustmentWith(
        {
          aerobic_power_percent: z.number().meta({ description: '100·f, 2 decimals' }),
          vdot: z.number().meta({ description: 'VDOT of the given performance' }),
          vdot_adjusted: z.number().meta({ description: 'VDOT after the adjustment' }),
        },
        'Only with altitude_m',
      ),
      heat: adjustmentWith(
        {
          course_record_gap_percent: z.number().meta({ description: 's(w), %, 3 decimals' }),
          slowdown_percent: z.number().meta({ description: '100·(g − 1), 2 decimals' }),
        },
        'Only with wbgt_c',
      ),
    })
    .meta({ description: 'One per condition given' }),
  combined: adjusted.meta({ description: 'All conditions: the product of the factors' }),
  warnings: z
    .array(
      z.object({
        code: z
          .enum(['altitude_air_resistance_ignored', 'heat_model_marathon_only'])
          .meta({ description: 'What to be aware of' }),
        message: z.string().meta({ description: 'The reason, in English' }),
      }),
    )
    .meta({ description: 'Empty when there is nothing to say' }),
});

export const ageGradeOutput = z.object({
  distance_m: meters('Distance'),
  time_s: seconds('Time'),
  age: z.number().int().meta({ description: 'Age' }),
  sex: z.enum(['male', 'female']).meta({ description: 'Table used' }),
  age_factor: z.number().meta({ description: 'F, 4 decimals' }),
  open_standard_s: seconds('Open-class standard OC'),
  age_standard_s: seconds('Age standard OC/F'),
  age_graded_time_s: seconds('Time × F'),
  age_graded_text: text,
  age_grade_percent: z.number().meta({ description: '100·OC/(time × F), 2 decimals' }),
  table: z.string().meta({ description: 'The table and its source' }),
  columns: z.array(z.string()).meta({ description: 'Table column(s) used' }),
  interpolated: z.boolean().meta({ description: 'Whether between two columns' }),
});
