import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { post, postJson } from './helpers.js';

const keyOf = async (body: unknown) => {
  const res = await postJson('/v1/idempotency-key', body);
  expect(res.status, res.text).toBe(200);
  return res.json;
};
const expectedKey = (canonical: string, length = 32, prefix = '') =>
  prefix + createHash('sha256').update(canonical).digest('base64url').slice(0, length);

describe('idempotency keys', () => {
  const order = {
    id: 'ord_1',
    amount: 500,
    currency: 'USD',
    customer: { id: 'cus_9', name: 'Ada' },
    items: [{ sku: 'a' }, { sku: 'b' }],
  };

  it('fields select top-level members; order and duplicates do not change the key', async () => {
    const a = await keyOf({ value: order, fields: ['amount', 'currency'] });
    const b = await keyOf({ value: order, fields: ['currency', 'amount', 'currency'] });
    expect(a.key).toBe(b.key);
    expect(a.key).toBe(expectedKey('{"amount":500,"currency":"USD"}'));
    expect(a.fields).toEqual(['amount', 'currency']);
  });

  it('a pointer /customer/id yields {"customer":{"id":…}}', async () => {
    const res = await keyOf({ value: order, fields: ['/customer/id', 'amount'] });
    expect(res.key).toBe(expectedKey('{"amount":500,"customer":{"id":"cus_9"}}'));
  });

  it('pointers through arrays rebuild objects keyed by the token; a whole member subsumes parts of it', async () => {
    const res = await keyOf({ value: order, fields: ['/items/1/sku'] });
    expect(res.key).toBe(expectedKey('{"items":{"1":{"sku":"b"}}}'));
    const whole = await keyOf({ value: order, fields: ['/customer/id', 'customer'] });
    expect(whole.key).toBe(expectedKey('{"customer":{"id":"cus_9","name":"Ada"}}'));
  });

  it('missing members are omitted (not null) and reported', async () => {
    const res = await keyOf({ value: order, fields: ['amount', 'nope', '/customer/email'] });
    expect(res.key).toBe(expectedKey('{"amount":500}'));
    expect(res.missing_fields).toEqual(['/customer/email', 'nope']);
  });

  it('pointer escapes ~0 and ~1 are honoured', async () => {
    const res = await keyOf({ value: { 'a/b': 1, 'm~n': 2, c: 3 }, fields: ['/a~1b', '/m~0n'] });
    expect(res.key).toBe(expectedKey('{"a/b":1,"m~n":2}'));
  });

  it('length 16..43 and prefix; collision bits', async () => {
    const short = await keyOf({ value: 1, length: 16, prefix: 'k:' });
    expect(short.key).toBe(expectedKey('1', 16, 'k:'));
    expect(short.collision_bits).toBe(96);
    const long = await keyOf({ value: 1, length: 43 });
    expect(long.key).toHaveLength(43);
    expect(long.collision_bits).toBe(256);
  });

  it('fields on a non-object → 422 fields_not_applicable', async () => {
    const res = await postJson('/v1/idempotency-key', { value: [1, 2], fields: ['a'] });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('fields_not_applicable');
  });

  it.each([
    [{ value: 1, length: 15 }, '/length'],
    [{ value: 1, length: 44 }, '/length'],
    [{ value: 1, length: 20.5 }, '/length'],
    [{ value: 1, prefix: 'bad prefix' }, '/prefix'],
    [{ value: 1, prefix: 'x'.repeat(65) }, '/prefix'],
    [{ value: {}, fields: [] }, '/fields'],
    [{ value: {}, fields: Array.from({ length: 65 }, (_, i) => `f${i}`) }, '/fields'],
    [{ value: {}, fields: ['/a~2'] }, '/fields/0'],
  ])('%j → 400 naming %s', async (body, path) => {
    const res = await postJson('/v1/idempotency-key', body);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation_failed');
    expect(res.json.errors.map((error: { path: string }) => error.path)).toContain(path);
  });

  it('duplicate keys in the value are rejected before hashing', async () => {
    const res = await post('/v1/idempotency-key', '{"value":{"a":1,"a":2}}');
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('duplicate_key');
  });
});
