import type { ProblemFieldError } from '@dus/core';
import { FIELD_ERROR_CODES, fieldError } from './errors.js';

/** `#rgb` or `#rrggbb`, any case. */
export const COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

interface IntegerOption {
  kind: 'integer';
  minimum: number;
  maximum: number;
  default: number;
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
export type OptionDescription = IntegerOption | BooleanOption | ColorOption;

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
    description: 'Pixels per module (the narrowest bar): the SVG is modules × module_width pixels wide.',
    example: 2,
  },
  height: {
    kind: 'integer',
    minimum: 10,
    maximum: 300,
    default: 69,
    description: "Bar height in modules (69 ≈ GS1's 22.85 mm at the 0.33 mm nominal module).",
    example: 69,
  },
  text: {
    kind: 'boolean',
    default: true,
    description: 'Print the human-readable interpretation under the bars (a 12-module text band).',
    example: true,
  },
  quiet_zone: {
    kind: 'boolean',
    default: true,
    description:
      'Include the quiet zones (EAN-13 11/7, UPC-A 9/9, Code 128 10/10 modules). Without them, text still ' +
      'keeps EAN-13 11 modules on the left and UPC-A 9/9 for the digits printed there.',
    example: true,
  },
  color: {
    kind: 'color',
    default: '#000000',
    description: 'Bar and text colour, #rgb or #rrggbb (any case).',
    example: '#000000',
  },
  background: {
    kind: 'color',
    default: '#ffffff',
    description: 'Background colour, #rgb or #rrggbb (any case).',
    example: '#ffffff',
  },
} as const satisfies Record<string, OptionDescription>;

export type RenderOptionName = keyof typeof RENDER_OPTIONS;
export const RENDER_OPTION_NAMES = Object.keys(RENDER_OPTIONS) as RenderOptionName[];

/** Options as given: any may be missing (its default applies). */
export interface RenderOptionsInput {
  module_width?: number;
  height?: number;
  text?: boolean;
  quiet_zone?: boolean;
  color?: string;
  background?: string;
}

/** Options with their defaults applied and colours normalised to lowercase `#rrggbb`. */
export interface RenderOptions {
  module_width: number;
  height: number;
  text: boolean;
  quiet_zone: boolean;
  color: string;
  background: string;
}

/** `#ABC` → `#aabbcc`, `#A0B1C2` → `#a0b1c2`, so every spelling of a colour renders the same bytes. */
export function normalizeColor(color: string): string {
  const hex = color.slice(1).toLowerCase();
  return hex.length === 3 ? `#${hex[0]}${hex[0]}${hex[1]}${hex[1]}${hex[2]}${hex[2]}` : `#${hex}`;
}

function optionError(name: RenderOptionName, value: unknown): ProblemFieldError | null {
  const option: OptionDescription = RENDER_OPTIONS[name];
  switch (option.kind) {
    case 'integer':
      return Number.isInteger(value) &&
        (value as number) >= option.minimum &&
        (value as number) <= option.maximum
        ? null
        : fieldError(
            name,
            FIELD_ERROR_CODES.option,
            `must be an integer from ${option.minimum} to ${option.maximum}`,
          );
    case 'boolean':
      return typeof value === 'boolean'
        ? null
        : fieldError(name, FIELD_ERROR_CODES.option, 'must be true or false');
    case 'color':
      return typeof value === 'string' && COLOR_PATTERN.test(value)
        ? null
        : fieldError(name, FIELD_ERROR_CODES.option, 'must be a colour #rgb or #rrggbb');
  }
}

/** Every error in the given options, in table order (a missing option is never an error). */
export function renderOptionErrors(input: RenderOptionsInput): ProblemFieldError[] {
  const errors: ProblemFieldError[] = [];
  for (const name of RENDER_OPTION_NAMES) {
    const value = input[name];
    if (value === undefined) continue;
    const error = optionError(name, value);
    if (error) errors.push(error);
  }
  return errors;
}

/** Options that passed `renderOptionErrors`, with the defaults applied and the colours normalised. */
export function withDefaults(input: RenderOptionsInput): RenderOptions {
  return {
    module_width: input.module_width ?? RENDER_OPTIONS.module_width.default,
    height: input.height ?? RENDER_OPTIONS.height.default,
    text: input.text ?? RENDER_OPTIONS.text.default,
    quiet_zone: input.quiet_zone ?? RENDER_OPTIONS.quiet_zone.default,
    color: normalizeColor(input.color ?? RENDER_OPTIONS.color.default),
    background: normalizeColor(input.background ?? RENDER_OPTIONS.background.default),
  };
}
