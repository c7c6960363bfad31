import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { ServiceConfig } from './config.js';
import type { ResponseUnderWay } from './http/under-way.js';
import type { Runtime } from './runtime.js';

interface Connection {
  /** `bytesRead` when last seen idle: a change means a request is arriving. */
  bytesRead: number;
  /** Sweeps in a row that saw it idle, with nothing read and nothing left to write. */
  idleSweeps: number;
}

/**
 * The drain that loses nothing (docs/conventions.md §11). On the signal `/readyz` turns 503 at once
 * while everything keeps serving and new connections are still accepted for `SHUTDOWN_DELAY_MS` (time
 * for a load balancer to stop routing here). Then the listener closes, through net.Server's own close:
 * http.Server's would also destroy at once every connection it deems idle, and both a connection whose
 * request bytes wait unread while the event loop is busy and one whose answer is still being written
 * look idle to it (their clients met ECONNRESET or nothing). From then on every response carries
 * `Connection: close`, and a connection is closed here only when it has nothing in flight, nothing left
 * to write and has read nothing across two sweeps made after the event loop polled its sockets. The
 * drain is over when the last connection ends, or when `SHUTDOWN_GRACE_MS` is. `responseUnderWay`
 * tells the server's response under way on a socket (http/under-way.ts).
 */
export function drainer(
  server: Server,
  config: Pick<ServiceConfig, 'shutdownDelayMs' | 'shutdownGraceMs'>,
  runtime: Runtime,
  responseUnderWay: ResponseUnderWay,
) {
  const connections = new Map<Socket, Connection>();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { bytesRead: 0, idleSweeps: 0 });
    socket.once('close', () => connections.delete(socket));
  });

  function sweep(): void {
    for (const [socket, connection] of connections) {
      const quiet =
        responseUnderWay(socket) === undefined &&
        socket.writableLength === 0 &&
        socket.bytesRead === connection.bytesRead;
      connection.bytesRead = socket.bytesRead;
      connection.idleSweeps = quiet ? connection.idleSweeps + 1 : 0;
      if (connection.idleSweeps >= 2) socket.destroy();
    }
  }

  return async function drain(): Promise<void> {
    runtime.lifecycle.draining = true;
    runtime.logger.info(
      { delay_ms: config.shutdownDelayMs, grace_ms: config.shutdownGraceMs },
      'draining: /readyz answers 503',
    );
    if (config.shutdownDelayMs > 0)
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    // From now on every response closes its connection: those of new requests (told before the app
    // answers them), and those already under way but not yet begun.
    server.prependListener('request', (_req, res: ServerResponse) => res.setHeader('Connection', 'close'));
    for (const socket of connections.keys()) {
      const res = responseUnderWay(socket);
      if (res !== undefined && !res.headersSent) res.setHeader('Connection', 'close');
    }
    const ended = new Promise<'ended'>((resolve) =>
      NetServer.prototype.close.call(server, () => resolve('ended')),
    );
    // A sweep in the check phase runs right after the poll phase read what the sockets had waiting.
    const sweeper = setInterval(() => setImmediate(sweep), 50);
    const grace = new Promise<'grace'>((resolve) =>
      setTimeout(() => resolve('grace'), config.shutdownGraceMs).unref(),
    );
    const outcome = await Promise.race([ended, grace]);
    clearInterval(sweeper);
    if (outcome === 'grace') {
      runtime.logger.warn(
        { connections: connections.size },
        'grace period over: closing the connections left',
      );
      server.closeAllConnections();
    }
  };
}
