import { isEanUpc, type LinearType } from './symbologies.js';

/** Quiet zones in modules, left and right. */
export interface QuietZones {
  left: number;
  right: number;
}

/**
 * Quiet zones per symbology (GS1 General Specifications for the EAN/UPC family and ITF-14; ISO/IEC 15417 for
 * Code 128 and GS1-128, 10 modules each side), and what `quiet_zone=false` still keeps when the text is on: the room
 * for EAN-13's leading digit and UPC-A's first and last digits, which are printed there.
 */
export const QUIET_ZONES: Record<LinearType, { standard: QuietZones; keptForText: QuietZones }> = {
  ean13: { standard: { left: 11, right: 7 }, keptForText: { left: 11, right: 0 } },
  upca: { standard: { left: 9, right: 9 }, keptForText: { left: 9, right: 9 } },
  code128: { standard: { left: 10, right: 10 }, keptForText: { left: 0, right: 0 } },
  ean8: { standard: { left: 7, right: 7 }, keptForText: { left: 0, right: 0 } },
  upce: { standard: { left: 9, right: 7 }, keptForText: { left: 9, right: 7 } },
  itf14: { standard: { left: 10, right: 10 }, keptForText: { left: 0, right: 0 } },
  'gs1-128': { standard: { left: 10, right: 10 }, keptForText: { left: 0, right: 0 } },
};

/** The gap between an EAN/UPC symbol and its add-on (zint's minima), and the quiet zone after the add-on. */
export const ADDON_GAP = { ean13: 7, upce: 7, upca: 9 } as const;
export const ADDON_QUIET_ZONE = 5;
/** ITF-14 bearer thickness in modules (GS1's 4.83 mm at X 1.016 mm, as zint). */
export const BEARER = 5;

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

/** The quiet zone of the matrix symbols, in modules each side: QR Code 4 (ISO/IEC 18004), Data Matrix 1. */
export const MATRIX_QUIET_ZONE = { qr: 4, dataMatrix: 1 } as const;

export function quietZonesFor(type: LinearType, quietZone: boolean, text: boolean): QuietZones {
  if (quietZone) return QUIET_ZONES[type].standard;
  return text ? QUIET_ZONES[type].keptForText : { left: 0, right: 0 };
}

/** The band under the bars: the text band, else room for the guard-bar descent (EAN/UPC), else nothing. */
export function bandBelowBars(type: LinearType, text: boolean): number {
  if (text) return TEXT_BAND;
  return isEanUpc(type) ? GUARD_DESCENT : 0;
}
