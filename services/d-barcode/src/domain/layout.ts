import type { Code128Symbol } from './code128/symbol.js';
import { code128Widths } from './code128/symbol.js';
import {
  EAN_MODULES,
  eanDigitStart,
  eanModules,
  GUARD_RANGES,
  UPCA_EXTENDED_DIGIT_RANGES,
} from './ean-modules.js';
import {
  bandBelowBars,
  FONT_SIZE,
  GUARD_DESCENT,
  type QuietZones,
  quietZonesFor,
  SMALL_FONT_SIZE,
  TEXT_BASELINE,
} from './geometry.js';
import type { RenderOptions } from './options.js';
import type { Gs1BarcodeType } from './symbologies.js';

/** One dark bar: from y = 0 down to `height`, in module units. */
export interface Bar {
  x: number;
  width: number;
  height: number;
}

/** Characters placed one per x (each centred on it), or a single centred string. */
export interface TextRun {
  x: number[];
  fontSize: number;
  text: string;
}

/** A symbol laid out in module units: what the SVG draws, and what the geometry tests measure. */
export interface Layout {
  /** W: every module including the quiet zones. */
  width: number;
  /** H: the bar height plus the band below. */
  height: number;
  quietZones: QuietZones;
  bars: Bar[];
  /** The text baseline and runs; null when the text is off (or there is nothing printable). */
  text: { y: number; runs: TextRun[] } | null;
}

/** Runs of dark modules (`1`) as bars, split where the bar height changes. */
function barsFromModules(modules: string, left: number, heightAt: (module: number) => number): Bar[] {
  const bars: Bar[] = [];
  let i = 0;
  while (i < modules.length) {
    if (modules[i] !== '1') {
      i++;
      continue;
    }
    const start = i;
    const height = heightAt(i);
    while (i < modules.length && modules[i] === '1' && heightAt(i) === height) i++;
    bars.push({ x: left + start, width: i - start, height });
  }
  return bars;
}

function within(ranges: readonly (readonly [number, number])[], module: number): boolean {
  return ranges.some(([start, end]) => module >= start && module < end);
}

const digitCentre = (left: number, index: number) => left + eanDigitStart(index) + 3.5;

/**
 * EAN-13 (13 digits) or UPC-A (12 digits): 95 modules, guard bars descending GUARD_DESCENT modules (UPC-A's
 * first and last digit bars too). EAN-13's leading digit is printed centred in the left quiet zone; UPC-A's
 * first and last digits smaller, centred in their quiet zones; every other digit centred under its bars.
 */
export function gs1Layout(type: Gs1BarcodeType, digits: string, options: RenderOptions): Layout {
  const quietZones = quietZonesFor(type, options.quiet_zone, options.text);
  const ean = type === 'upca' ? `0${digits}` : digits;
  const extended = (module: number) =>
    within(GUARD_RANGES, module) || (type === 'upca' && within(UPCA_EXTENDED_DIGIT_RANGES, module));
  const bars = barsFromModules(eanModules(ean), quietZones.left, (module) =>
    extended(module) ? options.height + GUARD_DESCENT : options.height,
  );
  const width = quietZones.left + EAN_MODULES + quietZones.right;
  let text: Layout['text'] = null;
  if (options.text) {
    const left = quietZones.left;
    const centres = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, k) => digitCentre(left, from + k));
    const runs: TextRun[] =
      type === 'ean13'
        ? [{ x: [left / 2, ...centres(1, 12)], fontSize: FONT_SIZE, text: digits }]
        : [
            { x: [left / 2], fontSize: SMALL_FONT_SIZE, text: digits[0]! },
            { x: [...centres(2, 6), ...centres(7, 11)], fontSize: FONT_SIZE, text: digits.slice(1, 11) },
            { x: [width - quietZones.right / 2], fontSize: SMALL_FONT_SIZE, text: digits[11]! },
          ];
    text = { y: options.height + TEXT_BASELINE, runs };
  }
  return { width, height: options.height + bandBelowBars(type, options.text), quietZones, bars, text };
}

/** Code 128: the symbol's bars at full height, the human-readable text centred under them. */
export function code128Layout(symbol: Code128Symbol, humanReadable: string, options: RenderOptions): Layout {
  const quietZones = quietZonesFor('code128', options.quiet_zone, options.text);
  const widths = code128Widths(symbol.values);
  const bars: Bar[] = [];
  let x = quietZones.left;
  for (let i = 0; i < widths.length; i++) {
    if (i % 2 === 0) bars.push({ x, width: widths[i]!, height: options.height });
    x += widths[i]!;
  }
  const width = quietZones.left + symbol.modules + quietZones.right;
  const text: Layout['text'] =
    options.text && humanReadable !== ''
      ? {
          y: options.height + TEXT_BASELINE,
          runs: [{ x: [quietZones.left + symbol.modules / 2], fontSize: FONT_SIZE, text: humanReadable }],
        }
      : null;
  return { width, height: options.height + bandBelowBars('code128', options.text), quietZones, bars, text };
}
