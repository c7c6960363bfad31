import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SdkSession, sdkSession } from './sdk-session.js';

type App = Parameters<typeof sdkSession>[0];

/** One tool call and the REST route that must answer the same. */
export type ToolCall = [tool: string, path: string, args: Record<string, unknown>];

interface Expectations {
  /** The server's name and version as the SDK client sees them after `initialize`. */
  server: { name: string; version: string };
  /** Every tool name, sorted. */
  tools: readonly string[];
  calls: readonly ToolCall[];
  mcpPath?: string;
}

/**
 * The checks every service makes with the official SDK client on a real socket: the tool list (sorted,
 * read-only, idempotent, object schemas both ways), and each call's structuredContent equal to the REST
 * answer for the same arguments. Returns the session for the service's own MCP tests.
 */
export function describeMcpMatchesRest(app: App, expected: Expectations): () => SdkSession {
  let session: SdkSession;
  beforeAll(async () => {
    session = await sdkSession(app, expected.server.name, expected.mcpPath);
  });
  afterAll(() => session.close());

  describe('MCP with the official SDK client', () => {
    it(`lists the ${expected.tools.length} tools, sorted, read-only and idempotent, with object schemas`, async () => {
      expect(session.client.getServerVersion()).toMatchObject(expected.server);
      const { tools } = await session.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expected.tools);
      for (const tool of tools) {
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.inputSchema).not.toHaveProperty('$schema');
        expect(tool.outputSchema?.type).toBe('object');
        expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
      }
    });

    it.each(expected.calls)('%s: structuredContent equals the REST answer (%s)', async (name, path, args) => {
      const result = await session.client.callTool({ name, arguments: args });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      const rest = await session.post(path, args);
      expect(rest.status).toBe(200);
      expect(result.structuredContent).toEqual(rest.body);
      // The text content is the same object, for clients that read only text.
      expect(JSON.parse(errorText(result))).toEqual(result.structuredContent);
    });
  });
  return () => session;
}

/** The text of a tool result's first content block (a tool error's problem detail, or the JSON answer). */
export function errorText(result: object): string {
  return (result as { content: Array<{ text: string }> }).content[0]!.text;
}
