import type { z } from 'zod';
import { forEachSchemaNode, type Json, jsonSchemaOf, type SchemaDialect } from './json-schema.js';

type Io = 'input' | 'output';

/**
 * A request-side member with a default is optional, and says so: client generators such as
 * openapi-typescript make every member with a `default` required when the schema is a named component,
 * so request schemas state their defaults in the description instead of the `default` keyword.
 */
function defaultsIntoDescriptions(root: Json): void {
  forEachSchemaNode(root, (schema) => {
    const properties = schema.properties as Record<string, Json> | undefined;
    if (properties === undefined || typeof properties !== 'object' || properties === null) return;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, member] of Object.entries(properties)) {
      if (required.has(name) || member === null || typeof member !== 'object' || !('default' in member))
        continue;
      const text = typeof member.description === 'string' ? member.description : '';
      if (!/default/i.test(text)) {
        member.description =
          `${text}${text === '' || text.endsWith('.') ? '' : '.'} Default: ${JSON.stringify(member.default)}.`.trimStart();
      }
      delete member.default;
    }
  });
}

/** Every `$ref` of a generated schema, rewritten by `rename`. */
function rewriteRefs(root: unknown, rename: (ref: string) => string): void {
  forEachSchemaNode(root, (schema) => {
    if (typeof schema.$ref === 'string') schema.$ref = rename(schema.$ref);
  });
}

/**
 * The schemas of one OpenAPI document, from zod through the generator MCP uses too. A named schema
 * (`.meta({ id })`) becomes one `components.schemas` entry; where what a client sends differs from
 * what it receives (defaults, transforms, closed objects), the request form is `<Id>Input`.
 */
export class SchemaComponents {
  readonly #dialect: SchemaDialect;
  readonly #defsKey: string;
  readonly #generated: Array<{ root: Json; io: Io }> = [];
  readonly #defs = new Map<string, Partial<Record<Io, Json>>>();
  readonly #named = new Map<string, Json>();

  constructor(dialect: SchemaDialect) {
    this.#dialect = dialect;
    this.#defsKey = dialect === 'openapi-3.0' ? 'definitions' : '$defs';
  }

  /** A schema for a request (`input`) or a response (`output`); named parts become components. */
  schema(schema: z.ZodType, io: Io): Json {
    const json = jsonSchemaOf(schema, io, this.#dialect);
    const defs = (json[this.#defsKey] ?? {}) as Record<string, Json>;
    delete json[this.#defsKey];
    for (const [id, def] of Object.entries(defs)) {
      if (io === 'input') defaultsIntoDescriptions(def);
      const seen = this.#defs.get(id) ?? {};
      const known = seen[io];
      if (known !== undefined && JSON.stringify(known) !== JSON.stringify(def)) {
        throw new Error(`OpenAPI component ${id} names two different schemas`);
      }
      if (known === undefined) {
        seen[io] = def;
        this.#defs.set(id, seen);
        this.#generated.push({ root: def, io });
      }
    }
    if (io === 'input') defaultsIntoDescriptions(json);
    this.#generated.push({ root: json, io });
    return json;
  }

  /** The object schema a `$ref`-only root stands for (a named root), else the root itself. */
  resolve(json: Json): Json {
    if (typeof json.$ref !== 'string') return json;
    const id = json.$ref.slice(json.$ref.lastIndexOf('/') + 1);
    const entry = this.#defs.get(id);
    return entry?.input ?? entry?.output ?? json;
  }

  /** A body schema as a `$ref` to a component of its own (`<Operation>Request`) unless it is one already. */
  named(json: Json, name: string): Json {
    if (typeof json.$ref === 'string') return json;
    const known = this.#named.get(name);
    if (known !== undefined && JSON.stringify(known) !== JSON.stringify(json)) {
      throw new Error(`OpenAPI component ${name} names two different schemas`);
    }
    this.#named.set(name, json);
    return { $ref: `#/components/schemas/${name}` };
  }

  /** Every component, with the generated `$ref`s pointing at them. */
  components(): Record<string, Json> {
    const names = new Map<string, Partial<Record<Io, string>>>();
    const components: Record<string, Json> = {};
    for (const [id, { input, output }] of this.#defs) {
      const same =
        input === undefined || output === undefined || JSON.stringify(input) === JSON.stringify(output);
      const inputName = same ? id : `${id}Input`;
      names.set(id, { input: inputName, output: id });
      if (output !== undefined) components[id] = output;
      if (input !== undefined) components[inputName] = input;
    }
    const prefix = `#/${this.#defsKey}/`;
    for (const { root, io } of this.#generated) {
      rewriteRefs(root, (ref) =>
        ref.startsWith(prefix)
          ? `#/components/schemas/${names.get(ref.slice(prefix.length))?.[io] ?? ref.slice(prefix.length)}`
          : ref,
      );
    }
    for (const [name, json] of this.#named) {
      if (name in components) throw new Error(`OpenAPI component ${name} is also a named schema`);
      components[name] = json;
    }
    return components;
  }
}
