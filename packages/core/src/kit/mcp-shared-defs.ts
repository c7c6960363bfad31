type Schema = Record<string, unknown>;

interface ListedTool {
  name: string;
  inputSchema: Schema;
}

/** Where a definition is given in full: the first tool (in list order) whose input carries it. */
interface Carrier {
  tool: string;
  json: string;
}

/** What a later tool lists instead of a definition an earlier tool gives in full. */
export function definitionReference(name: string, definition: Schema, carrier: string): Schema {
  const own = typeof definition.description === 'string' ? `${definition.description}, ` : '';
  return { type: definition.type, description: `${own}as ${name} in tool ${carrier}` };
}

/**
 * The lean `tools/list`: a named input definition that several tools carry alike (C's ApiRequest,
 * F's Trade) is given in full by the first of them, and by a described reference in the others.
 * MCP has no definitions shared across tools (SEP-1576 proposes them), and a `$ref` outside the
 * tool's own schema would break clients that validate or convert it; a reference of the same type
 * with a description any validator accepts, and a model follows, is what remains. The server still
 * validates every call against the whole schema.
 */
export function shareDefinitions<T extends ListedTool>(tools: readonly T[]): T[] {
  const carriers = new Map<string, Carrier>();
  return [...tools]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((tool) => {
      const defs = tool.inputSchema.$defs as Record<string, Schema> | undefined;
      if (defs === undefined) return tool;
      const shared: Record<string, Schema> = {};
      for (const [name, definition] of Object.entries(defs)) {
        const json = JSON.stringify(definition);
        const carrier = carriers.get(name);
        if (carrier === undefined) carriers.set(name, { tool: tool.name, json });
        const reference =
          carrier?.json === json && typeof definition.type === 'string'
            ? definitionReference(name, definition, carrier.tool)
            : undefined;
        shared[name] =
          reference !== undefined && JSON.stringify(reference).length < json.length ? reference : definition;
      }
      return { ...tool, inputSchema: { ...tool.inputSchema, $defs: shared } };
    });
}
