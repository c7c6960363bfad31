import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The response node:http has under way on a socket (pipelined ones wait behind it): its own
 * `_httpMessage`, set when a request arrives and cleared when that response is finished.
 */
export function responseUnderWay(socket: Socket): ServerResponse | undefined {
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
}
