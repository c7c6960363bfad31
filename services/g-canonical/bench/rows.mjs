// Benchmark rows of service G, run by bench/run.mjs against the built server.
import { createHash } from 'node:crypto';
import { canonicalizeToBytes, parseStrictJson } from '@dus/core';
import { digestOf } from '../dist/domain/index.js';

/** A realistic JSON document of about `bytes` bytes: an array of order-like records. */
export function makeDocument(bytes) {
  const items = [];
  let size = 2;
  for (let i = 0; size < bytes; i++) {
    const item = {
      id: `ord_${i.toString(36).padStart(8, '0')}`,
      amount: ((i * 7919) % 100000) / 100,
      currency: ['USD', 'EUR', 'GBP'][i % 3],
      customer: {
        id: `cus_${i % 997}`,
        name: `Customer ${i}`,
        tags: ['vip', 'näïve', 'emoji 😀'].slice(0, (i % 3) + 1),
      },
      paid: i % 2 === 0,
      note: i % 5 === 0 ? null : 'line\nbreak "quoted" \u00e9',
    };
    items.push(item);
    size += JSON.stringify(item).length + 1;
  }
  return JSON.stringify({ items, count: items.length, version: 3 });
}

export const http = [
  {
    name: 'G GET /health',
    method: 'GET',
    path: '/canonical-digest-api/health',
    sameWork: () =>
      JSON.stringify({ status: 'ok', service: 'g-canonical', version: '1.1.0', uptime_s: Math.floor(process.uptime()) }),
    volatile: ['uptime_s'],
    target: { atLeast: 0.9 },
  },
  {
    name: 'G POST /v1/digest (1 KiB value)',
    method: 'POST',
    path: '/canonical-digest-api/v1/digest',
    body: () => `{"value":${makeDocument(1024)}}`,
    // Strict I-JSON parse of the bytes, RFC 8785 canonical bytes, SHA-256, the same output object.
    sameWork: (body) => {
      const { algorithm, ...rest } = digestOf(canonicalizeToBytes(parseStrictJson(body).value), 'sha-256');
      return JSON.stringify({ algorithm, input: 'value', ...rest });
    },
    target: { atLeast: 0.75 },
  },
];

export const hotPaths = [
  {
    name: 'G strict parse + JCS + SHA-256, 1 MiB',
    setup: () => Buffer.from(makeDocument(1024 * 1024)),
    run: (bytes) =>
      createHash('sha256')
        .update(canonicalizeToBytes(parseStrictJson(bytes)))
        .digest(),
    ceiling: {
      name: 'JSON.parse + JSON.stringify + SHA-256',
      run: (bytes) =>
        createHash('sha256')
          .update(JSON.stringify(JSON.parse(bytes.toString('utf8'))))
          .digest(),
    },
    target: { atMost: 4 },
  },
];
