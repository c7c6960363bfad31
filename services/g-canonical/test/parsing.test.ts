import { describe, expect, it } from 'vitest';
import { post } from './helpers.js';

const canonicalize = (valueText: string) => post('/v1/canonicalize', `{"value":${valueText}}`);

describe('strict I-JSON parsing table (spec G) over HTTP', () => {
  it('duplicate member names after unescaping → 422 duplicate_key with offset and pointer', async () => {
    const res = await canonicalize('{"a":1,"\\u0061":2}');
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(res.json.code).toBe('duplicate_key');
    expect(res.json.pointer).toBe('/value/a');
    expect(typeof res.json.offset).toBe('number');
  });

  it('duplicates at depth → 422 duplicate_key', async () => {
    const res = await canonicalize('[{"x":{"k":1,"k":1}}]');
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('duplicate_key');
    expect(res.json.pointer).toBe('/value/0/x/k');
  });

  it.each([
    ['["\\ud800"]', '/value/0'],
    ['{"\\udc00":1}', '/value'],
    ['["\\ude00\\ud83d"]', '/value/0'],
  ])('lone surrogate %s → 422 invalid_unicode', async (text, pointerPrefix) => {
    const res = await canonicalize(text);
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('invalid_unicode');
    expect(res.json.pointer.startsWith(pointerPrefix)).toBe(true);
  });

  it('body bytes that are not UTF-8 → 400 invalid_json with the byte offset', async () => {
    const body = Buffer.concat([Buffer.from('{"value":"'), Buffer.from([0xff]), Buffer.from('"}')]);
    const res = await post('/v1/canonicalize', body);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('invalid_json');
    expect(res.json.offset).toBe(10);
  });

  it.each(['1e400', '-1e309', '9'.repeat(400)])('overflow %s → 422 number_out_of_range', async (number) => {
    const res = await canonicalize(`[${number}]`);
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('number_out_of_range');
    expect(res.json.pointer).toBe('/value/0');
    expect(res.json.offset).toBe(10);
  });

  it('9007199254740993 → 422 number_out_of_range advising a string', async () => {
    const res = await canonicalize('[9007199254740993]');
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('number_out_of_range');
    expect(res.json.detail).toMatch(/string/i);
  });

  it('exactly representable big integers are accepted: 9007199254740992, 295147905179352825856', async () => {
    expect((await canonicalize('[9007199254740992,295147905179352825856]')).json.canonical).toBe(
      '[9007199254740992,295147905179352830000]',
    );
  });

  it('1e-400 → 422 number_out_of_range; 0e10 and -0.0 are zero', async () => {
    const res = await canonicalize('[1e-400]');
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('number_out_of_range');
    expect((await canonicalize('[0e10,-0.0,-0]')).json.canonical).toBe('[0,0,0]');
  });

  it('333333333.33333329 (more than 17 digits) is accepted and IEEE-rounded', async () => {
    expect((await canonicalize('[333333333.33333329]')).json.canonical).toBe('[333333333.3333333]');
  });

  it('__proto__ and constructor are ordinary member names: kept, sorted, hashed', async () => {
    const res = await canonicalize('{"constructor":2,"__proto__":{"x":1},"a":1}');
    expect(res.status).toBe(200);
    expect(res.json.canonical).toBe('{"__proto__":{"x":1},"a":1,"constructor":2}');
    const digest = await post('/v1/digest', '{"value":{"__proto__":{"x":1}}}');
    expect(digest.json.bytes).toBe('{"__proto__":{"x":1}}'.length);
  });

  it('a member named toJSON does not change the serialisation', async () => {
    expect((await canonicalize('{"toJSON":1,"b":2,"a":1}')).json.canonical).toBe('{"a":1,"b":2,"toJSON":1}');
  });

  it('nesting deeper than 256 → 400 validation_failed', async () => {
    const deep = `${'['.repeat(300)}${']'.repeat(300)}`;
    const res = await canonicalize(deep);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation_failed');
  });

  it('a 100,000-deep [[[…]]] body gets 400, not a crash', async () => {
    const res = await post('/v1/canonicalize', `{"value":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation_failed');
  });

  it.each([
    ['[1,]', 'trailing comma'],
    ['[01]', 'leading zero'],
    ['[NaN]', 'NaN'],
    ['[Infinity]', 'Infinity'],
    ["{'a':1}", 'single quotes'],
  ])('%s (%s) → 400 invalid_json with offset', async (text) => {
    const res = await canonicalize(text);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('invalid_json');
    expect(typeof res.json.offset).toBe('number');
  });

  it('a byte order mark → 400 invalid_json', async () => {
    const res = await post(
      '/v1/canonicalize',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"value":1}')]),
    );
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('invalid_json');
  });

  it('value may be null, a bare string or a number', async () => {
    expect((await canonicalize('null')).json).toEqual({ canonical: 'null', bytes: 4 });
    expect((await canonicalize('"hello"')).json).toEqual({ canonical: '"hello"', bytes: 7 });
    expect((await canonicalize('4.50')).json).toEqual({ canonical: '4.5', bytes: 3 });
  });

  it('non-ASCII is literal and counted in UTF-8 bytes; U+2028 stays literal', async () => {
    const res = await canonicalize('"é\\u2028"');
    expect(res.json.canonical).toBe('"é\u2028"');
    expect(res.json.bytes).toBe(1 + 2 + 3 + 1);
  });
});

describe('request validation (spec G)', () => {
  it('missing value → 400 validation_failed naming /value', async () => {
    const res = await post('/v1/canonicalize', '{}');
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation_failed');
    expect(res.json.errors).toEqual([expect.objectContaining({ path: '/value' })]);
  });

  it('digest with neither value nor text, or both → 400 validation_failed', async () => {
    const neither = await post('/v1/digest', '{"algorithm":"sha-256"}');
    expect(neither.status).toBe(400);
    expect(neither.json.errors[0].path).toBe('/value');
    const both = await post('/v1/digest', '{"value":1,"text":"1"}');
    expect(both.status).toBe(400);
    expect(both.json.errors[0].path).toBe('/text');
  });

  it('unknown algorithm and unknown fields are named', async () => {
    const res = await post('/v1/digest', '{"value":1,"algorithm":"md5","algoritm":"x"}');
    expect(res.status).toBe(400);
    const paths = res.json.errors.map((error: { path: string }) => error.path).sort();
    expect(paths).toEqual(['/algorithm', '/algoritm']);
  });
});
