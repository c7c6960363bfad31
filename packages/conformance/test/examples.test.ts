// The OpenAPI examples are what the server really sends: every operation's example request is sent
// (REST and MCP) and must answer exactly the documented example response; every documented problem
// example has the title, type and members the server's own problems of that code carry.
import { exampleOutput, type OperationDefinition, operationMethods } from '@dus/core';
import { describe, expect, it } from 'vitest';
import { type BuiltService, type Json, mcpCall, services } from './helpers/services.js';

async function openapi(service: BuiltService): Promise<Json> {
  return (await service.app.request(`${service.basePath}/openapi.json`)).json() as Promise<Json>;
}

/** What the server answers to a request no route accepts in that form, by problem code. */
const provoke: Record<string, (path: string) => RequestInit> = {
  invalid_json: () => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' }),
  validation_failed: () => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' }),
  unsupported_media_type: () => ({ method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }),
};

/** Every problem example of an operation's responses (`example`, or each of `examples`). */
function problemExamples(responses: Json): Json[] {
  return Object.values(responses).flatMap((response: Json) => {
    const media = response.content?.['application/problem+json'];
    if (media === undefined) return [];
    return media.example
      ? [media.example]
      : Object.values(media.examples).map((entry) => (entry as Json).value);
  });
}

/** The documented path of an operation, found by its operationId (`name`, or `name_<method>` for twins). */
function operationPath(document: Json, op: OperationDefinition): string {
  const ids = new Set([
    op.name,
    ...operationMethods(op).map((method) => `${op.name}_${method.toLowerCase()}`),
  ]);
  const found = Object.entries(document.paths as Record<string, Record<string, Json>>).find(([, item]) =>
    Object.values(item).some((entry) => ids.has(entry.operationId)),
  );
  if (found === undefined) throw new Error(`${op.name} is not in the OpenAPI document`);
  return found[0];
}

describe.each(services)('$dir', (service) => {
  it('gives every operation an example request and response', () => {
    expect(service.operations.filter((op) => op.example?.output === undefined).map((op) => op.name)).toEqual(
      [],
    );
  });

  const withExamples = service.operations.filter((op) => op.example?.output !== undefined);

  it.each(withExamples.map((op) => ({ op, name: op.name })))(
    '$name: the example request answers the example response (REST and MCP)',
    async ({ op }) => {
      const example = { input: op.example!.input, output: exampleOutput(op) };
      const document = await openapi(service);
      const path = operationPath(document, op);
      const methods = operationMethods(op);
      const response = methods.includes('POST')
        ? await service.app.request(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify(example.input),
          })
        : await service.app.request(path);
      expect(response.status).toBe(200);
      if (response.headers.get('content-type')?.startsWith('application/json')) {
        expect(await response.json()).toEqual(example.output);
      }
      // The documented 200 example is the definition's, byte for byte.
      const documented =
        document.paths[path][methods[0]!.toLowerCase()].responses['200'].content['application/json'].example;
      expect(documented).toEqual(JSON.parse(JSON.stringify(example.output)));
      if (op.mcp !== false) {
        const result = await mcpCall(service, 'tools/call', {
          name: op.mcpName ?? op.name,
          arguments: example.input,
        });
        expect(result.isError ?? false).toBe(false);
        expect(result.structuredContent).toEqual(example.output);
      }
    },
  );

  it('documents each generic problem as the server sends it', async () => {
    const document = await openapi(service);
    const post = service.operations.find((op) => operationMethods(op).includes('POST'));
    // Every service has a POST operation; the generic problems are provoked there.
    if (post === undefined) throw new Error(`${service.dir} has no POST operation`);
    const path = operationPath(document, post);
    const responses = document.paths[path].post.responses;
    for (const [code, init] of Object.entries(provoke)) {
      const documented = problemExamples(responses).find((example) => example.code === code);
      expect(documented, `${post.name} documents ${code}`).toBeDefined();
      const sent = (await (await service.app.request(path, init(path))).json()) as Json;
      expect(Object.keys(documented!).sort()).toEqual(Object.keys(sent).sort());
      const { detail: _a, request_id: _b, errors: documentedErrors, ...documentedRest } = documented!;
      const { detail: _c, request_id: _d, errors: sentErrors, ...sentRest } = sent;
      if (code === 'invalid_json') {
        // Where the parse stopped depends on the body sent; the members are the same.
        for (const key of ['offset', 'pointer', 'line', 'column']) {
          delete documentedRest[key];
          delete sentRest[key];
        }
      }
      expect(documentedRest).toEqual(sentRest);
      if (sentErrors)
        expect(Object.keys(documentedErrors[0]).sort()).toEqual(Object.keys(sentErrors[0]).sort());
    }
  });
});
