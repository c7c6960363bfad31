// The kit's node:http server: what Node's parser refuses, slow and vanishing clients, early 413s.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, createService, defineOperation, listen, testConfig, z } from '../../src/index.js';

const echo = defineOperation({
  name: 'echo',
  summary: 'Echoes a text',
  method: 'POST',
  path: '/echo',
  input: z.strictObject({ text: z.string() }),
  output: z.object({ text: z.string() }),
  handler: ({ text }) => ({ text }),
});

const logLines: string[] = [];
const config = testConfig({ logLevel: 'info', maxBodyBytes: 1024 });
const runtime = createRuntime(config, 'kit-node', '1.0.0');
// Capture the access log instead of writing it to stdout.
runtime.accessLog = (entry) => logLines.push(JSON.stringify(entry));
const app = createService(
  {
    name: 'kit-node',
    title: 'Kit node',
    description: 'node:http tests',
    version: '1.0.0',
    openapi: '3.1',
    operations: [echo],
  },
  config,
  { runtime },
);
let server: Awaited<ReturnType<typeof listen>>;
let port: number;

beforeAll(async () => {
  server = await listen(app, { timeouts: { headersTimeoutMs: 1_000, requestTimeoutMs: 1_500 } });
  port = Number(new URL(server.origin).port);
});
afterAll(() => server.close());

/** Sends raw bytes and resolves with everything the server sent until it closed (or `waitMs` passed). */
function raw(chunks: Array<string | Buffer>, options: { waitMs?: number; gapMs?: number } = {}) {
  return new Promise<{ text: string; closed: boolean; ms: number }>((resolve) => {
    const started = performance.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let text = '';
    const done = (closed: boolean) => {
      socket.destroy();
      resolve({ text, closed, ms: performance.now() - started });
    };
    socket.on('data', (data) => {
      text += data.toString('latin1');
    });
    socket.on('close', () => done(true));
    socket.on('error', () => done(true));
    setTimeout(() => done(false), options.waitMs ?? 3_000);
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
      }
    });
  });
}

function parse(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('what Node refuses is answered as problem+json with the base headers', () => {
  it.each([
    [
      'headers over 16 KiB',
      `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`,
      431,
      'headers_too_large',
    ],
    [
      'Content-Length with Transfer-Encoding',
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
      'invalid_request',
    ],
    [
      'a negative Content-Length',
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
      400,
      'invalid_request',
    ],
    [
      'two different Content-Lengths',
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}',
      400,
      'invalid_request',
    ],
    ['a broken request line', 'GARBAGE\r\n\r\n', 400, 'invalid_request'],
  ])('%s → %i', async (_name, request, status, code) => {
    const reply = await raw([request]);
    const { status: got, headers, body } = parse(reply.text);
    expect(got).toBe(status);
    expect(headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.connection).toBe('close');
    expect(JSON.parse(body)).toMatchObject({ status, code, request_id: headers['x-request-id'] });
    expect(reply.closed).toBe(true);
  });
});

describe('slow and vanishing clients', () => {
  it('slow headers get a 408 problem once HEADERS_TIMEOUT_MS passes', async () => {
    const reply = await raw(['GET /health HTTP/1.1\r\n', 'Host: x\r\n'], { waitMs: 4_000, gapMs: 10 });
    expect(parse(reply.text)).toMatchObject({ status: 408 });
    expect(JSON.parse(parse(reply.text).body).code).toBe('request_timeout');
    expect(reply.ms).toBeLessThan(3_500);
  });

  it('a trickled body is cut off after REQUEST_TIMEOUT_MS', async () => {
    const head =
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
    const reply = await raw([head, ...'{"text":"'.split('')], { waitMs: 5_000, gapMs: 400 });
    expect(reply.closed).toBe(true);
    expect(reply.ms).toBeLessThan(4_000);
  });

  it('a client that disconnects mid-body is logged as 499, not as a 500', async () => {
    logLines.length = 0;
    const head =
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"text":';
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(head, () =>
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 50),
        );
      });
    });
    await expect.poll(() => logLines.length).toBe(1);
    expect(JSON.parse(logLines[0]!)).toMatchObject({ route: '/echo', status: 499 });
    expect((await fetch(`${server.origin}/health`)).status).toBe(200);
  });
});

describe('a body declared over the limit', () => {
  it('is refused before it is read, and the connection is closed after a bounded linger', async () => {
    const head =
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n';
    const reply = await raw([head, Buffer.alloc(64 * 1024, 'a')], { waitMs: 4_000 });
    const { status, body } = parse(reply.text);
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ code: 'payload_too_large', limit_bytes: 1024 });
    // The rest never came: @hono/node-server drains an unread body for a bounded time, then closes.
    expect(reply.closed).toBe(true);
  });
});
