/** JSON-RPC 2.0 (https://www.jsonrpc.org/specification), transport-agnostic. */

export type JsonRpcId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  /** Absent for notifications. */
  id?: JsonRpcId;
  method: string;
  params?: Record<string, unknown> | unknown[];
}

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export interface JsonRpcSuccess {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result: unknown;
}

export interface JsonRpcFailure {
  jsonrpc: '2.0';
  id: JsonRpcId | null;
  error: JsonRpcErrorObject;
}

export type JsonRpcResponse = JsonRpcSuccess | JsonRpcFailure;

export const JsonRpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;

/** Throw from a method handler to answer with this exact JSON-RPC error. */
export class JsonRpcError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'JsonRpcError';
    this.code = code;
    this.data = data;
  }
}

/**
 * A method handler. `params` is whatever the request carried (an object, an array, or undefined);
 * the handler validates it and throws `JsonRpcError` (e.g. -32602) to reject it. Any other exception
 * becomes -32603 with a generic message.
 */
export type JsonRpcMethod<C> = (params: unknown, context: C) => unknown;

export interface JsonRpcDispatcherOptions<C = undefined> {
  /**
   * Treat well-formed JSON-RPC response objects (no `method`, one of `result`/`error`) like
   * notifications: accepted, never answered. Needed where a peer may post responses (MCP).
   */
  ignoreResponses?: boolean;
  /** Called with every exception that is not a `JsonRpcError` (it is never sent to the peer). */
  onError?: (error: unknown, info: { method: string; id?: JsonRpcId }, context: C) => void;
}

export type JsonRpcReply = JsonRpcResponse | JsonRpcResponse[] | undefined;

export interface JsonRpcDispatcher<C> {
  /** Answers one parsed message or batch; `undefined` means "nothing to send back". */
  dispatch(message: unknown, context: C): Promise<JsonRpcReply>;
  /** Parses `text` (default `JSON.parse`) and dispatches it; a parse failure answers -32700. */
  dispatchText(text: string, context: C, parseJson?: (text: string) => unknown): Promise<JsonRpcReply>;
}

export type JsonRpcParseResult = { ok: true; message: unknown } | { ok: false; response: JsonRpcFailure };

export function jsonRpcFailure(
  id: JsonRpcId | null,
  code: number,
  message: string,
  data?: unknown,
): JsonRpcFailure {
  const error: JsonRpcErrorObject = data === undefined ? { code, message } : { code, message, data };
  return { jsonrpc: '2.0', id, error };
}

/** Parses a message; on failure the -32700 response carries the parser's own message. */
export function parseJsonRpc(
  text: string,
  parseJson: (text: string) => unknown = JSON.parse,
): JsonRpcParseResult {
  try {
    return { ok: true, message: parseJson(text) };
  } catch (error) {
    const message = error instanceof Error && error.message !== '' ? error.message : 'Parse error';
    return { ok: false, response: jsonRpcFailure(null, JsonRpcErrorCode.ParseError, message) };
  }
}

export function isJsonRpcId(value: unknown): value is JsonRpcId {
  // Integers beyond 2^53 cannot round-trip through a JS number, so the echoed id would differ.
  return typeof value === 'string' || Number.isSafeInteger(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isResponseObject(message: Record<string, unknown>): boolean {
  if (message.jsonrpc !== '2.0' || !Object.hasOwn(message, 'id')) return false;
  if (message.id !== null && !isJsonRpcId(message.id)) return false;
  return Object.hasOwn(message, 'result') !== Object.hasOwn(message, 'error');
}

export function createJsonRpcDispatcher<C = undefined>(
  methods: Readonly<Record<string, JsonRpcMethod<C>>>,
  options: JsonRpcDispatcherOptions<C> = {},
): JsonRpcDispatcher<C> {
  // A Map built from own entries, so names like "toString" or "__proto__" never reach Object.prototype.
  const table = new Map<string, JsonRpcMethod<C>>(Object.entries(methods));
  const ignoreResponses = options.ignoreResponses ?? false;
  const onError = options.onError;

  async function handleOne(message: unknown, context: C): Promise<JsonRpcResponse | undefined> {
    const invalid = (id: JsonRpcId | null, why: string) =>
      jsonRpcFailure(id, JsonRpcErrorCode.InvalidRequest, `Invalid Request: ${why}`);

    if (!isObject(message)) return invalid(null, 'expected a JSON object');
    const hasMethod = Object.hasOwn(message, 'method');
    if (!hasMethod && ignoreResponses && isResponseObject(message)) return undefined;

    const isNotification = !Object.hasOwn(message, 'id');
    const id = message.id;
    if (!isNotification && !isJsonRpcId(id)) return invalid(null, 'id must be a string or an integer');
    const replyId = isNotification ? null : (id as JsonRpcId);

    if (message.jsonrpc !== '2.0') return invalid(replyId, 'jsonrpc must be exactly "2.0"');
    const method = message.method;
    if (typeof method !== 'string') return invalid(replyId, 'method must be a string');
    const params = message.params;
    if (Object.hasOwn(message, 'params') && (typeof params !== 'object' || params === null)) {
      return invalid(replyId, 'params must be an object or an array');
    }

    const handler = table.get(method);
    if (isNotification) {
      if (handler === undefined) return undefined;
      try {
        await handler(params, context);
      } catch (error) {
        if (!(error instanceof JsonRpcError)) onError?.(error, { method }, context);
      }
      return undefined;
    }

    const requestId = replyId as JsonRpcId;
    if (handler === undefined) {
      return jsonRpcFailure(requestId, JsonRpcErrorCode.MethodNotFound, `Method not found: ${quote(method)}`);
    }
    try {
      const result = await handler(params, context);
      return { jsonrpc: '2.0', id: requestId, result: result === undefined ? null : result };
    } catch (error) {
      if (error instanceof JsonRpcError)
        return jsonRpcFailure(requestId, error.code, error.message, error.data);
      onError?.(error, { method, id: requestId }, context);
      return jsonRpcFailure(requestId, JsonRpcErrorCode.InternalError, 'Internal error');
    }
  }

  async function dispatch(message: unknown, context: C): Promise<JsonRpcReply> {
    if (!Array.isArray(message)) return handleOne(message, context);
    if (message.length === 0) {
      return jsonRpcFailure(null, JsonRpcErrorCode.InvalidRequest, 'Invalid Request: empty batch');
    }
    const replies = await Promise.all(message.map((item) => handleOne(item, context)));
    const responses = replies.filter((reply): reply is JsonRpcResponse => reply !== undefined);
    return responses.length === 0 ? undefined : responses;
  }

  return {
    dispatch,
    async dispatchText(text, context, parseJson) {
      const parsed = parseJsonRpc(text, parseJson);
      return parsed.ok ? dispatch(parsed.message, context) : parsed.response;
    },
  };
}

/** Quotes client-supplied text for an error message, bounded so a huge name is not echoed whole. */
export function quote(text: string, max = 100): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}
