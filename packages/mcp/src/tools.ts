import type { McpContentBlock, McpTool, McpToolDescriptor, McpToolOutcome } from './types.js';

/** Tool-name rule of MCP 2025-11-25 (1–128 of A–Z a–z 0–9 _ - .). */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export type CallToolResult = {
  content: McpContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: true;
};

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function assertObjectSchema(tool: string, key: string, schema: unknown): void {
  if (!isPlainObject(schema)) throw new TypeError(`MCP tool "${tool}": ${key} must be a JSON Schema object`);
  if (schema.type !== 'object') throw new TypeError(`MCP tool "${tool}": ${key} must have type "object"`);
  if (Object.hasOwn(schema, '$schema'))
    throw new TypeError(`MCP tool "${tool}": ${key} must not have $schema`);
}

/** Checks the definitions once, at start-up, so a bad tool fails fast instead of per call. */
export function indexTools(tools: readonly McpTool[]): Map<string, McpTool> {
  const byName = new Map<string, McpTool>();
  for (const tool of tools) {
    if (typeof tool.name !== 'string' || !TOOL_NAME.test(tool.name)) {
      throw new TypeError(`MCP tool name ${JSON.stringify(tool.name)} must match ${TOOL_NAME}`);
    }
    if (byName.has(tool.name)) throw new TypeError(`MCP tool "${tool.name}" is defined twice`);
    if (typeof tool.description !== 'string') {
      throw new TypeError(`MCP tool "${tool.name}": description must be a string`);
    }
    if (typeof tool.call !== 'function')
      throw new TypeError(`MCP tool "${tool.name}": call must be a function`);
    assertObjectSchema(tool.name, 'inputSchema', tool.inputSchema);
    if (tool.outputSchema !== undefined) assertObjectSchema(tool.name, 'outputSchema', tool.outputSchema);
    byName.set(tool.name, tool);
  }
  return byName;
}

export function describeTool(tool: McpTool): McpToolDescriptor {
  const descriptor: McpToolDescriptor = {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false },
  };
  for (const [key, value] of Object.entries(tool.annotations ?? {})) {
    if (value !== undefined) Object.assign(descriptor.annotations, { [key]: value });
  }
  if (tool.title !== undefined) descriptor.title = tool.title;
  if (tool.outputSchema !== undefined) descriptor.outputSchema = tool.outputSchema;
  return descriptor;
}

/**
 * Maps a tool outcome to a `tools/call` result. Error data goes into a second text block, never
 * into `structuredContent`: SDK clients validate any `structuredContent` against the tool's
 * outputSchema, even on an error result.
 */
export function toCallResult(outcome: McpToolOutcome): CallToolResult {
  if (!isPlainObject(outcome) || typeof outcome.ok !== 'boolean') {
    throw new TypeError('MCP tool returned something other than an McpToolOutcome');
  }
  if (outcome.ok) {
    const value = outcome.value === undefined ? null : outcome.value;
    const content: McpContentBlock[] = [{ type: 'text', text: JSON.stringify(value) }];
    if (outcome.content !== undefined) content.push(...outcome.content);
    return isPlainObject(value) ? { content, structuredContent: value } : { content };
  }
  if (typeof outcome.message !== 'string') throw new TypeError('MCP tool error outcome has no message');
  const content: McpContentBlock[] = [{ type: 'text', text: outcome.message }];
  if (outcome.data !== undefined) content.push({ type: 'text', text: JSON.stringify(outcome.data) });
  return { content, isError: true };
}
