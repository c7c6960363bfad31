import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** HTTP/1.1 without `Host` (RFC 9112 §3.2: a server must answer 400; HTTP/1.0 needs none). */
export const missingHost = (): ProblemError =>
  new ProblemError({
    status: 400,
    code: 'invalid_request',
    title: 'Bad request',
    detail: 'An HTTP/1.1 request must carry a Host header (RFC 9112 §3.2).',
  });

/** A request target `*` on another method than OPTIONS (RFC 9112 §3.2.4). */
export const asteriskTarget = (method: string | undefined): ProblemError =>
  new ProblemError({
    status: 400,
    code: 'invalid_request',
    title: 'Bad request',
    detail: `The request target "*" is for OPTIONS only, not ${method ?? 'this method'}.`,
  });

/** An `Expect` other than `100-continue` (RFC 9110 §10.1.1). */
export const expectationFailed = (expect: string | undefined): ProblemError =>
  new ProblemError({
    status: 417,
    code: 'expectation_failed',
    title: 'Expectation failed',
    detail: `Expect: ${JSON.stringify(expect ?? '')} cannot be met; only 100-continue is supported.`,
  });

/** A request line or Host the adapter cannot make a URL of (a backslash in the path, a bad Host). */
export const unusableTarget = (reason: string): ProblemError =>
  new ProblemError({
    status: 400,
    code: 'invalid_request',
    title: 'Bad request',
    detail: `The request target or Host header is not usable: ${reason}.`,
  });

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  417: 'Expectation Failed',
  431: 'Request Header Fields Too Large',
};

/** The headers every answer outside the app carries, and its problem body. */
export function problemAnswer(problem: ProblemError): {
  requestId: string;
  headers: Record<string, string>;
  body: string;
} {
  const requestId = newRequestId();
  const body = JSON.stringify(problemObject(problem, requestId));
  return {
    requestId,
    body,
    headers: {
      'Content-Type': PROBLEM_CONTENT_TYPE,
      'Content-Length': String(Buffer.byteLength(body)),
      'X-Request-Id': requestId,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  };
}

/** Answers a request outside the app with a problem (and closes the connection); its request id. */
export function answerProblem(res: ServerResponse, problem: ProblemError): string {
  const { requestId, headers, body } = problemAnswer(problem);
  res.writeHead(problem.status, { ...headers, Connection: 'close' });
  res.end(body);
  return requestId;
}

const refused = new WeakSet<IncomingMessage>();

/**
 * Whether Node's parser refused the rest of this request after the app had it (a malformed chunk):
 * the refusal was answered and logged by the handler below, and the app's call ends without a line.
 */
export const refusedByParser = (request: IncomingMessage): boolean => refused.has(request);

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
    // The client ended or reset the connection mid-request: nobody to answer (the app logs a 499 for
    // a request it had).
    const gone = error.code === 'ECONNRESET' || error.code === 'HPE_INVALID_EOF_STATE';
    if (gone || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const problem = problemFor(error);
    const { requestId, headers, body } = problemAnswer(problem);
    if (inFlight !== undefined) refused.add(inFlight.req);
    socket.end(
      `HTTP/1.1 ${problem.status} ${REASONS[problem.status]}\r\n` +
        Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        'Connection: close\r\n\r\n' +
        body,
    );
    setTimeout(() => socket.destroy(), 1000).unref();
    log({ requestId, status: problem.status, code: error.code });
  };
}
