import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SchemaComponents } from '../../src/kit/openapi-components.js';
import { downlevelTo30, pascalCase } from '../../src/kit/openapi-shape.js';
import { ANY_JSON_TYPES } from '../../src/kit/schema-meta.js';

describe('pascalCase', () => {
  it.each([
    ['cost_optimizer', 'CostOptimizer'],
    ['verify_webhook', 'VerifyWebhook'],
    ['payload-analyze', 'PayloadAnalyze'],
    ['pace', 'Pace'],
  ])('%s → %s', (name, expected) => expect(pascalCase(name)).toBe(expected));
});

describe('SchemaComponents', () => {
  const Trade = z
    .object({ asset: z.string(), fee: z.string().default('0').meta({ description: 'Fee.' }) })
    .meta({ id: 'TradeT' });
  const Request = z.strictObject({
    trades: z.array(Trade),
    method: z.enum(['fifo', 'lifo']).default('fifo'),
  });

  it('names a body once and refers to it; a named root stays a reference', () => {
    const schemas = new SchemaComponents('draft-2020-12');
    expect(schemas.named(schemas.schema(Request, 'input'), 'SumRequest')).toEqual({
      $ref: '#/components/schemas/SumRequest',
    });
    const response = schemas.named(schemas.schema(Trade, 'output'), 'SumResponse');
    schemas.components();
    expect(response).toEqual({ $ref: '#/components/schemas/TradeT' });
    expect(() => schemas.named({ type: 'number' }, 'SumRequest')).toThrow(/two different/);
  });

  it('gives the request form of a named schema its own component when it differs, defaults optional and stated', () => {
    const schemas = new SchemaComponents('draft-2020-12');
    const body = schemas.schema(Request, 'input');
    schemas.schema(z.object({ trade: Trade }), 'output');
    const components = schemas.components();
    expect(body).toEqual({
      type: 'object',
      properties: {
        trades: { type: 'array', items: { $ref: '#/components/schemas/TradeTInput' } },
        method: { type: 'string', enum: ['fifo', 'lifo'], description: 'Default: "fifo".' },
      },
      required: ['trades'],
      additionalProperties: false,
    });
    expect(components.TradeTInput).toEqual({
      type: 'object',
      properties: { asset: { type: 'string' }, fee: { type: 'string', description: 'Fee. Default: "0".' } },
      required: ['asset'],
    });
    expect(components.TradeT).toEqual({
      type: 'object',
      properties: { asset: { type: 'string' }, fee: { type: 'string', default: '0', description: 'Fee.' } },
      required: ['asset', 'fee'],
    });
  });

  it("uses OpenAPI 3.0's single example and its own definitions for 3.0 documents", () => {
    const schemas = new SchemaComponents('openapi-3.0');
    const body = schemas.schema(z.object({ trade: Trade, n: z.number().meta({ example: 3 }) }), 'output');
    expect(body.properties).toEqual({
      trade: { $ref: '#/definitions/TradeT' },
      n: { type: 'number', example: 3 },
    });
    schemas.components();
    expect((body.properties as Record<string, unknown>).trade).toEqual({
      $ref: '#/components/schemas/TradeT',
    });
  });
});

describe('downlevelTo30', () => {
  it('drops `nullable` without a type and the any-JSON type list, lists null in nullable enums, never inside examples', () => {
    const document = {
      a: { nullable: true, description: 'any' },
      b: { type: 'string', nullable: true },
      c: { type: [...ANY_JSON_TYPES], description: 'json' },
      d: { example: { nullable: true } },
      e: { type: 'string', nullable: true, enum: ['x', 'y'] },
    };
    downlevelTo30(document);
    expect(document).toEqual({
      a: { description: 'any' },
      b: { type: 'string', nullable: true },
      c: { description: 'json' },
      d: { example: { nullable: true } },
      e: { type: 'string', nullable: true, enum: ['x', 'y', null] },
    });
  });
});

describe('member groups as unions of object types (for generated clients)', () => {
  const exactlyOne = (...groups: string[][]) => ({ oneOf: groups.map((required) => ({ required })) });
  const never = (present: string[]) => ({
    description: `Not with \`${present.join('`, `')}\`.`,
    allOf: [{ type: 'string' }, { type: 'number' }],
  });

  it('exactly one of value | json: one object type each, the other member absent, shared ones kept', () => {
    const schema = z
      .strictObject({
        value: z.string().optional(),
        json: z.string().optional(),
        algorithm: z.string().optional(),
      })
      .meta(exactlyOne(['value'], ['json']));
    const json = new SchemaComponents('draft-2020-12').schema(schema, 'input');
    expect(json).toEqual({
      anyOf: [
        {
          type: 'object',
          properties: { value: { type: 'string' }, json: never(['value']), algorithm: { type: 'string' } },
          required: ['value'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: { value: never(['json']), json: { type: 'string' }, algorithm: { type: 'string' } },
          required: ['json'],
          additionalProperties: false,
        },
      ],
    });
  });

  it('several sets in allOf: one variant per choice; at least one (anyOf) leaves the others optional', () => {
    const schema = z
      .strictObject({
        a: z.number().optional(),
        b: z.number().optional(),
        c: z.number().optional(),
        d: z.number(),
      })
      .meta({ allOf: [exactlyOne(['a'], ['b']), { anyOf: [{ required: ['c'] }, { required: ['d'] }] }] });
    const json = new SchemaComponents('draft-2020-12').schema(schema, 'input');
    const variants = json.anyOf as Array<{ required: string[]; properties: Record<string, unknown> }>;
    expect(variants.map((variant) => variant.required)).toEqual([
      ['d', 'a', 'c'],
      ['d', 'a'],
      ['d', 'b', 'c'],
      ['d', 'b'],
    ]);
    expect(variants[0]!.properties.b).toEqual(never(['a', 'c']));
    expect(variants[1]!.properties.c).toEqual({ type: 'number' });
  });

  it('leaves an object alone whose oneOf is not bare member groups', () => {
    const schema = z.object({ a: z.string() }).meta({ oneOf: [{ required: ['a'] }, { type: 'object' }] });
    const json = new SchemaComponents('draft-2020-12').schema(schema, 'input');
    expect(json.properties).toEqual({ a: { type: 'string' } });
    expect(json.anyOf).toBeUndefined();
  });
});
