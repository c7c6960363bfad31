import type { OperationContext, OperationDefinition } from './operation.js';
import { zodValidationFailed } from './zod-issues.js';

/**
 * Runs one operation on an already-parsed input, for REST and MCP alike: the same validation, the
 * same handler, the same errors (a ProblemError propagates; anything else is a bug).
 */
export async function runOperation(
  op: OperationDefinition,
  raw: unknown,
  context: OperationContext,
  schema: OperationDefinition['input'] = op.input,
): Promise<{ input: unknown; output: unknown }> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw zodValidationFailed(parsed.error);
  const output = await op.handler(parsed.data, context);
  return { input: parsed.data, output };
}
