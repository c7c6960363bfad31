// The checks of the suite, each returning { check, requests, violations: [..], worst_ms }.
import { availableParallelism } from 'node:os';
import { judge, mcpCase, random, restCase } from './fuzz.mjs';
import { parseResponse, raw } from './raw.mjs';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, rssMb } from './server.mjs';

async function send(origin, request) {
  const started = performance.now();
  const response = await fetch(`${origin}${request.path}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  return { response, ms: performance.now() - started };
}

export async function fuzz(server, found, { perRoute, seed }) {
  const violations = [];
  let requests = 0;
  let worst = 0;
  const run = async (kind, make) => {
    const rand = random(seed);
    for (let i = 0; i < perRoute; i += 16) {
      const batch = Array.from({ length: Math.min(16, perRoute - i) }, () => make(rand));
      await Promise.all(
        batch.map(async (request) => {
          try {
            const { response, ms } = await send(server.origin, request);
            worst = Math.max(worst, ms);
            const problem = await judge(kind, request, response);
            if (problem)
              violations.push(
                `${problem} — ${request.method} ${request.path} ${String(request.body ?? '').slice(0, 60)}`,
              );
          } catch (error) {
            violations.push(
              `dropped connection (${error.cause?.code ?? error.message}) — ${request.method} ${request.path}`,
            );
          }
          requests++;
        }),
      );
    }
  };
  for (const route of found.routes) await run('rest', (rand) => restCase(rand, route));
  for (const tool of found.tools) await run('mcp', (rand) => mcpCase(rand, tool, found.mcpPath));
  if (!server.alive()) violations.push('the server died');
  return {
    check: 'fuzz (REST + MCP)',
    requests,
    violations: [...new Set(violations)].slice(0, 20),
    worst_ms: worst,
  };
}

/** The limit a route reports in its 413 for a declared Content-Length far over any limit. */
async function routeLimit(server, route) {
  const reply = await raw(
    server.port,
    [
      `POST ${route.path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2000000000\r\n\r\n`,
    ],
    { waitMs: 3_000 },
  );
  const { body } = parseResponse(reply.text);
  try {
    return JSON.parse(body).limit_bytes;
  } catch {
    return undefined;
  }
}

async function settledRss(pid, baseline, allowance = 50) {
  let rss = rssMb(pid);
  for (let i = 0; i < 80 && rss !== undefined && rss > baseline + allowance; i++) {
    await new Promise((r) => setTimeout(r, 100));
    rss = rssMb(pid);
  }
  return rss;
}

/** `timeScale`: how many servers share each core (the smoke run attacks all eight at once on two). */
export async function largeInputs(server, found, { budgetMs = 100, timeScale = 1 } = {}) {
  const violations = [];
  let requests = 0;
  let worst = 0;
  const baseline = rssMb(server.pid) ?? 0;
  for (const route of found.routes.filter((r) => r.method === 'POST' && r.example)) {
    const limit = (await routeLimit(server, route)) ?? 1024 * 1024;
    for (const [key, value] of Object.entries(route.example)) {
      if (typeof value !== 'string' && !Array.isArray(value)) continue;
      const filler =
        typeof value === 'string'
          ? `"${'a'.repeat(limit - 200)}"`
          : `[${'0,'.repeat(Math.floor((limit - 200) / 2))}0]`;
      const body = JSON.stringify({ ...route.example, [key]: null }).replace(
        `"${key}":null`,
        `"${key}":${filler}`,
      );
      if (Buffer.byteLength(body) > limit) continue;
      // Time from the last byte sent: the body's transfer is the client's cost, not the server's.
      const started = performance.now();
      const response = await fetch(`${server.origin}${route.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await response.text();
      const ms = performance.now() - started;
      requests++;
      worst = Math.max(worst, ms);
      if (response.status >= 500)
        violations.push(`${response.status} — ${route.path} with ${key} of ${limit} bytes`);
      const transferMs = limit / (200 * 1024); // loopback ≥ 200 MB/s: a generous allowance for the upload
      // JSON.parse of a body of small values (a list of 16 million zeros) runs at ~50 MB/s.
      const parseMs = limit / (50 * 1024);
      if (ms > (budgetMs + transferMs + parseMs + 400) * timeScale)
        violations.push(`${Math.round(ms)} ms — ${route.path} with ${key} of ${limit} bytes`);
      // V8 keeps some of a grown heap's pages after collecting it (not a leak: repeats reuse them), and
      // with no forced collection (Kit 4) it hands them back on its own schedule; what may stay is
      // bounded by the body: 50 MB plus 9 bytes per byte of the route's limit, for each heap that
      // handled one — a heavy route's calls run in the worker threads, one heap each (each also capped by
      // its memory budget).
      const heaps = route.heavy ? availableParallelism() : 1;
      const allowance = 50 + (9 * limit * heaps) / 2 ** 20;
      const rss = await settledRss(server.pid, baseline, allowance);
      if (rss !== undefined && rss > baseline + allowance)
        violations.push(
          `RSS ${Math.round(rss)} MB after ${route.path} ${key} (start ${Math.round(baseline)} MB)`,
        );
    }
  }
  return { check: 'large inputs (every string and list field)', requests, violations, worst_ms: worst };
}

const NODE_LEVEL = [
  ['headers over 16 KiB', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`, 431],
  [
    'Content-Length with Transfer-Encoding',
    'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    400,
  ],
  ['negative Content-Length', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n', 400],
  [
    'two Content-Lengths',
    'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}',
    400,
  ],
  [
    'overflowing Content-Length',
    'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n',
    400,
  ],
  [
    'oversized chunk extension',
    `POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1;${'e'.repeat(20_000)}\r\na\r\n0\r\n\r\n`,
    413,
  ],
];

export async function nodeLevel(server) {
  const violations = [];
  for (const [name, request, status] of NODE_LEVEL) {
    const reply = await raw(server.port, [request], { waitMs: 3_000 });
    const { status: got, headers, body } = parseResponse(reply.text);
    if (got !== status) violations.push(`${name}: ${got || 'no answer'} instead of ${status}`);
    else if (!headers['content-type']?.startsWith('application/problem+json'))
      violations.push(`${name}: not problem+json`);
    else if (!headers['x-request-id'] || headers['x-content-type-options'] !== 'nosniff')
      violations.push(`${name}: base headers missing`);
    else if (JSON.parse(body).status !== status) violations.push(`${name}: problem status differs`);
  }
  return { check: 'Node-level errors', requests: NODE_LEVEL.length, violations, worst_ms: 0 };
}

export async function slowAndAborted(server, found) {
  const violations = [];
  const post = found.routes.find((r) => r.method === 'POST') ?? { path: found.mcpPath };
  const slowHeaders = await raw(server.port, ['GET / HTTP/1.1\r\n', ...'Host: x\r\n'.split('')], {
    gapMs: 300,
    waitMs: HEADERS_TIMEOUT_MS + 4_000,
  });
  if (!slowHeaders.closed || slowHeaders.ms > HEADERS_TIMEOUT_MS + 2_500)
    violations.push(`slow headers still open after ${Math.round(slowHeaders.ms)} ms`);
  const head = `POST ${post.path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
  const slowBody = await raw(server.port, [head, ...'{"aaaaaaaaaaaaaaaaaaa'.split('')], {
    gapMs: 500,
    waitMs: REQUEST_TIMEOUT_MS + 4_000,
  });
  if (!slowBody.closed || slowBody.ms > REQUEST_TIMEOUT_MS + 2_500)
    violations.push(`slow body still open after ${Math.round(slowBody.ms)} ms`);
  const before = server.logs.length;
  await raw(server.port, [`${head}{"a":`], { destroyAfterWrite: true, waitMs: 1_000 });
  await new Promise((r) => setTimeout(r, 300));
  const lines = server.logs.slice(before).join('\n');
  if (/"status":500|unhandled error/.test(lines)) violations.push('an aborted request was logged as a 500');
  if (!(await fetch(`${server.origin}${found.healthPath}`)).ok) violations.push('not healthy after an abort');
  // A body declared far over the limit: 413 at once, and the rest is not read — @hono/node-server drains
  // an unread body for a bounded time (500 ms, 64 MiB), then closes the connection.
  const big = await raw(
    server.port,
    [head.replace('Content-Length: 100', 'Content-Length: 1000000000'), Buffer.alloc(256 * 1024, 97)],
    { waitMs: 4_000 },
  );
  const answer = parseResponse(big.text);
  if (answer.status !== 413 || !big.closed || big.ms > 3_000)
    violations.push(`early 413: ${answer.status}, closed ${big.closed} after ${Math.round(big.ms)} ms`);
  return {
    check: 'slow clients, aborts, early 413',
    requests: 4,
    violations,
    worst_ms: Math.max(slowHeaders.ms, slowBody.ms),
  };
}

export async function load(server, found, { seconds, rate = 200 }) {
  const violations = [];
  const before = rssMb(server.pid) ?? 0;
  const post = found.routes.find((r) => r.method === 'POST' && r.example);
  const latencies = [];
  const end = Date.now() + seconds * 1000;
  let errors = 0;
  while (Date.now() < end) {
    const tick = Date.now();
    await Promise.all(
      Array.from({ length: rate / 10 }, async (_, i) => {
        const started = performance.now();
        try {
          const response =
            i % 2 === 0 || !post
              ? await fetch(`${server.origin}${found.healthPath}`)
              : await fetch(`${server.origin}${post.path}`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify(post.example),
                });
          await response.text();
          if (response.status >= 500) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - started);
      }),
    );
    await new Promise((r) => setTimeout(r, Math.max(0, 100 - (Date.now() - tick))));
  }
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
  const after = await settledRss(server.pid, before);
  if (errors > 0) violations.push(`${errors} errors under load`);
  if (after !== undefined && after > before + 50)
    violations.push(`RSS grew from ${Math.round(before)} to ${Math.round(after)} MB`);
  return {
    check: `load ${seconds} s at ${rate}/s (p99 ${p99.toFixed(1)} ms, RSS ${Math.round(before)}→${Math.round(after ?? 0)} MB)`,
    requests: latencies.length,
    violations,
    worst_ms: latencies.at(-1) ?? 0,
  };
}
