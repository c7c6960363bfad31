// Benchmark rows of service A, run by bench/run.mjs against the built server.
import { healthRow } from '../../../bench/health-row.mjs';
import { createHmac } from 'node:crypto';
import { verifyWebhook } from '../dist/domain/index.js';

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

export const http = [
  healthRow('A', 'a-webhook', '1.0.0'),
  {
    name: 'A POST /verify (github, 2 KiB payload)',
    method: 'POST',
    path: '/verify',
    body: () => JSON.stringify(githubDelivery(2048)),
    // Parse the body and verify it with the domain: header parse, HMAC, constant-time compare, result.
    sameWork: (body) => JSON.stringify(verifyWebhook(JSON.parse(body))),
    target: { atLeast: 0.75 },
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
];
