import type { Code128Symbol } from './code128/symbol.js';
import { code128Widths } from './code128/symbol.js';
import {
  addonModules,
  eanDigitStart,
  eanModules,
  ean8Modules,
  GUARD_RANGES,
  UPCA_EXTENDED_DIGIT_RANGES,
  upceModules,
} from './ean-modules.js';
import {
  ADDON_GAP,
  ADDON_QUIET_ZONE,
  BEARER,
  bandBelowBars,
  FONT_SIZE,
  GUARD_DESCENT,
  type QuietZones,
  quietZonesFor,
  SMALL_FONT_SIZE,
  TEXT_BAND,
  TEXT_BASELINE,
} from './geometry.js';
import { itfWidths } from './itf.js';
import type { RenderOptions } from './options.js';
import type { Code128Type, EanUpcType } from './symbologies.js';

/** One dark rectangle: from y (default 0) down `height`, in module units. */
export interface Bar {
  x: number;
  y?: number;
  width: number;
  height: number;
}

/** Characters placed one per x (each centred on it), or a single centred string; `y` overrides the baseline. */
export interface TextRun {
  x: number[];
  y?: number;
  fontSize: number;
  text: string;
}

/** A symbol laid out in module units: what the SVG draws, and what the geometry tests measure. */
export interface Layout {
  /** W: every module including the quiet zones. */
  width: number;
  /** H: the bar height plus the band below (and ITF-14's bearers). */
  height: number;
  /** The quiet zones (after an add-on: the add-on's). */
  quietZones: QuietZones;
  bars: Bar[];
  /** The text baseline and runs; null when the text is off (or there is nothing printable). */
  text: { y: number; runs: TextRun[] } | null;
}

type Ranges = readonly (readonly [number, number])[];

/** Runs of dark modules (`1`) as bars, split where the bar height changes. */
function barsFromModules(modules: string, left: number, heightAt: (module: number) => number, y = 0): Bar[] {
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
    bars.push({ x: left + start, y, width: i - start, height: height - y });
  }
  return bars;
}

function within(ranges: Ranges, module: number): boolean {
  return ranges.some(([start, end]) => module >= start && module < end);
}

/** Per type: the modules, the guard (and UPC-A outer digit) ranges that descend, the width. */
function eanSymbol(type: EanUpcType, digits: string): { modules: string; extended: Ranges } {
  switch (type) {
    case 'ean13':
      return { modules: eanModules(digits), extended: GUARD_RANGES };
    case 'upca':
      return {
        modules: eanModules(`0${digits}`),
        extended: [...GUARD_RANGES, ...UPCA_EXTENDED_DIGIT_RANGES],
      };
    case 'ean8':
      return {
        modules: ean8Modules(digits),
        extended: [
          [0, 3],
          [31, 36],
          [64, 67],
        ],
      };
    case 'upce':
      return {
        modules: upceModules(digits),
        extended: [
          [0, 3],
          [45, 51],
        ],
      };
  }
}

/** Centres of `count` 7-module digits starting at module `start` (relative to `left`). */
const centres = (left: number, start: number, count: number) =>
  Array.from({ length: count }, (_, k) => left + start + 7 * k + 3.5);

/** The digits under (and beside) the bars of an EAN/UPC symbol. */
function eanRuns(type: EanUpcType, digits: string, left: number, mainEnd: number, right: number): TextRun[] {
  const outer = (text: string, x: number): TextRun => ({ x: [x], fontSize: SMALL_FONT_SIZE, text });
  switch (type) {
    case 'ean13':
      return [
        {
          x: [left / 2, ...Array.from({ length: 12 }, (_, k) => left + eanDigitStart(k + 1) + 3.5)],
          fontSize: FONT_SIZE,
          text: digits,
        },
      ];
    case 'upca':
      return [
        outer(digits[0]!, left / 2),
        {
          x: [...centres(left, 10, 5), ...centres(left, 50, 5)],
          fontSize: FONT_SIZE,
          text: digits.slice(1, 11),
        },
        outer(digits[11]!, mainEnd + right / 2),
      ];
    case 'ean8':
      return [{ x: [...centres(left, 3, 4), ...centres(left, 36, 4)], fontSize: FONT_SIZE, text: digits }];
    case 'upce':
      return [
        outer(digits[0]!, left / 2),
        { x: centres(left, 3, 6), fontSize: FONT_SIZE, text: digits.slice(1, 7) },
        outer(digits[7]!, mainEnd + right / 2),
      ];
  }
}

/**
 * An EAN/UPC symbol (EAN-13 13 digits, UPC-A 12, EAN-8 8, UPC-E 8) with its add-on if any: guard bars (and
 * UPC-A's outer digit bars) descending GUARD_DESCENT modules; the digits under the bars, EAN-13's first in the
 * left quiet zone, UPC-A's and UPC-E's first and last smaller beside the bars. An add-on follows a gap of 7
 * (EAN-13, UPC-E) or 9 (UPC-A) modules, its bars from the top of the text band (its digits above) or 0 down
 * to `height` + 5, then a quiet zone of 5.
 */
export function eanLayout(type: EanUpcType, digits: string, options: RenderOptions): Layout {
  const zones = quietZonesFor(type, options.quiet_zone, options.text);
  const { modules, extended } = eanSymbol(type, digits);
  const left = zones.left;
  const bars = barsFromModules(modules, left, (module) =>
    within(extended, module) ? options.height + GUARD_DESCENT : options.height,
  );
  const mainEnd = left + modules.length;
  const addon = options.addon;
  const gap = addon === null ? zones.right : ADDON_GAP[type as keyof typeof ADDON_GAP];
  const runs = options.text ? eanRuns(type, digits, left, mainEnd, gap) : [];
  let width = mainEnd + zones.right;
  let quietZones = zones;
  if (addon !== null) {
    const start = mainEnd + gap;
    const addonBars = addonModules(addon);
    const top = options.text ? TEXT_BAND : 0;
    bars.push(...barsFromModules(addonBars, start, () => options.height + GUARD_DESCENT, top));
    const after = options.quiet_zone ? ADDON_QUIET_ZONE : 0;
    width = start + addonBars.length + after;
    quietZones = { left, right: after };
    if (options.text) {
      runs.push({
        x: [start - gap / 2, ...Array.from({ length: addon.length }, (_, k) => start + 4 + 9 * k + 3.5)],
        y: TEXT_BASELINE,
        fontSize: FONT_SIZE,
        text: ` ${addon}`,
      });
    }
  }
  const text = options.text ? { y: options.height + TEXT_BASELINE, runs } : null;
  return { width, height: options.height + bandBelowBars(type, options.text), quietZones, bars, text };
}

/** Code 128 or GS1-128: the symbol's bars at full height, the human-readable text centred under them. */
export function code128Layout(
  symbol: Code128Symbol,
  humanReadable: string,
  options: RenderOptions,
  type: Code128Type = 'code128',
): Layout {
  const quietZones = quietZonesFor(type, options.quiet_zone, options.text);
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
  return { width, height: options.height + bandBelowBars(type, options.text), quietZones, bars, text };
}

/**
 * ITF-14 (14 digits): narrow 1 module, wide `ratio`, so x may be fractional (hundredths); quiet zones of 10
 * modules, the right one widened until W is whole; a bearer `box` (5 modules around bars and quiet zones),
 * `bars` (top and bottom) or `none`. Under a bearer the bars start at y = 5; the digits go below it.
 */
export function itfLayout(digits: string, options: RenderOptions): Layout {
  const widths = itfWidths(digits, options.ratio);
  const side = options.bearer === 'box' ? BEARER : 0;
  const band = options.bearer === 'none' ? 0 : BEARER;
  const zone = options.quiet_zone ? 10 : 0;
  const symbol = widths.reduce((sum, w) => sum + w, 0);
  const pad = Math.ceil(symbol / 100) * 100 - symbol;
  const inner = zone * 200 + symbol + pad;
  const width = side * 2 + inner / 100;
  const bars: Bar[] = [];
  let x = (side + zone) * 100;
  for (let i = 0; i < widths.length; i++) {
    if (i % 2 === 0) bars.push({ x: x / 100, y: band, width: widths[i]! / 100, height: options.height });
    x += widths[i]!;
  }
  const framed = band * 2 + options.height;
  if (band > 0) {
    bars.unshift({ x: 0, width, height: band });
    bars.push({ x: 0, y: band + options.height, width, height: band });
  }
  if (side > 0) {
    bars.unshift({ x: 0, y: band, width: side, height: options.height });
    bars.push({ x: width - side, y: band, width: side, height: options.height });
  }
  const text: Layout['text'] = options.text
    ? {
        y: framed + TEXT_BASELINE,
        runs: [{ x: [side + zone + symbol / 200], fontSize: FONT_SIZE, text: digits }],
      }
    : null;
  return {
    width,
    height: framed + (options.text ? TEXT_BAND : 0),
    quietZones: { left: zone, right: zone + pad / 100 },
    bars,
    text,
  };
}
