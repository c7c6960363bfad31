import type { OperationDefinition } from '@dus/core';

/** What one surface answered, reduced to what both surfaces must agree on. */
export type SurfaceOutcome =
  | { kind: 'ok'; value: unknown }
  | { kind: 'problem'; status: number; code: string; paths: string[]; request_id: string | undefined };

interface AppLike {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

const encoder = new TextEncoder();
const bytesOf = (body: string | Uint8Array) => (typeof body === 'string' ? encoder.encode(body) : body);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

function problemOutcome(problem: Record<string, unknown>): SurfaceOutcome {
  const errors = Array.isArray(problem.errors) ? (problem.errors as Array<{ path: string }>) : [];
  return {
    kind: 'problem',
    status: problem.status as number,
    code: problem.code as string,
    paths: errors.map((error) => error.path),
    request_id: typeof problem.request_id === 'string' ? problem.request_id : undefined,
  };
}

/** Sends the same argument bytes to an operation's POST route and to its MCP tool. */
export async function bothSurfaces(
  app: AppLike,
  target: { path: string; tool: string; mcpPath: string },
  args: string | Uint8Array,
): Promise<{ rest: SurfaceOutcome; mcp: SurfaceOutcome }> {
  const argBytes = bytesOf(args);
  const restResponse = await app.request(target.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: argBytes as RequestInit['body'],
  });
  // A custom rendering (D's SVG) answers the same success in another form: only the outcome is compared.
  const rendered = restResponse.status === 200 && !restResponse.headers.get('content-type')?.includes('json');
  const restBody = rendered ? undefined : ((await restResponse.json()) as Record<string, unknown>);
  const rest: SurfaceOutcome = rendered
    ? { kind: 'ok', value: 'rendered' }
    : restResponse.status === 200
      ? { kind: 'ok', value: restBody }
      : problemOutcome(restBody!);

  const envelope = concat(
    bytesOf(
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${JSON.stringify(target.tool)},"arguments":`,
    ),
    argBytes,
    bytesOf('}}'),
  );
  const mcpResponse = await app.request(target.mcpPath, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: envelope as RequestInit['body'],
  });
  // biome-ignore lint/suspicious/noExplicitAny: a JSON-RPC reply inspected field by field
  const reply = (await mcpResponse.json()) as any;
  let mcp: SurfaceOutcome;
  if (reply.error !== undefined) {
    // A body the service's parser refuses is a JSON-RPC parse error carrying the same problem; its
    // pointers are into the whole message, so they are compared relative to the arguments.
    const outcome = problemOutcome(reply.error.data ?? {});
    if (outcome.kind === 'problem')
      outcome.paths = outcome.paths.map((path) => path.replace(/^\/params\/arguments/, ''));
    mcp = outcome;
  } else if (reply.result.isError === true) {
    mcp = problemOutcome(JSON.parse(reply.result.content[1].text));
  } else {
    mcp = { kind: 'ok', value: rendered ? 'rendered' : reply.result.structuredContent };
  }
  return { rest, mcp };
}

/**
 * Generic cases for one operation, built from its example: the example itself, an empty object, an
 * unknown member, each top-level member with the wrong type or missing, and bytes every strict
 * parser must refuse (invalid UTF-8, a lone surrogate escape, a duplicate name, too deep).
 */
export function parityCases(
  op: Pick<OperationDefinition, 'example'>,
): Array<{ name: string; args: string | Uint8Array }> {
  const example = (op.example?.input ?? {}) as Record<string, unknown>;
  const text = JSON.stringify(example);
  const cases: Array<{ name: string; args: string | Uint8Array }> = [
    { name: 'the example', args: text },
    { name: 'an empty object', args: '{}' },
    { name: 'an unknown member', args: JSON.stringify({ ...example, zz_unknown: 1 }) },
    {
      name: 'a duplicate name',
      args: `{"zz_dup":1,"zz_dup":2${text === '{}' ? '' : `,${text.slice(1, -1)}`}}`,
    },
    {
      name: 'a lone surrogate escape',
      args: `{"zz_text":"\\ud800"${text === '{}' ? '' : `,${text.slice(1, -1)}`}}`,
    },
    {
      name: 'a number out of range',
      args: `{"zz_number":1e400${text === '{}' ? '' : `,${text.slice(1, -1)}`}}`,
    },
    { name: 'nesting deeper than 256', args: `{"zz_deep":${'['.repeat(300)}${']'.repeat(300)}}` },
    {
      name: 'invalid UTF-8',
      args: concat(
        bytesOf('{"zz_text":"a'),
        new Uint8Array([0xff]),
        bytesOf(`b"${text === '{}' ? '' : `,${text.slice(1, -1)}`}}`),
      ),
    },
  ];
  for (const [key, value] of Object.entries(example)) {
    const without = { ...example };
    delete without[key];
    cases.push({ name: `${key} missing`, args: JSON.stringify(without) });
    for (const wrong of [[], {}, 'x', -1, true, null]) {
      if (JSON.stringify(wrong) === JSON.stringify(value)) continue;
      cases.push({
        name: `${key} = ${JSON.stringify(wrong)}`,
        args: JSON.stringify({ ...example, [key]: wrong }),
      });
    }
  }
  return cases;
}
