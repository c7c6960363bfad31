// Benchmark rows of service D, run by bench/run.mjs against the built server.
import { healthRow } from '../../../bench/health-row.mjs';
import bwipjs from 'bwip-js';
import { generate, generateSvg, strongEtag } from '../dist/domain/index.js';

const CODE128_40 = 'ORDER-2026-11-22/0042 SKU:ab12345678 x3 ';

/** Same work as the service: parse the query, generate, and the strong ETag the spec requires. */
const svgOf = (url) => {
  const query = new URL(url, 'http://x').searchParams;
  const { svg } = generate({ type: query.get('type'), data: query.get('data') });
  strongEtag(svg);
  return svg;
};

// D limits the free plan to 200 requests a minute: the load runs under a quota it cannot exhaust, so
// the limiter's work (one GCRA decision per request) is still measured.
const env = { RATE_LIMIT_PER_MINUTE: '1000000' };

export const http = [
  healthRow('D', 'd-barcode', '1.0.0', '', { env }),
  {
    name: 'D GET /generate EAN-13 (SVG)',
    method: 'GET',
    path: '/generate?type=ean13&data=400638133393',
    contentType: 'image/svg+xml',
    env,
    sameWork: (_body, url) => svgOf(url),
    target: { atLeast: 0.75 },
  },
  {
    name: 'D GET /generate Code 128, 40 characters (SVG)',
    method: 'GET',
    path: `/generate?type=code128&data=${encodeURIComponent(CODE128_40)}`,
    contentType: 'image/svg+xml',
    env,
    sameWork: (_body, url) => svgOf(url),
    target: { atLeast: 0.75 },
  },
];

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
];
