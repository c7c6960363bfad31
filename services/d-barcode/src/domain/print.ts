import type { Layout } from './layout.js';
import type { RenderOptions } from './options.js';
import { actualXDimMm, roundTo } from './svg.js';
import { type BarcodeType, isEanUpc, isMatrixType } from './symbologies.js';

/**
 * The JSON form's `print`: the symbol as printed at `dpi` (mm to 4 decimals, magnification to 3). A type
 * alias (not an interface) so it fits the output schema's open object.
 */
export type PrintGeometry = {
  dpi: number;
  x_dim_mm: number | null;
  dots_per_module: number;
  actual_x_dim_mm: number;
  magnification: number | null;
  quiet_zones: { left: number; right: number; left_mm: number; right_mm: number };
  bar_height: number | null;
  bar_height_mm: number | null;
  width_mm: number;
  height_mm: number;
  gs1_compliant: boolean | null;
  warnings: string[];
};

/** GS1's nominal EAN/UPC module (magnification 1.0). */
export const NOMINAL_X_MM = 0.33;
/** X-dimension ranges: GS1 symbol specification table 1 (EAN/UPC) and table 2 (ITF-14, GS1-128), in µm. */
const X_RANGE_UM = { eanUpc: [264, 660], logistics: [495, 1016] } as const;
/** GS1-128: at most 48 data characters, at most 165.10 mm wide with its quiet zones. */
export const GS1_128_MAX_DATA = 48;

const mm = (value: number) => roundTo(value, 4);

/** The GS1 minimum bar height in mm at X `actual` mm, and whether `height` modules reach it (exactly). */
function heightLimit(type: BarcodeType, height: number, dpm: number, dpi: number, actual: number) {
  // height·0.33 ≥ 18.23 (EAN-8) or 22.85, in hundredths: no whole height reaches either exactly, so ≥ and > agree.
  // Stryker disable next-line EqualityOperator: 1823 / 33 is not a whole number of modules
  if (type === 'ean8') return { minimum: (18.23 * actual) / NOMINAL_X_MM, ok: height * 33 >= 1823 };
  // Stryker disable next-line EqualityOperator: 2285 / 33 is not a whole number of modules
  if (isEanUpc(type)) return { minimum: (22.85 * actual) / NOMINAL_X_MM, ok: height * 33 >= 2285 };
  return { minimum: 31.75, ok: 4 * height * dpm >= 5 * dpi };
}

/** What GS1-128's 48-character and 165.10 mm limits say of a symbol. */
export interface Gs1128Extent {
  /** Data characters: AIs, values, separator FNC1s. */
  dataCharacters: number;
  /** Modules of the symbol with its two 10-module quiet zones. */
  modulesWithZones: number;
}

/**
 * Print geometry of a laid-out symbol: dots per module and the actual X, quiet zones, bar height and size in
 * mm, and the GS1 checks (null for Code 128): X within table 1 or 2, bar height at the minimum, quiet
 * zones kept, a GS1-128's data characters and width. Every warning names the value and the limit.
 */
export function printGeometry(
  type: BarcodeType,
  layout: Layout,
  options: RenderOptions,
  gs1128?: Gs1128Extent,
): PrintGeometry {
  const dpm = options.module_width;
  const actual = actualXDimMm(options);
  const eanUpc = isEanUpc(type);
  const warnings: string[] = [];
  const matrix = isMatrixType(type);
  if (type !== 'code128' && !matrix) {
    const [low, high] = eanUpc ? X_RANGE_UM.eanUpc : X_RANGE_UM.logistics;
    const micrometres = (dpm * 25400) / options.dpi;
    // Stryker disable next-line EqualityOperator: no dpm ≤ 94 at a whole dpi ≤ 1200 gives exactly 264 or 495 µm.
    const tooThin = micrometres < low;
    // Exactly 1016 µm (12 dots at 300 dpi) is within table 2; 660 µm is out of reach like the lower limits.
    const tooWide = micrometres > high;
    if (tooThin || tooWide) {
      warnings.push(
        `X-dimension ${mm(actual)} mm is outside ${(low / 1000).toFixed(3)}–${(high / 1000).toFixed(3)} mm (GS1 table ${eanUpc ? 1 : 2})`,
      );
    }
    const limit = heightLimit(type, options.height, dpm, options.dpi, actual);
    if (!limit.ok) {
      warnings.push(
        `bar height ${mm(options.height * actual)} mm is under the GS1 minimum ${mm(limit.minimum)} mm`,
      );
    }
    if (!options.quiet_zone) warnings.push('quiet zones are dropped (quiet_zone=false)');
    if (gs1128 !== undefined) {
      if (gs1128.dataCharacters > GS1_128_MAX_DATA) {
        warnings.push(`${gs1128.dataCharacters} data characters exceed GS1-128's ${GS1_128_MAX_DATA}`);
      }
      // modules · dpm · 25.4 / dpi > 165.10, compared in whole numbers (× 10·dpi / 127) so the limit is exact.
      if (gs1128.modulesWithZones * dpm * 2 > 13 * options.dpi) {
        warnings.push(
          `width with quiet zones ${mm(gs1128.modulesWithZones * actual)} mm exceeds GS1-128's 165.10 mm`,
        );
      }
    }
  }
  return {
    dpi: options.dpi,
    x_dim_mm: options.x_dim_mm,
    dots_per_module: dpm,
    actual_x_dim_mm: mm(actual),
    magnification: eanUpc ? roundTo(actual / NOMINAL_X_MM, 3) : null,
    quiet_zones: {
      left: layout.quietZones.left,
      right: layout.quietZones.right,
      left_mm: mm(layout.quietZones.left * actual),
      right_mm: mm(layout.quietZones.right * actual),
    },
    bar_height: matrix ? null : options.height,
    bar_height_mm: matrix ? null : mm(options.height * actual),
    width_mm: mm(layout.width * actual),
    height_mm: mm(layout.height * actual),
    gs1_compliant: type === 'code128' || matrix ? null : warnings.length === 0,
    warnings,
  };
}
