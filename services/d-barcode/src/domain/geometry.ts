import type { BarcodeType } from './symbologies.js';

/** Quiet zones in modules, left and right. */
export interface QuietZones {
  left: number;
  right: number;
}

/**
 * Quiet zones per symbology (GS1 General Specifications for EAN-13 and UPC-A; ISO/IEC 15417 for
 * Code 128, 10 modules each side), and what `quiet_zone=false` still keeps when the text is on: the room
 * for EAN-13's leading digit and UPC-A's first and last digits, which are printed there.
 */
export const QUIET_ZONES: Record<BarcodeType, { standard: QuietZones; keptForText: QuietZones }> = {
  ean13: { standard: { left: 11, right: 7 }, keptForText: { left: 11, right: 0 } },
  upca: { standard: { left: 9, right: 9 }, keptForText: { left: 9, right: 9 } },
  code128: { standard: { left: 10, right: 10 }, keptForText: { left: 0, right: 0 } },
};

/** Modules the guard bars (and UPC-A's first and last digit bars) extend below the others. */
export const GUARD_DESCENT = 5;
/** Height of the band under the bars holding the human-readable text, in modules. */
export const TEXT_BAND = 12;
/** Text size in modules: about 6 modules per monospace digit, inside a 7-module EAN digit. */
export const FONT_SIZE = 10;
/** UPC-A prints its first and last digits smaller, outside the bars. */
export const SMALL_FONT_SIZE = 7;
/** Distance of the text baseline below the bottom of the normal bars, in modules. */
export const TEXT_BASELINE = 10;

export function quietZonesFor(type: BarcodeType, quietZone: boolean, text: boolean): QuietZones {
  if (quietZone) return QUIET_ZONES[type].standard;
  return text ? QUIET_ZONES[type].keptForText : { left: 0, right: 0 };
}

/** The band under the bars: the text band, else room for the guard-bar descent (EAN/UPC), else nothing. */
export function bandBelowBars(type: BarcodeType, text: boolean): number {
  if (text) return TEXT_BAND;
  return type === 'code128' ? 0 : GUARD_DESCENT;
}
