// What the MCP client suites share: a call per service from its documented example, and its stdio target.
import { join } from 'node:path';
import { exampleOutput, type OperationDefinition } from '@dus/core';
import type { McpTarget } from '@dus/testing';
import { type BuiltService, type Json, servicesDir } from './services.js';

export const toolName = (op: OperationDefinition) => op.mcpName ?? op.name;

/** A call per service: the first tool whose documented example is a valid MCP call, and its answer. */
export function exampleCall(service: BuiltService) {
  const op = service.operations.find(
    (candidate) =>
      candidate.mcp !== false &&
      candidate.example !== undefined &&
      (candidate.mcpInput ?? candidate.input).safeParse(candidate.example.input).success,
  );
  if (op === undefined) throw new Error(`${service.dir} has no tool with a valid example`);
  return {
    name: toolName(op),
    args: op.example!.input as Record<string, unknown>,
    expected: JSON.parse(JSON.stringify(exampleOutput(op))) as Json,
  };
}

/** The service's stdio bin (its built `dist/stdio.js`), started by the client. */
export const stdioTarget = (service: BuiltService, env: Record<string, string> = {}): McpTarget => ({
  command: process.execPath,
  args: [join(servicesDir, service.dir, 'dist', 'stdio.js')],
  env: { LOG_LEVEL: 'info', ...env },
});
