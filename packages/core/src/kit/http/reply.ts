/** What the pipeline answers: written straight to node:http, or wrapped in a WHATWG Response. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export function jsonReply(body: string, status = 200, headers: Record<string, string> = {}): Reply {
  headers['Content-Type'] = JSON_CONTENT_TYPE;
  return { status, headers, body };
}

export function toWebResponse(reply: Reply, method: string): Response {
  const empty = method === 'HEAD' || reply.status === 204 || reply.status === 304;
  return new Response(empty ? null : (reply.body as ConstructorParameters<typeof Response>[0]), {
    status: reply.status,
    headers: reply.headers,
  });
}
