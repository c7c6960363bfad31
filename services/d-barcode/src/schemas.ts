import { z } from '@dus/core';
import {
  ADDON_PATTERN,
  BARCODE_TYPE_NAMES,
  BARCODE_TYPES,
  CHECK_DIGIT_MODES,
  CHECK_DIGIT_TYPE_NAMES,
  COLOR_PATTERN,
  DL_RULES,
  EC_LEVELS,
  GS1_RULES,
  MAX_URI_LENGTH,
  type OptionDescription,
  RENDER_OPTIONS,
  type RenderOptionName,
  SIZE_VALUES,
  VALIDATION_REASONS,
} from './domain/index.js';

// Every option's schema, description and example come from the domain's RENDER_OPTIONS table, so the
// OpenAPI document, the MCP tool and the domain's own checks cannot drift apart. Descriptions are short:
// MCP's tools/list is paid for on every connection (issue #29).

const typeDescription = BARCODE_TYPE_NAMES.map((type) => BARCODE_TYPES[type].description).join(', ');
export const barcodeType = z.enum(BARCODE_TYPE_NAMES).meta({ description: typeDescription });
const DATA_DESCRIPTION = 'Data, as a string';
export const barcodeData = z
  .string({ error: 'must be a string (send numbers as text: "4006381333931")' })
  .meta({ description: DATA_DESCRIPTION });
export const format = z.enum(['svg', 'json']).meta({
  description: 'svg (default): the image (output); json: metadata with the image as a string.',
  example: 'json',
});

const AS_GIVEN = { description: 'As given' };

type OptionOf<K> = Extract<(typeof RENDER_OPTIONS)[RenderOptionName], { kind: K }>;
/** An option's documentation; `default` annotates only (the domain applies the defaults). */
const meta = (option: OptionDescription) => ({ description: option.description });
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
const numberRange = (option: OptionOf<'number'>) =>
  `must be a number from ${option.minimum} to ${option.maximum}`;
const numberOption = (option: OptionOf<'number'>) =>
  z
    .number({ error: numberRange(option) })
    .min(option.minimum, numberRange(option))
    .max(option.maximum, numberRange(option))
    .optional()
    .meta(meta(option));
const booleanOption = (option: OptionOf<'boolean'>) => z.boolean().optional().meta(meta(option));
// Refinements rather than `regex`, so the patterns stay out of the (budgeted) MCP schema; the domain
// checks them again.
const colorOption = (option: OptionOf<'color'>) =>
  z
    .string()
    .refine((value) => COLOR_PATTERN.test(value), 'must be #rgb or #rrggbb')
    .optional()
    .meta(meta(option));
const enumOption = <const T extends readonly [string, ...string[]]>(option: OptionOf<'enum'>, values: T) =>
  z
    .enum(values, { error: `must be one of ${values.join(', ')}` })
    .optional()
    .meta(meta(option));

const options = {
  module_width: integerOption(RENDER_OPTIONS.module_width),
  height: integerOption(RENDER_OPTIONS.height),
  text: booleanOption(RENDER_OPTIONS.text),
  quiet_zone: booleanOption(RENDER_OPTIONS.quiet_zone),
  color: colorOption(RENDER_OPTIONS.color),
  background: colorOption(RENDER_OPTIONS.background),
  addon: z
    .string()
    .refine((value) => ADDON_PATTERN.test(value), 'must be 2 or 5 digits')
    .optional()
    .meta(meta(RENDER_OPTIONS.addon)),
  ratio: numberOption(RENDER_OPTIONS.ratio),
  bearer: enumOption(RENDER_OPTIONS.bearer, ['box', 'bars', 'none']),
  output: enumOption(RENDER_OPTIONS.output, ['svg', 'png']),
  dpi: integerOption(RENDER_OPTIONS.dpi),
  x_dim_mm: numberOption(RENDER_OPTIONS.x_dim_mm),
  ec_level: enumOption(RENDER_OPTIONS.ec_level, EC_LEVELS),
  version: integerOption(RENDER_OPTIONS.version),
  size: z
    .string()
    .refine((value) => SIZE_VALUES.includes(value), 'must be square, rectangle or an ECC 200 size RxC')
    .optional()
    .meta(meta(RENDER_OPTIONS.size)),
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
const decimalText = /^\d{1,4}(?:\.\d{1,12})?$/;
const queryInteger = (option: OptionOf<'integer'>) =>
  once().regex(integerText, range(option)).transform(Number).optional();
const queryNumber = (option: OptionOf<'number'>) =>
  once().regex(decimalText, numberRange(option)).transform(Number).optional();
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
    option.kind === 'integer' || option.kind === 'number'
      ? `${option.minimum}–${option.maximum}${'default' in option ? `, default ${option.default}` : ''}.`
      : option.kind === 'boolean'
        ? `true or false, default ${option.default}.`
        : option.kind === 'enum'
          ? `${option.values.join(', ')}; default ${option.default}.`
          : option.kind === 'color'
            ? `Default ${option.default} (send # as %23).`
            : option.kind === 'size'
              ? `Default ${option.default}.`
              : '';
  return queryDoc(schema, `${option.description} ${syntax}`.trim(), option.example);
};
/**
 * The GET query: every parameter once (a repeated one arrives as a list and is refused), decimal
 * digits and true/false parsed strictly here; the result is then checked by the body schema.
 */
export const generateQuery = z.strictObject({
  type: queryDoc(once(), typeDescription, 'ean13'),
  data: queryDoc(once(), `${DATA_DESCRIPTION} Control characters percent-encoded (%01).`, '400638133393'),
  format: queryDoc(once().optional(), 'svg (default): the image; json: metadata with the image.', 'json'),
  module_width: optionDoc(queryInteger(RENDER_OPTIONS.module_width), 'module_width'),
  height: optionDoc(queryInteger(RENDER_OPTIONS.height), 'height'),
  text: optionDoc(queryBoolean, 'text'),
  quiet_zone: optionDoc(queryBoolean, 'quiet_zone'),
  color: optionDoc(once().optional(), 'color'),
  background: optionDoc(once().optional(), 'background'),
  addon: optionDoc(once().optional(), 'addon'),
  ratio: optionDoc(queryNumber(RENDER_OPTIONS.ratio), 'ratio'),
  bearer: optionDoc(once().optional(), 'bearer'),
  output: optionDoc(once().optional(), 'output'),
  dpi: optionDoc(queryInteger(RENDER_OPTIONS.dpi), 'dpi'),
  x_dim_mm: optionDoc(queryNumber(RENDER_OPTIONS.x_dim_mm), 'x_dim_mm'),
  ec_level: optionDoc(once().optional(), 'ec_level'),
  version: optionDoc(queryInteger(RENDER_OPTIONS.version), 'version'),
  size: optionDoc(once().optional(), 'size'),
});

const int = (description: string) => z.number().int().meta({ description });
const nullableString = (description: string) => z.string().nullable().meta({ description });
const nullableInt = (description: string) => z.number().nullable().meta({ description });

const aiField = z
  .object({ ai: z.string().meta({ description: 'AI' }), value: z.string().meta({ description: 'Value' }) })
  .meta({ id: 'Ai' });
const aiList = (description: string) => z.array(aiField).nullable().meta({ description });

/**
 * `print` is described in one line rather than member by member: its 16 members would take ~1.2 kB of
 * MCP's tools/list, past issue #29's budget. The README and the domain's PrintGeometry type fix them.
 */
const printGeometry = z.looseObject({}).meta({
  description:
    'dpi, x_dim_mm, dots_per_module, actual_x_dim_mm, magnification, quiet_zones {left, right, left_mm, right_mm}, bar_height(_mm), width_mm, height_mm, gs1_compliant, warnings[]',
});

export const generateOutput = z.object({
  type: z.string().meta(AS_GIVEN),
  data: z.string().meta(AS_GIVEN),
  encoded: z.string().meta({ description: 'Data encoded' }),
  check_digit: nullableString('Check digit'),
  checksum: nullableInt('Mod-103 check'),
  human_readable: z.string().meta({ description: 'Text' }),
  modules: int('Width, modules'),
  width_px: int('Width, px'),
  height_px: int('Height, px'),
  symbol_chars: nullableInt('Code 128 symbols'),
  code_sets: nullableString('Code sets'),
  addon: nullableString('Add-on digits'),
  upca: nullableString("UPC-E's UPC-A"),
  ais: aiList('GS1-128 fields'),
  png: nullableString('PNG, base64'),
  print: printGeometry,
  svg: z.string().meta({ description: 'SVG' }),
  matrix: z.looseObject({}).optional().meta({
    description:
      '2D only: rows, columns, version, ec_level, mask, segments [{mode, chars}] (QR; else null), eci (26 or null)',
  }),
});

export const validateInput = z.strictObject({
  type: barcodeType,
  data: z.string({ error: 'must be a string' }).meta({ description: 'Data with its check digit' }),
});
const REASONS = [...new Set([...VALIDATION_REASONS, ...GS1_RULES, ...DL_RULES])];
export const validateOutput = z.object({
  valid: z.boolean().meta({ description: 'Valid' }),
  type: z.string().meta(AS_GIVEN),
  data: z.string().meta(AS_GIVEN),
  reason: nullableString(`First failing of ${REASONS.join(', ')}`),
  check_digit: nullableString('Given'),
  expected_check_digit: nullableString('Correct'),
  upca: nullableString("UPC-E's UPC-A"),
  ais: aiList('GS1-128 fields'),
  ai: nullableString('AI at fault'),
});

export const checkDigitInput = z.strictObject({
  type: z.enum(CHECK_DIGIT_TYPE_NAMES).meta({ description: 'GS1 key type' }),
  data: z.string({ error: 'must be a string' }).meta({ description: 'Digits, with or without check digit' }),
  mode: z.enum(CHECK_DIGIT_MODES).optional().meta({ description: 'Default: by length' }),
});
export const checkDigitOutput = z.object({
  type: z.string().meta(AS_GIVEN),
  data: z.string().meta(AS_GIVEN),
  check_digit: z.string().meta({ description: 'Correct' }),
  full: z.string().meta({ description: 'With correct digit' }),
  valid: z.boolean().nullable().meta({ description: 'Given digit correct' }),
  upca: nullableString("UPC-E's UPC-A"),
});

const elementString = z
  .string({ error: 'must be a string' })
  .meta({ description: 'GS1 element string, (AI)value…', example: '(01)09520123456788(10)ABC1(17)261231' });
export const buildDigitalLinkInput = z.strictObject({
  data: elementString,
  domain: z
    .string({ error: 'must be a string' })
    .optional()
    .meta({ description: 'http(s)://host[/path]; default https://id.gs1.org' }),
});
export const parseDigitalLinkInput = z.strictObject({
  uri: z
    .string({ error: 'must be a string' })
    .meta({ description: `GS1 Digital Link URI, ≤ ${MAX_URI_LENGTH} characters` }),
});
export const digitalLinkOutput = z.object({
  uri: z.string().meta({ description: 'URI (parse: as given)' }),
  canonical_uri: z.string().meta({ description: 'On https://id.gs1.org' }),
  domain: z.string().meta({ description: 'Before the Digital Link path' }),
  primary_key: z.string().meta({ description: 'Primary key AI' }),
  ais: z.array(aiField).meta({ description: 'Path, then query' }),
  element_string: z.string().meta({ description: '(AI)value…' }),
});
