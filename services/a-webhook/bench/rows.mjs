// Benchmark rows of service A, run by bench/run.mjs against the built server.
import { healthRow } from '../../../bench/health-row.mjs';
import { createHmac, createSecretKey } from 'node:crypto';
import { signWebhook, verifyWebhook } from '../dist/domain/index.js';

const SECRET = 'bench-webhook-secret-0123456789abcdef';

/** A realistic GitHub `push` payload of about `bytes` bytes (compact JSON, as GitHub sends it). */
export function makePayload(bytes) {
  const commits = [];
  let size = 80;
  for (let i = 0; size < bytes - 260; i++) {
    const commit = {
      id: createHmac('sha1', 'commit').update(String(i)).digest('hex'),
      message: `Fix #${i}: handle "quoted" names`,
      timestamp: '2024-05-01T12:00:00+02:00',
      author: { name: 'Octo Cat', email: 'octo@example.com' },
      modified: ['README.md'],
    };
    commits.push(commit);
    size += JSON.stringify(commit).length + 1;
  }
  const payload = JSON.stringify({ ref: 'refs/heads/main', commits });
  return payload + ' '.repeat(Math.max(0, bytes - payload.length));
}

function githubDelivery(bytes) {
  const payload = makePayload(bytes);
  const signature = `sha256=${createHmac('sha256', SECRET).update(payload).digest('hex')}`;
  return { platform: 'github', secret: SECRET, payload, signature };
}

const SW_KEY = Buffer.from('bench-standard-webhooks-key-0123456789');
const SW_NOW = 1_700_000_000;

function standardWebhooksDelivery(bytes) {
  const payload = makePayload(bytes);
  const id = 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W';
  const signature = createHmac('sha256', SW_KEY).update(`${id}.${SW_NOW}.${payload}`).digest('base64');
  return {
    platform: 'standard-webhooks',
    secret: `whsec_${SW_KEY.toString('base64')}`,
    payload,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(SW_NOW),
      'webhook-signature': `v1,${signature}`,
    },
    now: SW_NOW,
  };
}

export const http = [
  healthRow('A', 'a-webhook', '1.0.0'),
  {
    name: 'A POST /verify (github, 2 KiB payload)',
    method: 'POST',
    path: '/verify',
    body: () => JSON.stringify(githubDelivery(2048)),
    // Parse the body and verify it with the domain: header parse, HMAC, constant-time compare, result.
    sameWork: (body) => JSON.stringify(verifyWebhook(JSON.parse(body))),
    // Within 0.1 of its 2026-11 ratio to bare Hono doing the same work (0.74).
    target: { bareHono: 0.64 },
  },
  {
    name: 'A POST /sign (stripe, 2 KiB payload)',
    method: 'POST',
    path: '/sign',
    body: () =>
      JSON.stringify({
        platform: 'stripe',
        secret: SECRET,
        payload: makePayload(2048),
        timestamp: '1700000000',
      }),
    // Parse the body and sign it with the domain: validation, HMAC, header assembly.
    sameWork: (body) => JSON.stringify(signWebhook(JSON.parse(body))),
    // Within 0.1 of its 2026-11 ratio to bare Hono doing the same work (0.72).
    target: { bareHono: 0.62 },
  },
];

export const hotPaths = [
  {
    // The domain parses the signature header, decodes it, computes the HMAC and compares in constant time,
    // then builds the result (message, hints); the ceiling is the bare HMAC of the same bytes.
    name: 'A github verify domain, 2 KiB',
    setup: () => githubDelivery(2048),
    run: (input) => {
      if (!verifyWebhook(input).valid) throw new Error('the benchmark delivery must verify');
    },
    ceiling: {
      name: 'node:crypto HMAC-SHA256 2 KiB',
      run: (input) => createHmac('sha256', input.secret).update(input.payload).digest('hex'),
    },
    target: { atMost: 3 },
  },
  {
    // The same body as a Standard Webhooks delivery passed as received headers: the headers are read,
    // the whsec_ key decoded, the v1 list parsed, the HMAC compared and the timestamp judged.
    name: 'A standard-webhooks verify domain (headers), 2 KiB',
    setup: () => standardWebhooksDelivery(2048),
    run: (input) => {
      if (!verifyWebhook(input).valid) throw new Error('the benchmark delivery must verify');
    },
    ceiling: {
      // The least native work on the same input: the whsec_ key decoded and made a KeyObject (given raw
      // bytes, Node 24's createHmac costs ~10 µs more: see core's hmac), then the HMAC.
      name: 'node:crypto HMAC-SHA256 2 KiB (id.timestamp.body), key from the whsec_ secret',
      run: (input) =>
        createHmac('sha256', createSecretKey(Buffer.from(input.secret.slice('whsec_'.length), 'base64')))
          .update(`${input.headers['webhook-id']}.${input.headers['webhook-timestamp']}.${input.payload}`)
          .digest('base64'),
    },
    target: { atMost: 3 },
  },
];
