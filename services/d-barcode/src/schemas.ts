import { z } from '@dus/core';
import {
  BARCODE_TYPE_NAMES,
  BARCODE_TYPES,
  CHECK_DIGIT_MODES,
  CHECK_DIGIT_TYPE_NAMES,
  COLOR_PATTERN,
  RENDER_OPTIONS,
  type OptionDescription,
  type RenderOptionName,
  VALIDATION_REASONS,
} from './domain/index.js';

// Every option's schema, description and example come from the domain's RENDER_OPTIONS table, so the
// OpenAPI document, the MCP tool and the domain's own checks cannot drift apart.

const typeDescription = BARCODE_TYPE_NAMES.map((type) => BARCODE_TYPES[type].description).join(' ');
export const barcodeType = z
  .enum(BARCODE_TYPE_NAMES)
  .meta({ description: typeDescription, example: 'ean13' });
export const barcodeData = z
  .string({ error: 'must be a string (send numbers as text: "4006381333931")' })
  .meta({
    description:
      'EAN-13: 12 digits (check digit computed) or 13 (verified). UPC-A: 11 or 12. Code 128: 1–80 ASCII characters.',
    example: '400638133393',
  });
export const format = z.enum(['svg', 'json']).meta({
  description: 'svg (default): the image; json: metadata with the SVG as a string.',
  example: 'json',
});

/** The `type` member of an answer. */
const ANSWER_TYPE = { description: 'The type asked for' };

type OptionOf<K> = Extract<(typeof RENDER_OPTIONS)[RenderOptionName], { kind: K }>;
/** An option's documentation; `default` annotates only (the domain applies the defaults). */
const meta = (option: OptionDescription) => ({
  description: option.description,
  default: option.default,
  example: option.example,
});
const range = (option: OptionOf<'integer'>) =>
  `must be a whole number from ${option.minimum} to ${option.maximum}`;
const integerOption = (option: OptionOf<'integer'>) =>
  z
    .number({ error: range(option) })
    .int(range(option))
    .min(option.minimum, range(option))
    .max(option.maximum, range(option))
    .optional()
    .meta(meta(option));
const booleanOption = (option: OptionOf<'boolean'>) => z.boolean().optional().meta(meta(option));
const colorOption = (option: OptionOf<'color'>) =>
  z.string().regex(COLOR_PATTERN, 'must be #rgb or #rrggbb').optional().meta(meta(option));

const options = {
  module_width: integerOption(RENDER_OPTIONS.module_width),
  height: integerOption(RENDER_OPTIONS.height),
  text: booleanOption(RENDER_OPTIONS.text),
  quiet_zone: booleanOption(RENDER_OPTIONS.quiet_zone),
  color: colorOption(RENDER_OPTIONS.color),
  background: colorOption(RENDER_OPTIONS.background),
};

/** The MCP tool's arguments: the body without `format` (the tool always answers the JSON form). */
export const generateArguments = z.strictObject({ type: barcodeType, data: barcodeData, ...options });
/** The POST body: the arguments and `format`. */
export const generateBody = generateArguments.extend({ format: format.optional() });

/** A query parameter given once; a repeated one arrives as a list. */
const once = () =>
  z.string({
    error: (issue) => (Array.isArray(issue.input) ? 'is repeated; give each parameter once' : 'must be text'),
  });
const integerText = /^\d{1,4}$/;
const queryInteger = (option: OptionOf<'integer'>) =>
  once().regex(integerText, range(option)).transform(Number).optional();
const queryBoolean = once()
  .refine((value) => value === 'true' || value === 'false', 'must be true or false')
  .transform((value) => value === 'true')
  .optional();

/** A query parameter documented as its body member is (with the query's own syntax and range). */
const queryDoc = (schema: z.ZodType, description: string, example: unknown) =>
  schema.meta({ description, example: String(example) });
const optionDoc = (schema: z.ZodType, name: RenderOptionName) => {
  const option: OptionDescription = RENDER_OPTIONS[name];
  const syntax =
    option.kind === 'integer'
      ? `An integer ${option.minimum}–${option.maximum}, default ${option.default}.`
      : option.kind === 'boolean'
        ? `true or false, default ${option.default}.`
        : `Default ${option.default} (send # as %23).`;
  return queryDoc(schema, `${option.description} ${syntax}`, option.example);
};
/**
 * The GET query: every parameter once (a repeated one arrives as a list and is refused), decimal
 * digits and true/false parsed strictly here; the result is then checked by the body schema.
 */
export const generateQuery = z.strictObject({
  type: queryDoc(once(), typeDescription, 'ean13'),
  data: queryDoc(
    once(),
    'EAN-13: 12 digits (check digit computed) or 13 (verified). UPC-A: 11 or 12. Code 128: 1–80 ASCII characters, control characters percent-encoded (%01).',
    '400638133393',
  ),
  format: queryDoc(
    once().optional(),
    'svg (default): the image; json: metadata with the SVG as a string.',
    'json',
  ),
  module_width: optionDoc(queryInteger(RENDER_OPTIONS.module_width), 'module_width'),
  height: optionDoc(queryInteger(RENDER_OPTIONS.height), 'height'),
  text: optionDoc(queryBoolean, 'text'),
  quiet_zone: optionDoc(queryBoolean, 'quiet_zone'),
  color: optionDoc(once().optional(), 'color'),
  background: optionDoc(once().optional(), 'background'),
});

export const generateOutput = z.object({
  type: z.enum(BARCODE_TYPE_NAMES).meta(ANSWER_TYPE),
  data: z.string().meta({ description: 'The data as given' }),
  encoded: z.string().meta({ description: 'EAN/UPC: the digits with the check digit; Code 128: the data' }),
  check_digit: z.string().nullable().meta({ description: 'EAN/UPC check digit ("1"); null for Code 128' }),
  checksum: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Code 128 mod-103 check value; null for EAN/UPC' }),
  human_readable: z
    .string()
    .meta({ description: 'The human-readable interpretation printed under the bars' }),
  modules: z.number().int().meta({ description: 'Width in modules, quiet zones included' }),
  width_px: z.number().int().meta({ description: 'SVG width in px: modules × module_width' }),
  height_px: z.number().int().meta({ description: 'SVG height in px: (height + text band) × module_width' }),
  symbol_chars: z.number().int().nullable().meta({ description: 'Code 128 symbols between start and check' }),
  code_sets: z
    .string()
    .nullable()
    .meta({ description: 'Code 128: the start set and each latched set, e.g. "C,B"' }),
  svg: z.string().meta({ description: 'The barcode as an SVG document (text)' }),
});

export const validateInput = z.strictObject({
  type: barcodeType,
  data: z
    .string({ error: 'must be a string' })
    .meta({ description: 'The data with its check digit (EAN/UPC).', example: '4006381333931' }),
});
export const validateOutput = z.object({
  valid: z.boolean().meta({ description: 'Whether the data is a valid barcode of the type' }),
  type: z.enum(BARCODE_TYPE_NAMES).meta(ANSWER_TYPE),
  data: z.string().meta({ description: 'The data as given' }),
  reason: z
    .enum(VALIDATION_REASONS)
    .nullable()
    .meta({ description: 'The first failing of character, length, check_digit' }),
  check_digit: z.string().nullable().meta({
    description: 'The check digit given (last digit); null unless EAN/UPC digits of the right length',
  }),
  expected_check_digit: z
    .string()
    .nullable()
    .meta({ description: 'The correct check digit; null unless EAN/UPC digits of the right length' }),
});

export const checkDigitInput = z.strictObject({
  type: z
    .enum(CHECK_DIGIT_TYPE_NAMES)
    .meta({ description: 'GS1 key: ean13, upca, gtin8, gtin14', example: 'ean13' }),
  data: z.string({ error: 'must be a string' }).meta({
    description: 'Digits without (compute) or with (validate) the check digit.',
    example: '400638133393',
  }),
  mode: z.enum(CHECK_DIGIT_MODES).optional().meta({
    description:
      'compute (data without its check digit) or validate (with it); by default chosen by the length',
    example: 'compute',
  }),
});
export const checkDigitOutput = z.object({
  type: z.enum(CHECK_DIGIT_TYPE_NAMES).meta(ANSWER_TYPE),
  data: z.string().meta({ description: 'The data as given' }),
  check_digit: z.string().meta({ description: 'The correct GS1 mod-10 check digit, one character' }),
  full: z.string().meta({ description: 'The data without its check digit, then the correct one' }),
  valid: z
    .boolean()
    .nullable()
    .meta({ description: 'Validate mode: whether the given digit matched; null in compute mode' }),
});
