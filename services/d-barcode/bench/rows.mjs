// Benchmark rows of service D, run by bench/run.mjs against the built server.
import { healthRow } from '../../../bench/health-row.mjs';
import { Resvg } from '@resvg/resvg-js';
import bwipjs from 'bwip-js';
import { generate, generateSvg, PNG_FONT_FILE, strongEtag } from '../dist/domain/index.js';

const CODE128_40 = 'ORDER-2026-11-22/0042 SKU:ab12345678 x3 ';
const GS1_128 = '(01)09501101530003(17)261231(10)AB-123';
// The spec's 2D examples: a Digital Link URI (QR version 4-M) and a GS1 element string (Data Matrix 20x20).
const DIGITAL_LINK = 'https://id.gs1.org/01/09520123456788/10/ABC1?17=261231';
const GS1_2D = '(01)09520123456788(10)ABC1(17)261231';
const TEXT_560 = 'The quick brown fox jumps over the lazy dog 0123456789. '.repeat(10);

const NUMBERS = new Set(['module_width', 'height', 'ratio', 'dpi', 'x_dim_mm', 'version']);
const BOOLEANS = new Set(['text', 'quiet_zone']);

/** Same work as the service: parse the query, generate, and the strong ETag the spec requires. */
const imageOf = (url) => {
  const input = {};
  for (const [key, value] of new URL(url, 'http://x').searchParams) {
    input[key] = NUMBERS.has(key) ? Number(value) : BOOLEANS.has(key) ? value === 'true' : value;
  }
  const { svg, png } = generate(input);
  const body = png === null ? svg : Buffer.from(png, 'base64');
  strongEtag(body);
  return body;
};

// D limits the free plan to 200 requests a minute: the load runs under a quota it cannot exhaust, so
// the limiter's work (one GCRA decision per request) is still measured.
const env = { RATE_LIMIT_PER_MINUTE: '1000000' };

// `bareHono`: each row's target, within 0.1 of its 2026-11 ratio to bare Hono doing the same work.
const getRow = (name, path, bareHono, contentType = 'image/svg+xml', extra = {}) => ({
  name,
  method: 'GET',
  path,
  contentType,
  env,
  ...extra,
  sameWork: (_body, url) => imageOf(url),
  target: { bareHono },
});

export const http = [
  healthRow('D', 'd-barcode', '1.0.0', '', { env }),
  getRow('D GET /generate EAN-13 (SVG)', '/generate?type=ean13&data=400638133393', 0.54), // 2026-11: 0.64
  getRow(
    'D GET /generate Code 128, 40 characters (SVG)',
    `/generate?type=code128&data=${encodeURIComponent(CODE128_40)}`,
    0.68, // 2026-11: 0.79
  ),
  getRow('D GET /generate EAN-8 (SVG)', '/generate?type=ean8&data=9501234', 0.57), // 2026-11: 0.68
  getRow('D GET /generate ITF-14 (SVG)', '/generate?type=itf14&data=1540014128876', 0.55), // 2026-11: 0.66
  getRow(
    'D GET /generate GS1-128 (SVG)',
    `/generate?type=gs1-128&data=${encodeURIComponent(GS1_128)}`,
    0.67, // 2026-11: 0.77
  ),
  // 2D rows (issue #45): their first full run (2026-11-29 12:13) − 0.1, as the rows above.
  getRow(
    'D GET /generate Digital Link QR Code, v4-M (SVG)',
    `/generate?type=dl-qrcode&data=${encodeURIComponent(DIGITAL_LINK)}`,
    0.74, // 2026-11: 0.84
  ),
  getRow(
    'D GET /generate GS1 DataMatrix 20x20 (SVG)',
    `/generate?type=gs1-datamatrix&data=${encodeURIComponent(GS1_2D)}`,
    0.45, // 2026-11: 0.55
  ),
  getRow(
    'D GET /generate EAN-13 PNG, 0.33 mm at 300 dpi (pool, 4 conn.)',
    '/generate?type=ean13&data=400638133393&output=png&x_dim_mm=0.33',
    0.79, // 2026-11: 0.90
    'image/png',
    // Every PNG is drawn in the worker pool, which admits MAX_HEAVY_INFLIGHT calls and answers the rest
    // 503 at once: the load stays within that bound, as a client's should. The bound is twice the
    // connections because the warm-up's last 4 calls are still being drawn when the measured run opens
    // its 4 connections (a closed connection does not stop a call in a worker).
    { env: { ...env, MAX_HEAVY_INFLIGHT: '8' }, connections: 4 },
  ),
];

/** resvg's own rendering and PNG encoder of the same SVG: the ceiling of D's PNG path. */
const resvgPng = (svg) =>
  new Resvg(svg, {
    fitTo: { mode: 'width', value: 113 * 4 },
    font: { loadSystemFonts: false, fontFiles: [PNG_FONT_FILE], monospaceFamily: 'DejaVu Sans Mono' },
  })
    .render()
    .asPng();

export const hotPaths = [
  {
    name: 'D Code 128 SVG, 40 characters (fewest symbols)',
    run: () => generateSvg({ type: 'code128', data: CODE128_40 }),
    ceiling: {
      name: 'bwip-js toSVG, same symbol (a peer)',
      run: () => bwipjs.toSVG({ bcid: 'code128', text: CODE128_40 }),
    },
    target: { atMost: 1 },
  },
  {
    name: 'D EAN-13 SVG',
    run: () => generateSvg({ type: 'ean13', data: '400638133393' }),
    ceiling: {
      name: 'bwip-js toSVG, same symbol (a peer)',
      run: () => bwipjs.toSVG({ bcid: 'ean13', text: '400638133393' }),
    },
    target: { atMost: 1 },
  },
  {
    name: 'D EAN-8 SVG',
    run: () => generateSvg({ type: 'ean8', data: '9501234' }),
    ceiling: {
      name: 'bwip-js toSVG, same symbol (a peer)',
      run: () => bwipjs.toSVG({ bcid: 'ean8', text: '9501234' }),
    },
    target: { atMost: 1 },
  },
  {
    name: 'D ITF-14 SVG (bearer box)',
    run: () => generateSvg({ type: 'itf14', data: '1540014128876' }),
    ceiling: {
      name: 'bwip-js toSVG, same symbol (a peer)',
      run: () => bwipjs.toSVG({ bcid: 'itf14', text: '1540014128876' }),
    },
    target: { atMost: 1 },
  },
  {
    name: 'D GS1-128 SVG, 3 AIs (fewest symbols)',
    run: () => generateSvg({ type: 'gs1-128', data: GS1_128 }),
    ceiling: {
      name: 'bwip-js toSVG, same symbol (a peer)',
      run: () => bwipjs.toSVG({ bcid: 'gs1-128', text: GS1_128 }),
    },
    target: { atMost: 1 },
  },
  {
    name: 'D QR Code SVG, Digital Link URI (v4-M, fewest bits)',
    run: () => generateSvg({ type: 'dl-qrcode', data: DIGITAL_LINK }),
    ceiling: {
      name: 'bwip-js toSVG, same text at M (a peer)',
      run: () => bwipjs.toSVG({ bcid: 'qrcode', text: DIGITAL_LINK, eclevel: 'M' }),
    },
    target: { atMost: 1 },
  },
  {
    name: 'D QR Code SVG, 560 characters (v18-M)',
    run: () => generateSvg({ type: 'qrcode', data: TEXT_560 }),
    ceiling: {
      name: 'bwip-js toSVG, same text at M (a peer)',
      run: () => bwipjs.toSVG({ bcid: 'qrcode', text: TEXT_560, eclevel: 'M' }),
    },
    target: { atMost: 1 },
  },
  {
    name: 'D GS1 DataMatrix SVG, 3 AIs (20x20)',
    run: () => generateSvg({ type: 'gs1-datamatrix', data: GS1_2D }),
    ceiling: {
      name: 'bwip-js toSVG gs1datamatrix, same data (a peer)',
      run: () => bwipjs.toSVG({ bcid: 'gs1datamatrix', text: GS1_2D }),
    },
    target: { atMost: 1 },
  },
  {
    name: 'D Data Matrix SVG, 560 characters (ASCII, 88x88)',
    run: () => generateSvg({ type: 'datamatrix', data: TEXT_560 }),
    ceiling: {
      name: 'bwip-js toSVG, same text (a peer)',
      run: () => bwipjs.toSVG({ bcid: 'datamatrix', text: TEXT_560 }),
    },
    target: { atMost: 1 },
  },
  {
    name: 'D EAN-13 PNG, 4 dots per module',
    run: () => generate({ type: 'ean13', data: '400638133393', output: 'png', x_dim_mm: 0.33 }),
    ceiling: {
      name: 'resvg render + asPng of the same SVG',
      run: () => resvgPng(generateSvg({ type: 'ean13', data: '400638133393', x_dim_mm: 0.33 })),
    },
    target: { atMost: 2 },
  },
];
