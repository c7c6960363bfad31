import type { ProblemFieldError } from '@dus/core';
import { FIELD_ERROR_CODES, fieldError } from './errors.js';
import { SIZE_NAMES } from './datamatrix/tables.js';
import { EC_LEVELS, type EcLevel } from './qr/tables.js';
import { type BarcodeType, DATA_MATRIX_TYPES, LINEAR_TYPES, QR_TYPES } from './symbologies.js';

/** Data Matrix `size`: a shape (the smallest of it that fits) or an ECC 200 size `RxC`. */
export const SIZE_VALUES: readonly string[] = ['square', 'rectangle', ...SIZE_NAMES];

/** `#rgb` or `#rrggbb`, any case. */
export const COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** An add-on: EAN-2 or EAN-5. */
export const ADDON_PATTERN = /^(?:\d{2}|\d{5})$/;

interface IntegerOption {
  kind: 'integer';
  minimum: number;
  maximum: number;
  default?: number;
  description: string;
  example: number;
}
interface NumberOption {
  kind: 'number';
  minimum: number;
  maximum: number;
  /** Most decimals allowed; null for any. */
  decimals: number | null;
  default?: number;
  description: string;
  example: number;
}
interface BooleanOption {
  kind: 'boolean';
  default: boolean;
  description: string;
  example: boolean;
}
interface ColorOption {
  kind: 'color';
  default: string;
  description: string;
  example: string;
}
interface EnumOption {
  kind: 'enum';
  values: readonly string[];
  default: string;
  description: string;
  example: string;
}
interface SizeOption {
  kind: 'size';
  default: string;
  description: string;
  example: string;
}
interface AddonOption {
  kind: 'addon';
  description: string;
  example: string;
}
export type OptionDescription =
  | IntegerOption
  | NumberOption
  | BooleanOption
  | ColorOption
  | EnumOption
  | SizeOption
  | AddonOption;

/**
 * The rendering options of `/generate` (query or body), the single source for the domain's checks, its
 * defaults and the API documentation.
 */
export const RENDER_OPTIONS = {
  module_width: {
    kind: 'integer',
    minimum: 1,
    maximum: 10,
    default: 2,
    description: 'Px (dots) per module',
    example: 2,
  },
  height: {
    kind: 'integer',
    minimum: 10,
    maximum: 300,
    default: 69,
    description: 'Bar height, modules',
    example: 69,
  },
  text: { kind: 'boolean', default: true, description: 'Print the text', example: true },
  quiet_zone: {
    kind: 'boolean',
    default: true,
    description: 'Quiet zones',
    example: true,
  },
  color: { kind: 'color', default: '#000000', description: 'Bar colour', example: '#000000' },
  background: { kind: 'color', default: '#ffffff', description: 'Background colour', example: '#ffffff' },
  addon: {
    kind: 'addon',
    description: 'EAN-2/5 add-on (ean13, upca, upce)',
    example: '12345',
  },
  ratio: {
    kind: 'number',
    minimum: 2.25,
    maximum: 3,
    decimals: 2,
    default: 2.5,
    description: 'ITF-14 wide:narrow, ≤ 2 decimals',
    example: 2.5,
  },
  bearer: {
    kind: 'enum',
    values: ['box', 'bars', 'none'],
    default: 'box',
    description: 'ITF-14 bearer bars',
    example: 'box',
  },
  output: {
    kind: 'enum',
    values: ['svg', 'png'],
    default: 'svg',
    description: 'Image format',
    example: 'svg',
  },
  dpi: {
    kind: 'integer',
    minimum: 72,
    maximum: 1200,
    default: 300,
    description: 'Printer dpi',
    example: 300,
  },
  x_dim_mm: {
    kind: 'number',
    minimum: 0.1,
    maximum: 2,
    decimals: null,
    description: 'Module mm, snapped to dots',
    example: 0.33,
  },
  ec_level: {
    kind: 'enum',
    values: EC_LEVELS,
    default: 'M',
    description: 'QR error correction (never raised)',
    example: 'M',
  },
  version: {
    kind: 'integer',
    minimum: 1,
    maximum: 40,
    description: 'QR version; default: smallest that fits',
    example: 2,
  },
  size: {
    kind: 'size',
    default: 'square',
    description: 'Data Matrix: square, rectangle or RxC (ECC 200)',
    example: 'square',
  },
} as const satisfies Record<string, OptionDescription>;

export type RenderOptionName = keyof typeof RENDER_OPTIONS;
export const RENDER_OPTION_NAMES = Object.keys(RENDER_OPTIONS) as RenderOptionName[];

export type Bearer = 'box' | 'bars' | 'none';
export type OutputKind = 'svg' | 'png';

/** Options as given: any may be missing (its default applies). */
export interface RenderOptionsInput {
  module_width?: number;
  height?: number;
  text?: boolean;
  quiet_zone?: boolean;
  color?: string;
  background?: string;
  addon?: string;
  ratio?: number;
  bearer?: Bearer;
  output?: OutputKind;
  dpi?: number;
  x_dim_mm?: number;
  ec_level?: EcLevel;
  version?: number;
  size?: string;
}

/** Options with their defaults applied and colours normalised to lowercase `#rrggbb`. */
export interface RenderOptions {
  /** Pixels (dots) per module: `module_width`, or `x_dim_mm` snapped to whole dots at `dpi`. */
  module_width: number;
  height: number;
  text: boolean;
  quiet_zone: boolean;
  color: string;
  background: string;
  addon: string | null;
  ratio: number;
  bearer: Bearer;
  output: OutputKind;
  dpi: number;
  x_dim_mm: number | null;
  ec_level: EcLevel;
  /** QR: a fixed version, or null for the smallest that fits. */
  version: number | null;
  size: string;
}

/** `#ABC` → `#aabbcc`, `#A0B1C2` → `#a0b1c2`, so every spelling of a colour renders the same bytes. */
export function normalizeColor(color: string): string {
  const hex = color.slice(1).toLowerCase();
  return hex.length === 3 ? `#${hex[0]}${hex[0]}${hex[1]}${hex[1]}${hex[2]}${hex[2]}` : `#${hex}`;
}

/** Whether `value` has at most `decimals` decimals (as written in JSON or a query). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-9;
}

function optionError(name: RenderOptionName, value: unknown): ProblemFieldError | null {
  const option: OptionDescription = RENDER_OPTIONS[name];
  const error = (message: string) => fieldError(name, FIELD_ERROR_CODES.option, message);
  switch (option.kind) {
    case 'integer':
      return Number.isInteger(value) &&
        (value as number) >= option.minimum &&
        (value as number) <= option.maximum
        ? null
        : error(`must be an integer from ${option.minimum} to ${option.maximum}`);
    case 'number':
      return typeof value === 'number' &&
        value >= option.minimum &&
        value <= option.maximum &&
        (option.decimals === null || hasAtMostDecimals(value, option.decimals))
        ? null
        : error(
            `must be a number from ${option.minimum} to ${option.maximum}` +
              (option.decimals === null ? '' : ` with at most ${option.decimals} decimals`),
          );
    case 'boolean':
      return typeof value === 'boolean' ? null : error('must be true or false');
    case 'color':
      return typeof value === 'string' && COLOR_PATTERN.test(value)
        ? null
        : error('must be a colour #rgb or #rrggbb');
    case 'enum':
      return typeof value === 'string' && option.values.includes(value)
        ? null
        : error(`must be one of ${option.values.join(', ')}`);
    case 'size':
      return typeof value === 'string' && SIZE_VALUES.includes(value)
        ? null
        : error(
            'must be square, rectangle or an ECC 200 size RxC (10x10…144x144, 8x18, 8x32, 12x26, 12x36, 16x36, 16x48)',
          );
    case 'addon':
      return typeof value === 'string' && ADDON_PATTERN.test(value) ? null : error('must be 2 or 5 digits');
  }
}

/** Which types an option applies to (the others refuse it); absent: every type. */
const ONLY_FOR: Partial<Record<RenderOptionName, readonly BarcodeType[]>> = {
  height: LINEAR_TYPES,
  text: LINEAR_TYPES,
  addon: ['ean13', 'upca', 'upce'],
  ratio: ['itf14'],
  bearer: ['itf14'],
  ec_level: QR_TYPES,
  version: QR_TYPES,
  size: DATA_MATRIX_TYPES,
};

/**
 * Every error in the given options, in table order (a missing option is never an error): a bad value, an
 * option the type does not take, `x_dim_mm` together with `module_width`.
 */
export function renderOptionErrors(input: RenderOptionsInput, type?: BarcodeType): ProblemFieldError[] {
  const errors: ProblemFieldError[] = [];
  for (const name of RENDER_OPTION_NAMES) {
    const value = input[name];
    if (value === undefined) continue;
    const only = ONLY_FOR[name];
    const error =
      optionError(name, value) ??
      (only !== undefined && type !== undefined && !only.includes(type)
        ? fieldError(name, FIELD_ERROR_CODES.option, `applies only to ${only.join(', ')}`)
        : null);
    if (error) errors.push(error);
  }
  if (input.x_dim_mm !== undefined && input.module_width !== undefined) {
    errors.push(fieldError('x_dim_mm', FIELD_ERROR_CODES.option, 'give x_dim_mm or module_width, not both'));
  }
  return errors;
}

/** Dots per module for `x_dim_mm` at `dpi`: max(1, floor(x·dpi/25.4 + 0.5)). */
export function dotsPerModule(xDimMm: number, dpi: number): number {
  return Math.max(1, Math.floor((xDimMm * dpi) / 25.4 + 0.5));
}

/**
 * The default bar height in modules: with `x_dim_mm`, the fewest modules reaching the GS1 minimum (70 for
 * EAN-13, UPC-A, UPC-E; 56 for EAN-8; ⌈5·dpi/(4·dpm)⌉ for ITF-14 and GS1-128; 69 for Code 128), within
 * 10–300; else 69 (EAN-8 55).
 */
export function defaultHeight(
  type: BarcodeType,
  xDimMm: number | undefined,
  dpi: number,
  dpm: number,
): number {
  if (xDimMm === undefined) return type === 'ean8' ? 55 : RENDER_OPTIONS.height.default;
  if (type === 'ean8') return 56;
  if (type === 'itf14' || type === 'gs1-128') {
    return Math.min(300, Math.max(10, Math.ceil((5 * dpi) / (4 * dpm))));
  }
  return type === 'code128' ? RENDER_OPTIONS.height.default : 70;
}

/** Options that passed `renderOptionErrors`, with the defaults applied and the colours normalised. */
export function withDefaults(input: RenderOptionsInput, type: BarcodeType = 'code128'): RenderOptions {
  const dpi = input.dpi ?? RENDER_OPTIONS.dpi.default;
  const dpm =
    input.x_dim_mm === undefined
      ? (input.module_width ?? RENDER_OPTIONS.module_width.default)
      : dotsPerModule(input.x_dim_mm, dpi);
  return {
    module_width: dpm,
    height: input.height ?? defaultHeight(type, input.x_dim_mm, dpi, dpm),
    text: input.text ?? RENDER_OPTIONS.text.default,
    quiet_zone: input.quiet_zone ?? RENDER_OPTIONS.quiet_zone.default,
    color: normalizeColor(input.color ?? RENDER_OPTIONS.color.default),
    background: normalizeColor(input.background ?? RENDER_OPTIONS.background.default),
    addon: input.addon ?? null,
    ratio: input.ratio ?? RENDER_OPTIONS.ratio.default,
    bearer: input.bearer ?? 'box',
    output: input.output ?? 'svg',
    dpi,
    x_dim_mm: input.x_dim_mm ?? null,
    ec_level: input.ec_level ?? RENDER_OPTIONS.ec_level.default,
    version: input.version ?? null,
    size: input.size ?? RENDER_OPTIONS.size.default,
  };
}
