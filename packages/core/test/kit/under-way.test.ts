// The response under way on a socket (http/under-way.ts), from node:http's public events: the first
// unfinished response of the socket, pipelined ones behind it; none once they are finished or the
// client is gone. The parser's refusals (http/client-error.ts) rely on it not to write a problem into
// a response already begun.
import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientErrorHandler } from '../../src/kit/http/client-error.js';
import { type ResponseUnderWay, trackResponses } from '../../src/kit/http/under-way.js';

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

/** A server whose requests are held until the test answers them, with its tracker and its sockets. */
async function holdingServer(): Promise<{
  server: Server;
  port: number;
  held: ServerResponse[];
  sockets: Socket[];
  underWay: ResponseUnderWay;
}> {
  const held: ServerResponse[] = [];
  const sockets: Socket[] = [];
  const server = createServer((_req, res) => held.push(res));
  const underWay = trackResponses(server);
  server.on('connection', (socket: Socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, port, held, sockets, underWay };
}

function client(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
      });
      socket.on('error', () => {});
      const closed = new Promise<void>((done) => socket.on('close', () => done()));
      resolve({ socket, received: () => text, closed });
    });
  });
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

describe('the response under way', () => {
  it('is the first unfinished response of its socket, the pipelined ones after it in turn', async () => {
    const { server, port, held, sockets, underWay } = await holdingServer();
    try {
      const { socket, received } = await client(port);
      socket.write('GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\n\r\n');
      await until(() => held.length === 2);
      const [serverSocket] = sockets;
      expect(underWay(serverSocket!)).toBe(held[0]);
      held[0]!.end('one');
      await until(() => received().includes('one'));
      expect(underWay(serverSocket!)).toBe(held[1]);
      held[1]!.end('two');
      await until(() => received().includes('two'));
      expect(underWay(serverSocket!)).toBeUndefined();
      // An idle keep-alive connection has none; a new request on it has one again.
      socket.write('GET /3 HTTP/1.1\r\nHost: x\r\n\r\n');
      await until(() => held.length === 3);
      expect(underWay(serverSocket!)).toBe(held[2]);
      socket.destroy();
      await until(() => held[2]!.destroyed);
      await until(() => underWay(serverSocket!) === undefined);
    } finally {
      await close(server);
    }
  });

  it('keeps a parser refusal from writing a problem into a response already begun', async () => {
    const { server, port, held, underWay } = await holdingServer();
    const refused: number[] = [];
    server.on(
      'clientError',
      clientErrorHandler((entry) => refused.push(entry.status), underWay),
    );
    try {
      // Begun: the head and part of the body are out when garbage follows on the same connection.
      const begun = await client(port);
      begun.socket.write('GET /1 HTTP/1.1\r\nHost: x\r\n\r\n');
      await until(() => held.length === 1);
      held[0]!.writeHead(200, { 'content-type': 'text/plain' });
      held[0]!.write('partial');
      await until(() => begun.received().includes('partial'));
      begun.socket.write('GARBAGE\r\n\r\n');
      await begun.closed;
      expect(begun.received()).not.toContain('400 Bad Request');
      expect(begun.received()).not.toContain('problem+json');

      // Not begun (nothing under way): the same garbage is answered with the 400 problem.
      const fresh = await client(port);
      fresh.socket.write('GARBAGE\r\n\r\n');
      await fresh.closed;
      expect(fresh.received()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(refused).toEqual([400]);
    } finally {
      await close(server);
    }
  });
});
