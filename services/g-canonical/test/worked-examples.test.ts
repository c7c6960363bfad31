import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { post, postJson } from './helpers.js';

const canonicalOf = async (valueText: string) => {
  const res = await post('/v1/canonicalize', `{"value":${valueText}}`);
  expect(res.status, res.text).toBe(200);
  return res.json.canonical as string;
};

describe('spec G worked examples over HTTP', () => {
  it('sorts members: {"b":2,"a":1} → {"a":1,"b":2}', async () => {
    const res = await postJson('/v1/canonicalize', { value: { b: 2, a: 1 } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ canonical: '{"a":1,"b":2}', bytes: 13 });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  // RFC 8785 Appendix B: IEEE-754 bits → canonical text.
  const APPENDIX_B: Array<[string, string]> = [
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ];
  const fromBits = (hex: string) =>
    new DataView(Uint8Array.from(Buffer.from(hex, 'hex')).buffer).getFloat64(0);

  it.each(APPENDIX_B)('Appendix B %s → %s (sent as 17 significant digits)', async (bits, expected) => {
    const x = fromBits(bits);
    const spelled = Object.is(x, -0) ? '-0.0' : x.toPrecision(17);
    expect(await canonicalOf(spelled)).toBe(expected);
  });

  it('sorts RFC 8785 §3.2.3 member names by UTF-16 code units', async () => {
    const body =
      '{"\\u20ac":"Euro Sign","\\r":"Carriage Return","\\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\\ud83d\\ude00":"Emoji: Grinning Face","\\u0080":"Control","\\u00f6":"Latin Small Letter O With Diaeresis"}';
    const canonical = await canonicalOf(body);
    expect(canonical).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it('number property: any finite double in several spellings canonicalises to String(x) and back to the same bits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.double({ noNaN: true, noDefaultInfinity: true }), async (x) => {
        const expected = Object.is(x, -0) ? '0' : String(x);
        const spellings = new Set([
          String(x),
          x.toPrecision(17),
          x.toExponential(),
          x.toExponential(16).replace('e+', 'E'),
        ]);
        for (const spelled of spellings) {
          const canonical = await canonicalOf(`[${spelled}]`);
          expect(canonical).toBe(`[${expected}]`);
          expect(Object.is(JSON.parse(canonical)[0], Object.is(x, -0) ? 0 : x)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('text {"hello": "world"} (18 bytes) → sha-256 X48E9q…', async () => {
    const res = await postJson('/v1/digest', { text: '{"hello": "world"}' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      algorithm: 'sha-256',
      input: 'text',
      bytes: 18,
      hex: '5f8f04f6a3a892aaabbddb6cf273894493773960d4a325b105fee46eef4304f1',
      base64: 'X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=',
      base64url: 'X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE',
      content_digest: 'sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:',
      warnings: [],
    });
  });

  it('empty text → 47DEQpj8…', async () => {
    const res = await postJson('/v1/digest', { text: '' });
    expect(res.json.base64).toBe('47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
    expect(res.json.bytes).toBe(0);
    expect(res.json.content_digest).toBe('sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:');
  });

  it('value {"hello":"world"} is 17 canonical bytes and digests differently from the 18-byte text', async () => {
    const value = await postJson('/v1/digest', { value: { hello: 'world' } });
    const text = await postJson('/v1/digest', { text: '{"hello": "world"}' });
    expect(value.json.bytes).toBe(17);
    expect(value.json.input).toBe('value');
    expect(value.json.hex).toBe(createHash('sha256').update('{"hello":"world"}').digest('hex'));
    expect(value.json.hex).not.toBe(text.json.hex);
  });

  it('{"amount":500,"currency":"USD"} → cfce21f4… and idempotency key pay_z84h9CNeqHOIgMT3f30FxGbaLpkmPm1m', async () => {
    const value = { amount: 500, currency: 'USD' };
    const digest = await postJson('/v1/digest', { value });
    expect(digest.json.hex).toBe('cfce21f4235ea8738880c4f77f7d05c466da2e99263e6d6612e32db3e9a6b2d0');
    expect(digest.json.base64url).toBe('z84h9CNeqHOIgMT3f30FxGbaLpkmPm1mEuMts-mmstA');
    const key = await postJson('/v1/idempotency-key', { value, prefix: 'pay_' });
    expect(key.status).toBe(200);
    expect(key.json).toEqual({
      key: 'pay_z84h9CNeqHOIgMT3f30FxGbaLpkmPm1m',
      header: '"pay_z84h9CNeqHOIgMT3f30FxGbaLpkmPm1m"',
      algorithm: 'sha-256',
      encoding: 'base64url',
      length: 32,
      prefix: 'pay_',
      fields: null,
      missing_fields: [],
      collision_bits: 192,
    });
    // Reproducible from /digest: prefix + base64url[0:length].
    expect(key.json.key).toBe(`pay_${digest.json.base64url.slice(0, 32)}`);
  });

  it('sha-384 has no Content-Digest value and says why; sha-512 has one', async () => {
    const r384 = await postJson('/v1/digest', { value: { hello: 'world' }, algorithm: 'sha-384' });
    expect(r384.json.content_digest).toBeNull();
    expect(r384.json.warnings).toHaveLength(1);
    expect(r384.json.warnings[0]).toMatch(/RFC 9530/);
    expect(r384.json.hex).toBe(createHash('sha384').update('{"hello":"world"}').digest('hex'));
    const r512 = await postJson('/v1/digest', { value: { hello: 'world' }, algorithm: 'sha-512' });
    const b64 = createHash('sha512').update('{"hello":"world"}').digest('base64');
    expect(r512.json.content_digest).toBe(`sha-512=:${b64}:`);
  });
});
