import type { McpTool } from '@dus/mcp';
import { z } from 'zod';
import { isProblemError, validationFailed } from '../errors.js';
import type { OperationDefinition } from './operation.js';
import { zodIssuesToFieldErrors } from './zod-issues.js';

/** JSON Schema for an MCP tool: draft 2020-12, object root, and no `$schema` key (as MCP clients expect). */
export function toolSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  if (json.type !== 'object') {
    throw new Error(`MCP tool schemas must have an object root (got ${String(json.type)})`);
  }
  return json;
}

/** Derives the MCP tool of an operation: same schemas, same handler, errors as `isError` results. */
export function operationTool(
  op: OperationDefinition,
  newRequestId: () => string,
  problemExtensions: Record<string, unknown> = {},
): McpTool {
  return {
    name: op.mcpName ?? op.name,
    title: op.summary,
    description: op.description ?? op.summary,
    inputSchema: toolSchema(op.input, 'input'),
    outputSchema: toolSchema(op.output, 'output'),
    annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false },
    async call(args, context) {
      const parsed = op.input.safeParse(args);
      if (!parsed.success) {
        const problem = validationFailed(zodIssuesToFieldErrors(parsed.error));
        return { ok: false, message: problem.detail, data: { ...problem.toProblem(), ...problemExtensions } };
      }
      try {
        const value = await op.handler(parsed.data, {
          requestId: context.requestId ?? newRequestId(),
          via: 'mcp',
        });
        return { ok: true, value };
      } catch (error) {
        if (isProblemError(error)) {
          return { ok: false, message: error.detail, data: { ...error.toProblem(), ...problemExtensions } };
        }
        throw error;
      }
    },
  };
}
