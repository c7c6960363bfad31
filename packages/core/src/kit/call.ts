import type { Attributes, Span } from '@opentelemetry/api';
import { ProblemError } from '../errors.js';
import type { OperationContext, OperationDefinition } from './operation.js';
import type { Tracing } from './tracing.js';
import { validated } from './zod-issues.js';

/** How large a call's arguments are, when the transport cannot already vouch for it. */
export interface CallSize {
  /** The arguments' bytes are at most this (e.g. the HTTP body that carried them). */
  atMost: number;
  /** Measures them exactly; only asked when `atMost` is over the operation's limit. */
  measure(): number;
}

function argumentsTooLarge(op: OperationDefinition, limit: number): ProblemError {
  return new ProblemError({
    status: 413,
    code: 'payload_too_large',
    detail: `The arguments of ${op.mcpName ?? op.name} exceed the limit of ${limit} bytes for this operation (measured as sent).`,
    extensions: { limit_bytes: limit },
  });
}

export interface CallOptions {
  /** The schema the arguments are checked by (an MCP tool's may differ from the body's). */
  schema?: OperationDefinition['input'];
  /** The arguments' size, when the transport did not bound it already; checked against `limit`. */
  size?: CallSize;
  limit?: number;
  /** With tracing on: the call gets a child span of the request's. */
  tracing?: Tracing | undefined;
  parentSpan?: Span | undefined;
  /** The call span's attributes (an MCP call's `mcp.method.name`, `gen_ai.tool.name`, …). */
  spanAttributes?: Attributes | undefined;
}

const NO_OPTIONS: CallOptions = Object.freeze({});

export interface CallResult {
  input: unknown;
  output: unknown;
}

/**
 * One operation call, the unit of limits and errors, for a REST request, an MCP `tools/call` and
 * each element of a JSON-RPC batch alike: the operation's byte limit on its arguments (413), the
 * input schema (400 naming every offending path), and the handler (its ProblemErrors propagate;
 * anything else is a bug). Admission (the rate-limit token) happens before, per call.
 */
export function callOperation(
  op: OperationDefinition,
  raw: unknown,
  context: OperationContext,
  options: CallOptions = NO_OPTIONS,
): CallResult | Promise<CallResult> {
  const { tracing } = options;
  if (tracing === undefined) return call(op, raw, context, options);
  const span = tracing.startCall(
    options.parentSpan,
    op.mcpName ?? op.name,
    undefined,
    options.spanAttributes,
  );
  let result: CallResult | Promise<CallResult>;
  try {
    result = call(op, raw, context, options);
  } catch (error) {
    tracing.endCall(span, true);
    throw error;
  }
  if (!(result instanceof Promise)) {
    tracing.endCall(span, false);
    return result;
  }
  return result.then(
    (done) => {
      tracing.endCall(span, false);
      return done;
    },
    (error: unknown) => {
      tracing.endCall(span, true);
      throw error;
    },
  );
}

function call(
  op: OperationDefinition,
  raw: unknown,
  context: OperationContext,
  options: CallOptions,
): CallResult | Promise<CallResult> {
  const { size, limit } = options;
  if (size !== undefined && limit !== undefined && size.atMost > limit && size.measure() > limit) {
    throw argumentsTooLarge(op, limit);
  }
  const input = validated(options.schema ?? op.input, raw);
  const output = op.handler(input, context);
  // A synchronous handler (most are: pure domain functions) is answered without a promise.
  return output instanceof Promise ? output.then((value) => ({ input, output: value })) : { input, output };
}
