// Routes and tools of a running service, from its own OpenAPI document and MCP tools/list: never a
// hand-kept list, so every later service is covered as soon as it exists.

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

export async function discover(origin, basePath) {
  const document = await (await fetch(`${origin}${basePath}/openapi.json`)).json();
  const routes = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (path.endsWith('/mcp') || operation.tags?.includes('service')) continue;
      const example = operation.requestBody?.content?.['application/json']?.example;
      const tool = /MCP tool: `([^`]+)`/.exec(operation.description ?? '')?.[1];
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      // A heavy operation documents the 503 of its worker pool (docs/conventions.md §11).
      const heavy = operation.responses?.['503'] !== undefined;
      routes.push({ method: method.toUpperCase(), path, example, tool, query, heavy });
    }
  }
  const listed = await fetch(`${origin}${basePath}/mcp`, {
    method: 'POST',
    headers: MCP_HEADERS,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  const { tools } = (await listed.json()).result;
  const examples = new Map(routes.filter((r) => r.tool && r.example).map((r) => [r.tool, r.example]));
  return {
    routes,
    tools: tools.map((tool) => {
      const example = examples.get(tool.name) ?? {};
      // Body-only members (absent from the tool's schema) are not tool arguments.
      const args = Object.fromEntries(
        Object.entries(example).filter(([key]) => key in (tool.inputSchema.properties ?? {})),
      );
      return { name: tool.name, example: args };
    }),
    mcpPath: `${basePath}/mcp`,
    healthPath: `${basePath}/health`,
  };
}

export { MCP_HEADERS };
