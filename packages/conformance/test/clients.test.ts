// Contracts that generate correct clients: each service's OpenAPI document through openapi-typescript
// (default options, as an integrator runs it), then a TypeScript program that calls every operation
// passing only what the document requires (the example request reduced to its required members),
// compiled with the TypeScript compiler. A member documented as required that a client may omit, or
// one optional in the schema but required in the generated types, fails to compile.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { type Json, services } from './helpers/services.js';

const work = mkdtempSync(join(tmpdir(), 'dus-clients-'));
afterAll(() => {
  if (process.env.KEEP_CLIENTS === undefined) rmSync(work, { recursive: true, force: true });
  else console.log(`generated clients kept in ${work}`);
});

/** An operation id as a TypeScript identifier (`time-at-pace` → `time_at_pace`). */
const identifier = (operationId: string) => operationId.replace(/[^A-Za-z0-9_$]/g, '_');

function resolve(document: Json, schema: Json | undefined): Json | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref !== undefined && hops < 32; hops++) {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    const target: Json | undefined = path.reduce<Json | undefined>((node, key) => node?.[key], document);
    // A `$ref` with siblings (a field's own description beside a shared schema) means the shared schema.
    current = target;
  }
  return current;
}

/**
 * `value` with only the members its schema requires, at every depth. Where the schema says "exactly
 * one of" (`oneOf` of `required` groups), the group the value fills is required too.
 */
function onlyRequired(document: Json, value: unknown, raw: Json | undefined): unknown {
  const schema = resolve(document, raw);
  if (schema === undefined || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => onlyRequired(document, item, schema.items as Json));
  const record = value as Record<string, unknown>;
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  for (const group of [...((schema.oneOf as Json[]) ?? []), ...((schema.anyOf as Json[]) ?? [])]) {
    const members = (resolve(document, group)?.required as string[] | undefined) ?? [];
    if (members.length > 0 && members.every((member) => member in record)) {
      for (const member of members) required.add(member);
      break;
    }
  }
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  if (Object.keys(properties).length === 0) return value;
  return Object.fromEntries(
    Object.entries(record)
      .filter(([key]) => required.has(key))
      .map(([key, member]) => [key, onlyRequired(document, member, properties[key])]),
  );
}

/** One typed call per operation: its JSON body or its query, with only the required members. */
function callsOf(document: Json): string[] {
  const calls: string[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const body = operation.requestBody?.content?.['application/json'];
      const target = `paths[${JSON.stringify(path)}][${JSON.stringify(method)}]`;
      if (body?.example !== undefined) {
        const value = onlyRequired(document, body.example, body.schema);
        calls.push(
          `export const ${identifier(operation.operationId)}: Body<${target}> = ${JSON.stringify(value)};`,
        );
      } else if (method === 'get' && Array.isArray(operation.parameters)) {
        const query = Object.fromEntries(
          (operation.parameters as Json[])
            .filter((parameter) => parameter.in === 'query' && parameter.required === true)
            .map((parameter) => [
              parameter.name,
              String(parameter.schema?.examples?.[0] ?? parameter.example ?? '1'),
            ]),
        );
        calls.push(
          `export const ${identifier(operation.operationId)}: Query<${target}> = ${JSON.stringify(query)};`,
        );
      }
    }
  }
  return calls;
}

const PRELUDE = `import type { paths } from './api.js';
type Body<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type Query<O> = O extends { parameters: { query?: infer Q } }
  ? [NonNullable<Q>] extends [never] ? Record<string, never> : NonNullable<Q>
  : never;
`;

describe.each(services)('$dir', (service) => {
  // Generating and compiling a client is a few seconds of work: once per service, with room for a busy machine.
  it('generates a TypeScript client whose calls with only the required members compile', {
    timeout: 30_000,
  }, async () => {
    const document = (await (await service.app.request(`${service.basePath}/openapi.json`)).json()) as Json;
    const dir = join(work, service.dir);
    rmSync(dir, { recursive: true, force: true });
    const api = join(dir, 'api.ts');
    const calls = join(dir, 'calls.ts');
    const generated = astToString(await openapiTS(document as never));
    const lines = callsOf(document);
    expect(lines.length).toBeGreaterThan(0);
    ts.sys.writeFile(api, generated);
    writeFileSync(calls, `${PRELUDE}\n${lines.join('\n')}\n`);
    const program = ts.createProgram([calls], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(errors).toEqual([]);
  });
});
