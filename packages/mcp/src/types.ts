import type { BatchRefusal, JsonRpcError, JsonRpcId, JsonRpcText } from './jsonrpc.js';
import type { CallToolResult } from './tools.js';

export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  idempotentHint?: boolean;
  destructiveHint?: boolean;
  openWorldHint?: boolean;
}

/** A content block of a tool result beside the JSON text (e.g. an image the output also carries). */
export type McpContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string };

/**
 * A tool's answer: `value` is the structured output; `content`, blocks shown after its JSON text (an
 * image a client can display). An error carries the message and the problem as `data`.
 */
export type McpToolOutcome =
  | { ok: true; value: unknown; content?: readonly McpContentBlock[] }
  | { ok: false; message: string; data?: unknown };

export interface McpToolContext {
  /** The HTTP request id (X-Request-Id) when the call came over HTTP. */
  requestId?: string;
  /** Size of the HTTP body that carried the call, for hosts that enforce per-tool body limits. */
  bodyBytes?: number;
  /** The bytes a call's arguments object took in the body as sent, when the host can tell. */
  argumentBytes?: (args: object) => number | undefined;
  /** Told the name of every tool called (before it runs), e.g. for the host's access log. */
  onToolCall?: (name: string) => void;
  /**
   * Asked before each request of the message runs (every element of a batch): an error refuses that
   * element alone, e.g. a call beyond the caller's rate limit.
   */
  admit?: (method: string) => JsonRpcError | undefined | Promise<JsonRpcError | undefined>;
  /** Whatever the host attaches to the request (the service kit: its request context), passed to tools as is. */
  host?: unknown;
}

/** Bounds on one POSTed message, whatever it holds. */
export interface McpLimits {
  /** Most messages in one JSON-RPC batch (a larger one is refused whole, before any of it runs). */
  maxBatch: number;
  /** Most bytes of JSON one answer may take, a batch's included. */
  maxResponseBytes: number;
}

export interface McpTool {
  name: string;
  title?: string;
  description: string;
  /** JSON Schema with root `type: "object"` and no `$schema` key. */
  inputSchema: Record<string, unknown>;
  /** JSON Schema with root `type: "object"` and no `$schema` key. */
  outputSchema?: Record<string, unknown>;
  annotations?: McpToolAnnotations;
  /**
   * Validates `args` itself. `{ ok: true, value }` carries the structured output (a JSON object);
   * `{ ok: false, message }` reports invalid arguments or a domain error (a tool result with
   * `isError: true`). A thrown exception becomes JSON-RPC -32603 with a generic message.
   */
  call(args: Record<string, unknown>, context: McpToolContext): Promise<McpToolOutcome> | McpToolOutcome;
}

/** A tool as listed by `tools/list`. */
export interface McpToolDescriptor {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations: Required<Omit<McpToolAnnotations, 'title'>> & { title?: string };
}

export interface McpServerInfo {
  name: string;
  version: string;
  protocolVersion: string;
  /** Tool names, sorted. */
  tools: string[];
}

export interface McpServerOptions {
  name: string;
  version: string;
  instructions?: string;
  tools: readonly McpTool[];
  /**
   * Allowed `Origin` header values (exact, case-insensitive; `"*"` allows any). Default: http(s) on
   * localhost, 127.0.0.1 and [::1], any port. A predicate may be given instead.
   */
  allowedOrigins?: readonly string[] | ((origin: string) => boolean);
  /** Bounds on a message and its answer; default: unbounded (set them on any public endpoint). */
  limits?: Partial<McpLimits>;
  /** Words the error of a refused batch or oversized answer (e.g. to carry the host's problem object). */
  refuse?: (refusal: BatchRefusal, context: McpToolContext) => JsonRpcError;
  /** Receives every unexpected exception (tool bugs); default logs to `console.error`. */
  onError?: (error: unknown, info: { method: string; id?: JsonRpcId; requestId?: string }) => void;
}

export interface McpServer {
  /** The tools as listed by `tools/list`, sorted by name. */
  readonly tools: readonly McpToolDescriptor[];
  /** Runs a `tools/call` of either era: its result, or a thrown JsonRpcError (unknown tool, bad params). */
  callTool(params: unknown, context: McpToolContext): Promise<CallToolResult>;
  /** Answers a parsed message or batch as JSON text within the limits; `undefined`: nothing to send. */
  handleMessage(message: unknown, context?: McpToolContext): Promise<JsonRpcText | undefined>;
  info(): McpServerInfo;
}
