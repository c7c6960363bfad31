// Benchmark rows of service G, run by bench/run.mjs against the built server.

import { createHash, generateKeyPairSync, verify } from 'node:crypto';
import { canonicalize, canonicalizeToBytes, hmac, parseStrictJson } from '@dus/core';
import { hmac as nobleHmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { canonicalize as jsonCanonicalize } from 'json-canonicalize';
import { healthRow } from '../../../bench/health-row.mjs';
import { digestOf, signJson, verifyJws } from '../dist/domain/index.js';

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
  healthRow('G', 'g-canonical', '1.1.0', '/canonical-digest-api'),
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
    // Within 0.1 of its 2026-11 ratio to bare Hono doing the same work (0.80).
    target: { bareHono: 0.7 },
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
  {
    name: 'G RFC 8785 serializer (core), 1 MiB document',
    setup: () => JSON.parse(makeDocument(1024 * 1024)),
    run: (value) => canonicalize(value),
    ceiling: { name: 'json-canonicalize 3.0.1 (a peer)', run: (value) => jsonCanonicalize(value) },
    target: { atMost: 1.5 },
  },
  ...hashLibraryRows(),
  ...jwsVerifyRows(),
];

/**
 * Hash libraries: node:crypto (what core and G use for SHA-2) against @noble/hashes on the same bytes.
 * A ratio below 1 is node:crypto being faster: the number behind keeping SHA-2 on node:crypto.
 */
function hashLibraryRows() {
  const key = new Uint8Array(32).fill(7);
  return [1024, 1024 * 1024].flatMap((size) => {
    const label = size === 1024 ? '1 KiB' : '1 MiB';
    const setup = () => new Uint8Array(size).map((_, i) => i % 251);
    return [
      {
        name: `hash libraries: SHA-256, ${label}, node:crypto`,
        setup,
        run: (bytes) => createHash('sha256').update(bytes).digest(),
        ceiling: { name: '@noble/hashes sha256', run: (bytes) => nobleSha256(bytes) },
        target: { atMost: 1 },
      },
      {
        name: `hash libraries: HMAC-SHA-256, ${label}, node:crypto (core's hmac, a byte key)`,
        setup,
        run: (bytes) => hmac('sha-256', key, bytes),
        ceiling: { name: '@noble/hashes hmac(sha256)', run: (bytes) => nobleHmac(nobleSha256, key, bytes) },
        target: { atMost: 1 },
      },
    ];
  });
}

/**
 * JWS verification from the request's JWK: the JWS read, the key imported, the document's RFC 8785
 * bytes, the signature checked, the result built. The ceiling does the same canonicalisation and check
 * with a KeyObject made once: the ratio is what reading the JWS and importing the JWK add.
 */
function jwsVerifyRows() {
  const kinds = [
    ['RS256', 'rsa', { modulusLength: 2048 }, 'RSA-SHA256'],
    ['EdDSA', 'ed25519', {}, 'Ed25519'],
  ];
  return kinds.map(([alg, type, options, text]) => ({
    name: `G JWS verify ${alg}, JWK key, 1 KiB document`,
    setup: () => {
      const { publicKey, privateKey } = generateKeyPairSync(type, options);
      const document = JSON.parse(makeDocument(1024));
      const { jws } = signJson({ document, alg, key: privateKey.export({ format: 'jwk' }) });
      const [header, , signature] = jws.split('.');
      const request = { document, jws, key: publicKey.export({ format: 'jwk' }) };
      return { request, publicKey, header, signature: Buffer.from(signature, 'base64url') };
    },
    run: ({ request }) => {
      if (!verifyJws(request).valid) throw new Error('the benchmark JWS must verify');
    },
    ceiling: {
      name: `RFC 8785 bytes + node:crypto ${text} verify, KeyObject made once`,
      run: ({ request, publicKey, header, signature }) => {
        const payload = Buffer.from(canonicalizeToBytes(request.document)).toString('base64url');
        const input = Buffer.from(`${header}.${payload}`);
        if (!verify(alg === 'EdDSA' ? null : 'sha256', input, publicKey, signature)) {
          throw new Error('the ceiling must verify');
        }
      },
    },
    target: { atMost: 3 },
  }));
}
