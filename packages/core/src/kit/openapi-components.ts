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

/**
 * A member that must be absent from one variant of an exactly-one-of object: a schema no value meets
 * (`allOf` of two types), which client generators type as `never` — `{ value, json }` then fails to
 * compile. (`false` and `not: {}` mean the same, but generators drop the first and type the second as
 * `unknown`; an empty `enum` is refused by Ajv.)
 */
const absentWith = (present: readonly string[]): Json => ({
  description: `Not with \`${present.join('`, `')}\`.`,
  allOf: [{ type: 'string' }, { type: 'number' }],
});

/** Whether a member is one {@link absentWith} made. */
export const isAbsent = (member: Json): boolean =>
  Array.isArray(member.allOf) &&
  member.allOf.length === 2 &&
  member.allOf[0]?.type === 'string' &&
  member.allOf[1]?.type === 'number';

/** A set of member groups: exactly one group (`oneOf`) or at least one (`anyOf`) must be present. */
interface GroupSet {
  exactlyOne: boolean;
  groups: string[][];
}

/** `{ oneOf | anyOf: [{ required: [...] }, ...] }`'s groups, or undefined for any other schema. */
function groupSetOf(node: Json): GroupSet | undefined {
  const keyword = Array.isArray(node.oneOf) ? 'oneOf' : Array.isArray(node.anyOf) ? 'anyOf' : undefined;
  if (keyword === undefined) return undefined;
  const groups = (node[keyword] as Json[]).map((group) =>
    group !== null &&
    typeof group === 'object' &&
    Object.keys(group).length === 1 &&
    Array.isArray(group.required)
      ? (group.required as string[])
      : undefined,
  );
  if (groups.length < 2 || groups.some((group) => group === undefined)) return undefined;
  return { exactlyOne: keyword === 'oneOf', groups: groups as string[][] };
}

/**
 * An object whose members come in groups — exactly one (`exactlyOneOf(['value'], ['json'])`: `oneOf` of
 * bare `required` lists beside `properties`), at least one (`anyOf` of them), or several such sets in
 * `allOf` — becomes a union (`anyOf`) of whole object types, one per choice of a group from each set: its
 * members required, the other groups of an exactly-one set absent, the shared members as they were.
 * Generated clients then refuse `{}` and `{ value, json }` at compile time, as the service does at run
 * time; with bare `required` lists they type the object `unknown & {…}`, which takes anything.
 */
function groupsAsUnion(root: Json): void {
  forEachSchemaNode(root, (schema) => {
    const properties = schema.properties as Record<string, Json> | undefined;
    if (properties === undefined) return;
    const own = groupSetOf(schema);
    const all = Array.isArray(schema.allOf) ? (schema.allOf as Json[]).map(groupSetOf) : [];
    if (all.some((set) => set === undefined) || (own === undefined && all.length === 0)) return;
    const sets = [...(own === undefined ? [] : [own]), ...(all as GroupSet[])];
    let choices: string[][][] = [[]];
    for (const set of sets)
      choices = choices.flatMap((chosen) => set.groups.map((group) => [...chosen, group]));
    const {
      oneOf: _,
      anyOf: __,
      allOf: ___,
      properties: ____,
      required,
      additionalProperties,
      type: _____,
      ...rest
    } = schema;
    const variants = choices.map((chosen) => {
      const present = chosen.flat();
      const absent = new Set(
        sets.flatMap((set, index) =>
          set.exactlyOne ? set.groups.filter((group) => group !== chosen[index]).flat() : [],
        ),
      );
      return {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(properties).map(([name, member]) => [
            name,
            absent.has(name) && !present.includes(name) ? absentWith(present) : member,
          ]),
        ),
        required: [...new Set([...((required as string[] | undefined) ?? []), ...present])],
        ...(additionalProperties === undefined ? {} : { additionalProperties }),
      };
    });
    for (const key of Object.keys(schema)) delete schema[key];
    // `anyOf`: the variants of exactly-one sets exclude each other by their absent members already, which
    // linters cannot see (Redocly's recommended rules ask `oneOf` members for a discriminator).
    Object.assign(schema, rest, { anyOf: variants });
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
      groupsAsUnion(def);
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
    groupsAsUnion(json);
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
