import type { McpContentBlock } from '@dus/mcp';
import type { z } from 'zod';
import type { QueryInput } from './http/request.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A domain error an operation can answer with, documented in OpenAPI. */
export interface DocumentedError {
  status: number;
  code: string;
  description: string;
}

export interface OperationContext {
  requestId: string;
  /** `rest` for HTTP routes, `mcp` for tool calls. */
  via: 'rest' | 'mcp';
}

/** What a body parser and a renderer may look at besides the body: the query and the headers. */
export interface RequestView {
  readonly method: string;
  readonly query: QueryInput;
  /** A request header by lower-case name. */
  header(name: string): string | undefined;
}

/** Parses a non-JSON request body (e.g. `text/csv`) into the operation's input shape. */
export type BodyParser = (body: Uint8Array, context: RequestView & { contentType: string }) => unknown;

/** A custom HTTP rendering of an output (SVG, CSV, a 304). */
export interface Rendered {
  body: string | Uint8Array | null;
  contentType?: string;
  status?: number;
  headers?: Record<string, string>;
}

export interface OperationDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** OpenAPI operationId; also the MCP tool name unless `mcpName` is given. */
  name: string;
  mcpName?: string;
  summary: string;
  /** The OpenAPI description (may speak of HTTP statuses); also the MCP tool's unless `toolDescription` is given. */
  description?: string;
  /** The MCP tool's description, written for a tool caller (no HTTP status talk); default `description ?? summary`. */
  toolDescription?: string;
  tags?: string[];
  /** One method, or several for twins such as GET (query) + POST (body). */
  method: HttpMethod | readonly HttpMethod[];
  /** Path below the service's operation base path, e.g. `/v1/digest`. */
  path: string;
  /** zod schema of the input object: the POST body and the MCP arguments (and the GET query without `query`). */
  input: I;
  /**
   * zod schema of a GET twin's query string: its output is then checked by `input`. Lets GET parse
   * strings strictly (numbers, comma lists) without loosening the body or the MCP input schema.
   */
  query?: z.ZodType;
  /**
   * zod schema of options a POST route also takes as query parameters (e.g. `?method=lifo` beside a
   * `text/csv` body): parsed strictly, then merged under the body object, where a body member wins.
   */
  bodyQuery?: z.ZodType;
  /**
   * zod schema of the MCP tool's arguments when they differ from the body (e.g. without an HTTP-only
   * rendering choice such as D's `format`); its output goes to the same handler. Default: `input`.
   */
  mcpInput?: z.ZodType;
  /** zod schema of the output object (documents the 200 response and the MCP outputSchema). */
  output: O;
  handler: (input: z.output<I>, context: OperationContext) => z.input<O> | Promise<z.input<O>>;
  /** Domain errors (422 and friends) this operation can produce. */
  errors?: readonly DocumentedError[];
  /**
   * Example request input and its output, shown in OpenAPI. An output computed by the domain is best
   * passed as a function: it runs when the document is first built, so a module that defines the
   * operation loads even while its domain is broken (a mutant, a bug under test).
   */
  example?: { input: z.input<I>; output?: z.input<O> | (() => z.input<O>) };
  /** Body limit for this route (and for this tool's MCP messages) in bytes; default `MAX_BODY_BYTES`. */
  maxBodyBytes?: number;
  /**
   * CPU-heavy from this many bytes of arguments: such calls run in the service's worker-thread pool
   * (docs/conventions.md §11), smaller ones inline. Needs the service's `workerModule`. `minBytes: 0`
   * runs every call in the pool whatever its size (REST body or query, and every MCP message of a
   * service that has such a tool) — for an operation whose cost no cheap pre-check bounds.
   */
  heavy?: {
    minBytes: number;
    /**
     * Also heavy, however small, when this says so of the raw arguments: the query string of a GET, the
     * body bytes of a POST or of an MCP message (e.g. D's `output=png`). A cheap test; a false positive
     * costs one thread hop, nothing else.
     */
    when?: (raw: string | Uint8Array) => boolean;
  };
  /**
   * This operation's deadline in milliseconds when lower than `CALL_TIMEOUT_MS` (a higher one is
   * capped by it): a call past it is stopped and answered 503 `deadline_exceeded` (docs/conventions.md §12).
   */
  timeoutMs?: number;
  /** Extra request media types besides JSON, e.g. `{ 'text/csv': parseCsv }`. */
  bodyParsers?: Readonly<Record<string, BodyParser>>;
  /** Custom HTTP rendering; `undefined` falls back to JSON. The MCP tool always returns the structured output. */
  render?: (output: z.output<O>, input: z.output<I>, request: RequestView) => Rendered | undefined;
  /** Media type(s) of the custom rendering, for OpenAPI (an `image/*` but SVG is documented as binary). */
  renderMediaType?: string | readonly string[];
  /**
   * Content blocks an MCP tool result carries after the JSON text of the output, e.g. the image the
   * output holds as base64 or SVG text, so a client can show it (docs/conventions.md §13).
   */
  mcpContent?: (output: z.output<O>, input: z.output<I>) => readonly McpContentBlock[] | undefined;
  /** Expose as an MCP tool (default true). */
  mcp?: boolean;
  /** Allow caching of the response (default: `Cache-Control: no-store`). */
  cacheControl?: string;
}

/** Defines an operation once; the kit derives its REST route, OpenAPI entry and MCP tool from it. */
export function defineOperation<I extends z.ZodType, O extends z.ZodType>(
  definition: OperationDefinition<I, O>,
): OperationDefinition<I, O> {
  return definition;
}

/** The example output of an operation, computed when first asked for (see `example`). */
export function exampleOutput(operation: Pick<OperationDefinition, 'example'>): unknown {
  const output = operation.example?.output;
  return typeof output === 'function' ? output() : output;
}

export function operationMethods(operation: Pick<OperationDefinition, 'method'>): readonly HttpMethod[] {
  return typeof operation.method === 'string' ? [operation.method] : operation.method;
}
