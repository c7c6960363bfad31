import { domainError } from '../errors.js';
import { reedSolomon } from '../reed-solomon.js';
import { applyMask, drawFormat, functionPatterns, placeCodewords } from './matrix.js';
import { penalty } from './penalty.js';
import { appendBits, type QrUnit, type Segment, segment, segmentBits } from './segments.js';
import {
  blockLayout,
  COUNT_BITS,
  dataCodewords,
  type EcLevel,
  MAX_VERSION,
  MODE_BITS,
  rawDataModules,
  type SegmentMode,
  versionClass,
} from './tables.js';

/** ISO/IEC 18004: GF(256) modulo x⁸ + x⁴ + x³ + x² + 1, generator roots α⁰…αⁿ⁻¹. */
const qrCheckCodewords = reedSolomon(0x11d, 0);

/** The ECI designator of UTF-8 (ECI 000026). */
export const UTF8_ECI = 26;

export interface QrRequest {
  units: readonly QrUnit[];
  /** ECI 000026 first (UTF-8 data above U+007F). */
  eci: boolean;
  /** FNC1 in first position (GS1). */
  fnc1: boolean;
  ecLevel: EcLevel;
  /** A fixed version, or null for the smallest that fits. */
  version: number | null;
}

export interface QrSymbol {
  size: number;
  /** `dark[y * size + x]` is 1 for a dark module. */
  dark: Uint8Array;
  version: number;
  ecLevel: EcLevel;
  mask: number;
  segments: { mode: SegmentMode; chars: number }[];
}

/** What a version holds at a level in bits, and as digits, alphanumeric characters or bytes alone. */
export function qrCapacity(version: number, level: EcLevel) {
  const bits = dataCodewords(version, level) * 8;
  const cls = versionClass(version);
  const room = (mode: SegmentMode) => bits - 4 - COUNT_BITS[mode][cls];
  const digits = room('numeric');
  const alphanumeric = room('alphanumeric');
  return {
    bits,
    digits: Math.floor(digits / 10) * 3 + (digits % 10 >= 7 ? 2 : digits % 10 >= 4 ? 1 : 0),
    alphanumeric: Math.floor(alphanumeric / 11) * 2 + (alphanumeric % 11 >= 6 ? 1 : 0),
    bytes: Math.floor(room('byte') / 8),
  };
}

/** The smallest version (or the fixed one) holding the data, with its segmentation; else 422 `data_too_long`. */
export function planQr(request: QrRequest): { version: number; segments: Segment[]; bits: number } {
  const header = (request.eci ? 12 : 0) + (request.fnc1 ? 4 : 0);
  const byClass = new Map<number, ReturnType<typeof segment>>();
  const first = request.version ?? 1;
  const last = request.version ?? MAX_VERSION;
  const capacity = qrCapacity(last, request.ecLevel);
  // Every unit takes at least a digit's bits: more units than the digit capacity never fit (and are not planned).
  let needed = request.units.length > capacity.digits ? Number.POSITIVE_INFINITY : 0;
  for (let version = first; version <= last && needed !== Number.POSITIVE_INFINITY; version++) {
    const cls = versionClass(version);
    let plan = byClass.get(cls);
    if (plan === undefined) {
      plan = segment(request.units, cls);
      byClass.set(cls, plan);
    }
    needed = header + plan.bits;
    if (needed <= dataCodewords(version, request.ecLevel) * 8) {
      return { version, segments: plan.segments, bits: needed };
    }
  }
  throw domainError(
    'data_too_long',
    `the data needs ${needed === Number.POSITIVE_INFINITY ? `more than ${capacity.bits}` : needed} bits; ` +
      `QR Code version ${last}-${request.ecLevel} holds ${capacity.bits} bits ` +
      `(${capacity.digits} digits, ${capacity.alphanumeric} alphanumeric characters or ${capacity.bytes} bytes)`,
  );
}

/** The data codewords: ECI, FNC1, segments, terminator, bit padding and the pad codewords EC 11. */
function dataStream(request: QrRequest, version: number, segments: readonly Segment[]): number[] {
  const bits: number[] = [];
  if (request.eci) {
    appendBits(bits, MODE_BITS.eci, 4);
    appendBits(bits, UTF8_ECI, 8);
  }
  if (request.fnc1) appendBits(bits, MODE_BITS.fnc1, 4);
  const cls = versionClass(version);
  for (const part of segments) segmentBits(bits, request.units, part, cls);
  const capacity = dataCodewords(version, request.ecLevel) * 8;
  appendBits(bits, 0, Math.min(4, capacity - bits.length));
  appendBits(bits, 0, (8 - (bits.length % 8)) % 8);
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) {
    let value = 0;
    for (let j = 0; j < 8; j++) value = (value << 1) | bits[i + j]!;
    codewords.push(value);
  }
  for (let pad = 0xec; codewords.length < capacity / 8; pad ^= 0xec ^ 0x11) codewords.push(pad);
  return codewords;
}

/** Splits the data into blocks (shorter ones first), adds each block's check codewords and interleaves. */
export function interleave(data: readonly number[], version: number, level: EcLevel): number[] {
  const { eccPerBlock, blocks } = blockLayout(version, level);
  const raw = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blocks - (raw % blocks);
  const shortLength = Math.floor(raw / blocks) - eccPerBlock;
  const dataBlocks: number[][] = [];
  const checkBlocks: number[][] = [];
  let offset = 0;
  for (let b = 0; b < blocks; b++) {
    const length = shortLength + (b < shortBlocks ? 0 : 1);
    const block = data.slice(offset, offset + length);
    offset += length;
    dataBlocks.push(block);
    checkBlocks.push(qrCheckCodewords(block, eccPerBlock));
  }
  const result: number[] = [];
  for (let i = 0; i <= shortLength; i++) {
    for (const block of dataBlocks) if (i < block.length) result.push(block[i]!);
  }
  for (let i = 0; i < eccPerBlock; i++) for (const block of checkBlocks) result.push(block[i]!);
  return result;
}

/**
 * A QR Code symbol (ISO/IEC 18004:2015, model 2): the fewest-bit segmentation for the smallest version that
 * holds it at the requested level (never raised), codewords with Reed–Solomon blocks, and the mask of lowest
 * penalty (the first on a tie). Pure: the same request gives the same modules.
 */
export function encodeQr(request: QrRequest): QrSymbol {
  const { version, segments } = planQr(request);
  const codewords = interleave(dataStream(request, version, segments), version, request.ecLevel);
  const grid = functionPatterns(version);
  placeCodewords(grid, codewords);
  let mask = 0;
  let best = Number.POSITIVE_INFINITY;
  for (let candidate = 0; candidate < 8; candidate++) {
    applyMask(grid, candidate);
    drawFormat(grid, request.ecLevel, candidate);
    const score = penalty(grid.dark, grid.size);
    if (score < best) {
      best = score;
      mask = candidate;
    }
    applyMask(grid, candidate);
  }
  applyMask(grid, mask);
  drawFormat(grid, request.ecLevel, mask);
  return {
    size: grid.size,
    dark: grid.dark,
    version,
    ecLevel: request.ecLevel,
    mask,
    segments: segments.map(({ mode, chars }) => ({ mode, chars })),
  };
}
