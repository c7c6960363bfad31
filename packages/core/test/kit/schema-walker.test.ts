import { describe, expect, it } from 'vitest';
import { forEachSchemaNode, type Json } from '../../src/kit/json-schema.js';

/** The `title`s of the nodes visited, in a stable order. */
function visited(root: unknown, visit?: (node: Json) => void): string[] {
  const titles: string[] = [];
  forEachSchemaNode(root, (node) => {
    if (typeof node.title === 'string') titles.push(node.title);
    visit?.(node);
  });
  return titles.sort();
}

describe('forEachSchemaNode', () => {
  it('visits every nested schema: members, arrays of schemas, named maps, a whole document', () => {
    const document = {
      title: 'root',
      components: { schemas: { A: { title: 'component' } } },
      paths: { '/x': { post: { parameters: [{ schema: { title: 'parameter' } }] } } },
      anyOf: [{ title: 'branch', items: { title: 'items' } }],
      properties: { a: { title: 'property', properties: { deep: { title: 'deep' } } } },
      $defs: { D: { title: 'def' } },
      patternProperties: { '^x': { title: 'pattern' } },
    };
    expect(visited(document)).toEqual(
      ['root', 'component', 'parameter', 'branch', 'items', 'property', 'deep', 'def', 'pattern'].sort(),
    );
  });

  it('visits member schemas named like keywords, but not the map of names itself', () => {
    const schema = {
      properties: {
        example: { title: 'example member' },
        enum: { title: 'enum member' },
        default: { title: 'default member' },
        title: { title: 'title member' },
      },
    };
    const nodes: Json[] = [];
    forEachSchemaNode(schema, (node) => nodes.push(node));
    expect(nodes).not.toContain(schema.properties);
    expect(visited(schema)).toEqual(['default member', 'enum member', 'example member', 'title member']);
  });

  it('never enters data: examples, example, default, const, enum, required', () => {
    const data = { title: 'data', properties: { x: { title: 'data member' } } };
    const schema = {
      title: 'schema',
      examples: [data],
      example: data,
      default: data,
      const: data,
      enum: [data],
      required: [data],
    };
    expect(visited(schema)).toEqual(['schema']);
  });

  it('walks what the visitor leaves: members rewritten by `visit` are read after it', () => {
    const schema = { title: 'root', items: { title: 'old' } };
    expect(
      visited(schema, (node) => {
        if (node.title === 'root') node.items = { title: 'new', not: { title: 'under new' } };
      }),
    ).toEqual(['new', 'root', 'under new']);
  });

  it('walks deep trees without recursion', () => {
    let schema: Json = { title: 'leaf' };
    for (let depth = 0; depth < 100_000; depth++) schema = { items: schema };
    expect(visited(schema)).toEqual(['leaf']);
  });
});
