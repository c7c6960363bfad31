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

/** Why the dispatcher refuses part of a batch without running it (the host words the error). */
export type BatchRefusal =
  | { kind: 'batch_too_large'; count: number; max: number }
  | { kind: 'response_too_large'; maxBytes: number };

export interface JsonRpcDispatcherOptions<C = undefined> {
  /**
   * Treat well-formed JSON-RPC response objects (no `method`, one of `result`/`error`) like
   * notifications: accepted, never answered. Needed where a peer may post responses (MCP).
   */
  ignoreResponses?: boolean;
  /** Called with every exception that is not a `JsonRpcError` (it is never sent to the peer). */
  onError?: (error: unknown, info: { method: string; id?: JsonRpcId }, context: C) => void;
  /**
   * The handlers a notification may run. When given, a notification for any other method (a
   * `tools/call` without an id, say) is accepted and runs nothing: a caller who wants no answer
   * gets no work done either. Default: notifications run the request methods (plain JSON-RPC).
   */
  notifications?: Readonly<Record<string, JsonRpcMethod<C>>>;
  /** Most messages one batch may hold; a larger batch is refused whole, before any of it runs. */
  maxBatch?: number;
  /**
   * Most UTF-8 bytes of JSON one answer may take (a batch's answer included). A reply that would
   * pass it is replaced by an error, and the rest of the batch is refused without running.
   */
  maxResponseBytes?: number;
  /**
   * Asked before each request (a message with an id and a known method) runs: an error refuses that
   * message alone (e.g. over a rate limit), and the rest of a batch is still asked in turn.
   */
  admit?: (method: string, context: C) => JsonRpcError | undefined | Promise<JsonRpcError | undefined>;
  /** Words the error of a refused batch or oversized answer; default: a plain message. */
  refuse?: (refusal: BatchRefusal, context: C) => JsonRpcError;
}

export type JsonRpcReply = JsonRpcResponse | JsonRpcResponse[] | undefined;

/** A reply as JSON text; `invalid` when the whole message was refused (a 400 over HTTP). */
export interface JsonRpcText {
  text: string;
  invalid: boolean;
}

export interface JsonRpcDispatcher<C> {
  /** Answers one parsed message or batch; `undefined` means "nothing to send back". */
  dispatch(message: unknown, context: C): Promise<JsonRpcReply>;
  /** Parses `text` (default `JSON.parse`) and dispatches it; a parse failure answers -32700. */
  dispatchText(text: string, context: C, parseJson?: (text: string) => unknown): Promise<JsonRpcReply>;
  /**
   * Answers one parsed message or batch as JSON text, within `maxResponseBytes`: batches run one
   * message after another (bounded by `maxBatch`), each serialised once as it completes.
   */
  respond(message: unknown, context: C): Promise<JsonRpcText | undefined>;
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

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

function defaultRefusal(refusal: BatchRefusal): JsonRpcError {
  return refusal.kind === 'batch_too_large'
    ? new JsonRpcError(
        JsonRpcErrorCode.InvalidRequest,
        `Invalid Request: a batch may hold at most ${refusal.max} messages; this one holds ${refusal.count}`,
      )
    : new JsonRpcError(
        -32000,
        `The answer would exceed ${refusal.maxBytes} bytes; this message was not run. Send fewer or smaller calls.`,
      );
}

export function createJsonRpcDispatcher<C = undefined>(
  methods: Readonly<Record<string, JsonRpcMethod<C>>>,
  options: JsonRpcDispatcherOptions<C> = {},
): JsonRpcDispatcher<C> {
  // Maps built from own entries, so names like "toString" or "__proto__" never reach Object.prototype.
  const table = new Map<string, JsonRpcMethod<C>>(Object.entries(methods));
  const notifications =
    options.notifications === undefined ? table : new Map(Object.entries(options.notifications));
  const ignoreResponses = options.ignoreResponses ?? false;
  const { onError, admit } = options;
  const maxBatch = options.maxBatch ?? Number.POSITIVE_INFINITY;
  const maxResponseBytes = options.maxResponseBytes ?? Number.POSITIVE_INFINITY;
  const refuse = options.refuse ?? defaultRefusal;

  const failureOf = (id: JsonRpcId | null, error: JsonRpcError) =>
    jsonRpcFailure(id, error.code, error.message, error.data);

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

    if (isNotification) {
      const handler = notifications.get(method);
      if (handler === undefined) return undefined;
      try {
        await handler(params, context);
      } catch (error) {
        if (!(error instanceof JsonRpcError)) onError?.(error, { method }, context);
      }
      return undefined;
    }

    const requestId = replyId as JsonRpcId;
    const handler = table.get(method);
    if (handler === undefined) {
      return jsonRpcFailure(requestId, JsonRpcErrorCode.MethodNotFound, `Method not found: ${quote(method)}`);
    }
    try {
      const refused = await admit?.(method, context);
      if (refused !== undefined) return failureOf(requestId, refused);
      const result = await handler(params, context);
      return { jsonrpc: '2.0', id: requestId, result: result === undefined ? null : result };
    } catch (error) {
      if (error instanceof JsonRpcError) return failureOf(requestId, error);
      onError?.(error, { method, id: requestId }, context);
      return jsonRpcFailure(requestId, JsonRpcErrorCode.InternalError, 'Internal error');
    }
  }

  async function dispatch(message: unknown, context: C): Promise<JsonRpcReply> {
    const answer = await respond(message, context);
    return answer === undefined ? undefined : (JSON.parse(answer.text) as JsonRpcReply);
  }

  /** The reply's JSON text, or the refusal in its place when it would not fit in `room` bytes. */
  function serialise(reply: JsonRpcResponse, room: number, context: C): { text: string; fits: boolean } {
    let text: string | undefined;
    try {
      text = JSON.stringify(reply);
    } catch (error) {
      // Longer than V8's longest string: far beyond any cap.
      if (!(error instanceof RangeError)) throw error;
    }
    if (text !== undefined && utf8Bytes(text) <= room) return { text, fits: true };
    const refusal = refuse({ kind: 'response_too_large', maxBytes: maxResponseBytes }, context);
    return { text: JSON.stringify(failureOf(reply.id, refusal)), fits: false };
  }

  async function respond(message: unknown, context: C): Promise<JsonRpcText | undefined> {
    if (!Array.isArray(message)) {
      const reply = await handleOne(message, context);
      if (reply === undefined) return undefined;
      const code = 'error' in reply ? reply.error.code : 0;
      const invalid = code === JsonRpcErrorCode.ParseError || code === JsonRpcErrorCode.InvalidRequest;
      return { text: serialise(reply, maxResponseBytes, context).text, invalid };
    }
    if (message.length === 0) {
      const empty = jsonRpcFailure(null, JsonRpcErrorCode.InvalidRequest, 'Invalid Request: empty batch');
      return { text: JSON.stringify(empty), invalid: true };
    }
    if (message.length > maxBatch) {
      const refusal = refuse({ kind: 'batch_too_large', count: message.length, max: maxBatch }, context);
      return { text: JSON.stringify(failureOf(null, refusal)), invalid: true };
    }
    // One message after another: the batch costs what its calls cost in turn, never all at once.
    const parts: string[] = [];
    let used = 2; // the brackets
    let full = false;
    for (const item of message) {
      if (full) {
        // Refused without running: only requests are answered (notifications and replies never are).
        if (isObject(item) && Object.hasOwn(item, 'id') && Object.hasOwn(item, 'method')) {
          const id = isJsonRpcId(item.id) ? item.id : null;
          const refusal = refuse({ kind: 'response_too_large', maxBytes: maxResponseBytes }, context);
          parts.push(JSON.stringify(failureOf(id, refusal)));
        }
        continue;
      }
      const reply = await handleOne(item, context);
      if (reply === undefined) continue;
      const { text, fits } = serialise(reply, maxResponseBytes - used - 1, context);
      full = !fits;
      parts.push(text);
      used += utf8Bytes(text) + 1;
    }
    return parts.length === 0 ? undefined : { text: `[${parts.join(',')}]`, invalid: false };
  }

  return {
    dispatch,
    respond,
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
