import type { Context } from 'hono';
import type { z } from 'zod';

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

/** Parses a non-JSON request body (e.g. `text/csv`) into the operation's input shape. */
export type BodyParser = (body: Uint8Array, context: { contentType: string }) => unknown;

export interface OperationDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** OpenAPI operationId; also the MCP tool name unless `mcpName` is given. */
  name: string;
  mcpName?: string;
  summary: string;
  description?: string;
  tags?: string[];
  /** One method, or several for twins such as GET (query) + POST (body). */
  method: HttpMethod | readonly HttpMethod[];
  /** Path below the service's operation base path, e.g. `/v1/digest`. */
  path: string;
  /** zod schema of the input object (body for POST, query parameters for GET). */
  input: I;
  /** zod schema of the output object (documents the 200 response and the MCP outputSchema). */
  output: O;
  handler: (input: z.output<I>, context: OperationContext) => z.input<O> | Promise<z.input<O>>;
  /** Domain errors (422 and friends) this operation can produce. */
  errors?: readonly DocumentedError[];
  /** Example request input and its output, shown in OpenAPI. */
  example?: { input: z.input<I>; output?: z.input<O> };
  /** Body limit for this route in bytes; defaults to the service's `MAX_BODY_BYTES`. */
  maxBodyBytes?: number;
  /** Extra request media types besides JSON, e.g. `{ 'text/csv': parseCsv }`. */
  bodyParsers?: Readonly<Record<string, BodyParser>>;
  /** Custom HTTP rendering (SVG, CSV); the MCP tool still returns the structured output. */
  render?: (output: z.output<O>, c: Context) => Response;
  /** Media type of a custom rendering, for OpenAPI. */
  renderMediaType?: string;
  /** Expose as an MCP tool (default true). */
  mcp?: boolean;
  /** Subject to the service's rate limit (default true). */
  rateLimited?: boolean;
  /** Allow caching of the response (default: `Cache-Control: no-store`). */
  cacheControl?: string;
}

/** Defines an operation once; the kit derives its REST route, OpenAPI entry and MCP tool from it. */
export function defineOperation<I extends z.ZodType, O extends z.ZodType>(
  definition: OperationDefinition<I, O>,
): OperationDefinition<I, O> {
  return definition;
}

export function operationMethods(operation: Pick<OperationDefinition, 'method'>): readonly HttpMethod[] {
  return typeof operation.method === 'string' ? [operation.method] : operation.method;
}
