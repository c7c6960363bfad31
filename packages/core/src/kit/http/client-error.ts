import type { Socket } from 'node:net';
import { ProblemError } from '../../errors.js';
import { problemObject } from '../problems.js';
import { PROBLEM_CONTENT_TYPE } from './reply.js';
import { newRequestId } from './request-id.js';
import type { ResponseUnderWay } from './under-way.js';

/** What Node's HTTP parser refused, as the problem a client can act on. */
export function problemFor(error: Pick<NodeJS.ErrnoException, 'code'>): ProblemError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ProblemError({
        status: 431,
        code: 'headers_too_large',
        title: 'Request header fields too large',
        detail: 'The request headers exceed 16 KiB.',
      });
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ProblemError({
        status: 408,
        code: 'request_timeout',
        title: 'Request timeout',
        detail: 'The request was not received in time; send the headers and body without pauses.',
      });
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ProblemError({
        status: 413,
        code: 'payload_too_large',
        detail: 'A chunk extension of the request body is too large.',
      });
    default:
      return new ProblemError({
        status: 400,
        code: 'invalid_request',
        title: 'Bad request',
        detail: `The request is not valid HTTP/1.1 (${error.code ?? 'parse error'}): check Content-Length, Transfer-Encoding and the request line.`,
      });
  }
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

export type ClientErrorLog = (entry: { requestId: string; status: number; code: string | undefined }) => void;

/**
 * Answers what Node's HTTP parser refuses (bad framing, oversized headers, timeouts) with the same
 * problem+json and base headers as every other response, then closes the connection. Nothing is
 * written when part of a response already went out (`responseUnderWay`: the server's, http/under-way.ts),
 * or when the client is gone.
 */
export function clientErrorHandler(log: ClientErrorLog, responseUnderWay: ResponseUnderWay) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    const inFlight = responseUnderWay(socket);
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const requestId = newRequestId();
    const problem = problemFor(error);
    const body = JSON.stringify(problemObject(problem, requestId));
    socket.end(
      `HTTP/1.1 ${problem.status} ${REASONS[problem.status]}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        'X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
    setTimeout(() => socket.destroy(), 1000).unref();
    log({ requestId, status: problem.status, code: error.code });
  };
}
