// Contracts that generate clients which refuse what the service refuses: each service's OpenAPI document
// through @hey-api/openapi-ts (its TypeScript types plugin, default options, as an integrator runs it),
// then a TypeScript program compiled with the TypeScript compiler that
// - calls every operation passing only what the document requires (the example request reduced to its
//   required members): a member documented as required that a client may omit, or one optional in the
//   schema but required in the generated types, fails to compile;
// - makes the calls the service refuses, each under `@ts-expect-error`: an empty body where members are
//   required, both sides of an exactly-one-of choice (G's `value` | `json`, E's `vdot` | `distance` +
//   `time`), and a bare number for a distance. If one of them compiles, the directive is unused and the
//   program fails to compile.
// No generated name may collide with the generator's own (`DigestResponse2`).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@hey-api/openapi-ts';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { type Json, services } from './helpers/services.js';

const work = mkdtempSync(join(tmpdir(), 'dus-clients-'));
afterAll(() => {
  if (process.env.KEEP_CLIENTS === undefined) rmSync(work, { recursive: true, force: true });
  else console.log(`generated clients kept in ${work}`);
});

/** hey-api's type name of an operation id (`time-at-pace` → `TimeAtPace`). */
const typeName = (operationId: string) =>
  operationId
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

function resolve(document: Json, schema: Json | undefined): Json | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref !== undefined && hops < 32; hops++) {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    current = path.reduce<Json | undefined>((node, key) => node?.[key], document);
  }
  return current;
}

/** A member one variant of an exactly-one-of union must not have: a schema no value meets. */
const isAbsent = (member: Json | undefined) =>
  Array.isArray(member?.allOf) &&
  member.allOf.some((part: Json) => part.type === 'string') &&
  member.allOf.some((part: Json) => part.type === 'number');

/** The object variants of a schema: its `oneOf` of objects, or itself. */
function variantsOf(document: Json, schema: Json): Json[] {
  const union = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  const variants = union?.map((variant) => resolve(document, variant)!);
  return variants?.every((variant) => variant.properties !== undefined) ? variants : [schema];
}

/** The variant a value fills: every required member present, no absent one. */
function variantOf(document: Json, schema: Json, value: Record<string, unknown>): Json {
  const variants = variantsOf(document, schema);
  return (
    variants.find(
      (variant) =>
        ((variant.required as string[] | undefined) ?? []).every((member) => member in value) &&
        Object.keys(value).every((member) => !isAbsent(variant.properties?.[member])),
    ) ?? variants[0]!
  );
}

/** `value` with only the members its schema requires, at every depth. */
function onlyRequired(document: Json, value: unknown, raw: Json | undefined): unknown {
  const resolved = resolve(document, raw);
  if (resolved === undefined || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => onlyRequired(document, item, resolved.items as Json));
  const record = value as Record<string, unknown>;
  const schema = variantOf(document, resolved, record);
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  if (Object.keys(properties).length === 0) return value;
  return Object.fromEntries(
    Object.entries(record)
      .filter(([key]) => required.has(key))
      .map(([key, member]) => [key, onlyRequired(document, member, properties[key])]),
  );
}

/** The calls the service refuses, which the generated types must refuse too. */
function refusedBodies(document: Json, example: Record<string, unknown>, raw: Json): unknown[] {
  const schema = resolve(document, raw)!;
  const refused: unknown[] = [];
  const variants = variantsOf(document, schema);
  if (variants.every((variant) => ((variant.required as string[] | undefined) ?? []).length > 0))
    refused.push({});
  // Both sides of an exactly-one-of choice.
  const own = variantOf(document, schema, example);
  for (const [member, property] of Object.entries((own.properties ?? {}) as Record<string, Json>)) {
    if (!isAbsent(property)) continue;
    const other = variants.find((variant) => !isAbsent(variant.properties?.[member]))!;
    refused.push({ ...example, [member]: sampleOf(document, other.properties[member]) });
  }
  // A bare number where a distance is asked for (E).
  for (const [member, property] of Object.entries((own.properties ?? {}) as Record<string, Json>))
    if ((property.$ref as string | undefined)?.endsWith('/DistanceInput') && member in example)
      refused.push({ ...example, [member]: 10 });
  return refused;
}

/** A value a member's schema takes (enough for the type checker). */
function sampleOf(document: Json, raw: Json): unknown {
  const schema = resolve(document, raw)!;
  if (schema.examples?.[0] !== undefined) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  const types = ([] as unknown[]).concat(schema.type ?? 'string');
  if (types.includes('object')) return {};
  if (types.includes('string')) return 'x';
  if (types.includes('number') || types.includes('integer')) return 1;
  return null;
}

/** The typed calls of a document: valid ones, and refused ones under `@ts-expect-error`. */
function callsOf(document: Json): { valid: number; refused: number; lines: string[] } {
  const lines: string[] = [];
  let valid = 0;
  let refused = 0;
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const name = typeName(operation.operationId as string);
      const body = operation.requestBody?.content?.['application/json'];
      if (body?.example !== undefined) {
        const value = onlyRequired(document, body.example, body.schema);
        lines.push(`export const ${name}Call: ${name}Data['body'] = ${JSON.stringify(value)};`);
        valid++;
        refusedBodies(document, body.example, body.schema).forEach((wrong, index) => {
          lines.push(
            `// ${path}: refused by the service`,
            '// @ts-expect-error',
            `export const ${name}Refused${index}: ${name}Data['body'] = ${JSON.stringify(wrong)};`,
          );
          refused++;
        });
      } else if (method === 'get' && Array.isArray(operation.parameters)) {
        const query = Object.fromEntries(
          (operation.parameters as Json[])
            .filter((parameter) => parameter.in === 'query' && parameter.required === true)
            .map((parameter) => [
              parameter.name,
              parameter.schema?.examples?.[0] ?? parameter.example ?? '1',
            ]),
        );
        lines.push(`export const ${name}Call: Query<${name}Data> = ${JSON.stringify(query)};`);
        valid++;
      }
    }
  }
  return { valid, refused, lines };
}

/** A GET's query type: an operation without one takes no members. */
const PRELUDE = `type Query<D> = D extends { query?: infer Q }
  ? [NonNullable<Q>] extends [never] ? Record<string, never> : NonNullable<Q>
  : never;
`;

describe.each(services)('$dir', (service) => {
  // Generating and compiling a client is a few seconds of work: once per service, with room for a busy machine.
  it('generates a hey-api client that takes the required members and refuses what the service refuses', {
    timeout: 60_000,
  }, async () => {
    const document = (await (await service.app.request(`${service.basePath}/openapi.json`)).json()) as Json;
    const dir = join(work, service.dir);
    rmSync(dir, { recursive: true, force: true });
    await createClient({
      input: structuredClone(document),
      output: dir,
      plugins: ['@hey-api/typescript'],
      logs: { level: 'silent' },
    });
    const generated = readFileSync(join(dir, 'types.gen.ts'), 'utf8');
    // No schema name collides with the generator's own names (it would add a digit: `DigestResponse2`).
    const names = new Set([...generated.matchAll(/^export type (\w+) =/gm)].map((match) => match[1]!));
    expect([...names].filter((name) => /\d$/.test(name) && names.has(name.replace(/\d+$/, '')))).toEqual([]);
    // Exactly-one-of inputs are unions of object types, never `unknown & {…}`.
    expect(generated).not.toContain('unknown & {');

    // Every documented response that has a body has its schema (202, 204 and 304 have none).
    const bare = Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(
      ([path, item]) =>
        Object.entries(item).flatMap(([method, operation]) =>
          Object.entries(operation.responses as Record<string, Json>)
            .filter(([status, response]) =>
              ['202', '204', '304'].includes(status)
                ? response.content !== undefined
                : Object.values((response.content ?? {}) as Record<string, Json>).every(
                    (media) => !media.schema,
                  ),
            )
            .map(([status]) => `${method.toUpperCase()} ${path} ${status}`),
        ),
    );
    expect(bare).toEqual([]);

    const { valid, refused, lines } = callsOf(document);
    expect(valid).toBeGreaterThan(0);
    const calls = join(dir, 'calls.ts');
    const imported = [
      ...new Set(lines.flatMap((line) => [...line.matchAll(/\b(\w+Data)\b/g)].map((m) => m[1]!))),
    ];
    writeFileSync(
      calls,
      `import type { ${imported.join(', ')} } from './types.gen.js';\n\n${PRELUDE}\n${lines.join('\n')}\n`,
    );
    const program = ts.createProgram([calls], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
    });
    // Each error with the line of calls.ts it is about.
    const errors = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const { file, start } = diagnostic;
      const at =
        file === undefined ? '' : file.text.split('\n')[file.getLineAndCharacterOfPosition(start ?? 0).line];
      return `${at} → ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
    expect(errors).toEqual([]);
    // G's and E's choices are refused at compile time (and so is every empty body).
    if (service.dir === 'g-canonical' || service.dir === 'e-pace') expect(refused).toBeGreaterThan(valid);
  });
});
