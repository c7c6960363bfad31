// The drain's connection handling (drain.ts) on a real node:http server: once it closes, a response
// under way when it began and one to a request that arrives afterwards on an open connection (answered
// synchronously, before any later listener could act) both say `Connection: close`; the first is not
// swept while its response is under way; the drain ends when those connections do.
import { createServer, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { drainer } from '../../src/kit/drain.js';
import { trackResponses } from '../../src/kit/http/under-way.js';
import { createRuntime } from '../../src/kit/runtime.js';

function rawConnection(
  port: number,
): Promise<{ socket: Socket; received: () => string; ended: Promise<void> }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
      });
      const ended = new Promise<void>((done) => socket.on('close', () => done()));
      resolve({ socket, received: () => text, ended });
    });
  });
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('drain', () => {
  it('closes the connections of a response under way and of a request sent after it began', async () => {
    const held: ServerResponse[] = [];
    const server = createServer((req, res) => {
      if (req.url === '/slow') held.push(res);
      else res.end('fast');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const runtime = createRuntime({ logLevel: 'silent' }, 'test', '0.0.0');
    const drain = drainer(
      server,
      { shutdownDelayMs: 0, shutdownGraceMs: 5_000 },
      runtime,
      trackResponses(server),
    );

    const slow = await rawConnection(port);
    slow.socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    const idle = await rawConnection(port);
    await until(() => held.length === 1);

    const drained = drain();
    expect(runtime.lifecycle.draining).toBe(true);
    idle.socket.write('GET /fast HTTP/1.1\r\nHost: x\r\n\r\n');
    await idle.ended;
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(idle.received()).toMatch(/\r\nConnection: close\r\n/i);
    expect(idle.received().endsWith('\r\n\r\nfast')).toBe(true);

    // Sweeps run every 50 ms and close a connection seen idle twice: three of them pass over the one
    // whose response is under way.
    await new Promise((resolve) => setTimeout(resolve, 180));
    expect(slow.socket.destroyed).toBe(false);
    expect(slow.received()).toBe('');
    held[0]!.end('slow');
    await slow.ended;
    expect(slow.received()).toMatch(/\r\nConnection: close\r\n/i);
    expect(slow.received().endsWith('\r\n\r\nslow')).toBe(true);
    await drained;
    expect(server.listening).toBe(false);
  });
});
