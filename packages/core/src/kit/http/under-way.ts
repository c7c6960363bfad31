import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The response under way on a socket, if any. */
export type ResponseUnderWay = (socket: Socket) => ServerResponse | undefined;

/**
 * Follows, from node:http's public events, the response under way on each socket of `server`: every
 * response is recorded on its `request` event (before the app's listener runs) and forgotten on its
 * `finish` or `close`. With pipelined requests the first unfinished response is the one under way; the
 * others wait behind it, as in node:http.
 */
export function trackResponses(server: Server): ResponseUnderWay {
  const bySocket = new WeakMap<Socket, ServerResponse[]>();
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    let open = bySocket.get(socket);
    if (open === undefined) {
      open = [];
      bySocket.set(socket, open);
    }
    const responses = open;
    responses.push(res);
    const done = () => {
      const at = responses.indexOf(res);
      if (at !== -1) responses.splice(at, 1);
    };
    res.on('finish', done);
    res.on('close', done);
  });
  return (socket) => bySocket.get(socket)?.[0];
}
