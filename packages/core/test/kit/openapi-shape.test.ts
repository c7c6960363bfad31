import { describe, expect, it } from 'vitest';
import { downlevelTo30, nameBodySchema, pascalCase } from '../../src/kit/openapi-shape.js';
import { ANY_JSON_TYPES } from '../../src/kit/schema-meta.js';

describe('pascalCase', () => {
  it.each([
    ['cost_optimizer', 'CostOptimizer'],
    ['verify_webhook', 'VerifyWebhook'],
    ['payload-analyze', 'PayloadAnalyze'],
    ['pace', 'Pace'],
  ])('%s → %s', (name, expected) => expect(pascalCase(name)).toBe(expected));
});

describe('nameBodySchema', () => {
  it('moves an inline schema into components and leaves a $ref; a $ref stays', () => {
    const document: Record<string, unknown> & { components?: { schemas?: Record<string, unknown> } } = {};
    const media = { schema: { type: 'object' } };
    nameBodySchema(document, media, 'SumRequest');
    expect(media.schema).toEqual({ $ref: '#/components/schemas/SumRequest' });
    expect(document.components?.schemas?.SumRequest).toEqual({ type: 'object' });
    const ref = { schema: { $ref: '#/components/schemas/Pace' } };
    nameBodySchema(document, ref, 'PaceResponse');
    expect(ref.schema).toEqual({ $ref: '#/components/schemas/Pace' });
    expect(document.components?.schemas?.PaceResponse).toBeUndefined();
  });

  it('refuses one name for two different schemas', () => {
    const document: Record<string, unknown> & { components?: { schemas?: Record<string, unknown> } } = {
      components: { schemas: { X: { type: 'string' } } },
    };
    expect(() => nameBodySchema(document, { schema: { type: 'number' } }, 'X')).toThrow(/two different/);
  });
});

describe('downlevelTo30', () => {
  it('drops `nullable` without a type and the any-JSON type list, but never inside examples', () => {
    const document = {
      a: { nullable: true, description: 'any' },
      b: { type: 'string', nullable: true },
      c: { type: [...ANY_JSON_TYPES], description: 'json' },
      d: { example: { nullable: true } },
    };
    downlevelTo30(document);
    expect(document).toEqual({
      a: { description: 'any' },
      b: { type: 'string', nullable: true },
      c: { description: 'json' },
      d: { example: { nullable: true } },
    });
  });
});
