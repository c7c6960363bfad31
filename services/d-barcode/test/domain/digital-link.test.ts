// GS1 Digital Link URI Syntax 1.6.0: the spec's worked examples, GS1's published vectors (the unit tests of
// GS1's gs1-syntax-engine, dl.c: generate and parse, restricted to the AIs of D's table), and every refusal.
import { isProblemError } from '@dus/core';
import { describe, expect, it } from 'vitest';
import { buildDigitalLink, encodeValue, parseDigitalLink, validateBarcode } from '../../src/domain/index.js';
import { queryOrder } from '../../src/domain/digital-link/rules.js';
import { expectValidationFailed } from './helpers/problems.js';

/** The 422 of `run`: code, rule, ai, path and detail. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (!isProblemError(error)) throw error;
    return {
      status: error.status,
      code: error.code,
      rule: error.extensions?.rule,
      ai: error.extensions?.ai,
      path: error.errors?.[0]?.path,
      detail: error.detail,
    };
  }
  throw new Error('expected a refusal');
}

describe('POST /digital-link (build): the spec and GS1', () => {
  it("the spec's example: qualifiers in the path in order, (17) in the query", () => {
    expect(buildDigitalLink('(01)09520123456788(10)ABC1(21)12345(17)180426')).toEqual({
      uri: 'https://id.gs1.org/01/09520123456788/10/ABC1/21/12345?17=180426',
      canonical_uri: 'https://id.gs1.org/01/09520123456788/10/ABC1/21/12345?17=180426',
      domain: 'https://id.gs1.org',
      primary_key: '01',
      ais: [
        { ai: '01', value: '09520123456788' },
        { ai: '10', value: 'ABC1' },
        { ai: '21', value: '12345' },
        { ai: '17', value: '180426' },
      ],
      element_string: '(01)09520123456788(10)ABC1(21)12345(17)180426',
    });
  });

  it("the spec's query order: predefined-length AIs first, each group in given order", () => {
    const { uri, ais } = buildDigitalLink('(01)09520123456788(3103)000195(3922)0299(17)201225');
    expect(uri).toBe('https://id.gs1.org/01/09520123456788?3103=000195&17=201225&3922=0299');
    expect(ais.map(({ ai }) => ai)).toEqual(['01', '3103', '17', '3922']);
  });

  it.each([
    [undefined, '(01)12312312312326(21)abc123', 'https://id.gs1.org/01/12312312312326/21/abc123'],
    [
      'https://example.com',
      '(01)12312312312326(21)abc123',
      'https://example.com/01/12312312312326/21/abc123',
    ],
    [
      'https://example.com',
      '(01)12312312312326(22)ABC(10)DEF(21)GHI',
      'https://example.com/01/12312312312326/22/ABC/10/DEF/21/GHI',
    ],
    [
      'https://example.com',
      '(01)12312312312326(22)ABC(10)DEF(21)GHI(95)INT',
      'https://example.com/01/12312312312326/22/ABC/10/DEF/21/GHI?95=INT',
    ],
    [
      'https://example.com',
      '(21)XYZ(01)12312312312333(10)ABC123(99)XYZ',
      'https://example.com/01/12312312312333/10/ABC123/21/XYZ?99=XYZ',
    ],
    [
      'https://example.com',
      '(01)12312312312333(10)ABC+123(99)XYZ+QWERTY',
      'https://example.com/01/12312312312333/10/ABC%2B123?99=XYZ%2BQWERTY',
    ],
    [
      'https://example.com',
      '(01)12312312312326(01)12312312312326(10)ABC123(99)XYZ789',
      'https://example.com/01/12312312312326/10/ABC123?99=XYZ789',
    ],
    [
      'https://example.com',
      '(01)12312312312326(10)ABC123(10)ABC123(99)XYZ789',
      'https://example.com/01/12312312312326/10/ABC123?99=XYZ789',
    ],
    [
      'https://example.com',
      '(01)12312312312326(10)ABC123(99)XYZ789(99)XYZ789',
      'https://example.com/01/12312312312326/10/ABC123?99=XYZ789',
    ],
    // A domain's final slash is dropped; a path prefix stays.
    ['https://example.com/', '(01)09520123456788', 'https://example.com/01/09520123456788'],
    ['http://example.com:8080/dl/', '(01)09520123456788', 'http://example.com:8080/dl/01/09520123456788'],
    // 235 alone in the path; (10) beside it is a query attribute.
    [
      undefined,
      '(01)09520123456788(235)TPX/1(10)L1',
      'https://id.gs1.org/01/09520123456788/235/TPX%2F1?10=L1',
    ],
  ])('%s + %s → %s', (domain, data, uri) => {
    const built = buildDigitalLink(data, domain);
    expect(built.uri).toBe(uri);
    expect(built.domain).toBe(domain === undefined ? 'https://id.gs1.org' : domain.replace(/\/$/, ''));
    expect(built.canonical_uri).toBe(uri.replace(/^https?:\/\/[^/]+(?:\/dl)?/, 'https://id.gs1.org'));
    // What is built reads back to the same fields.
    expect(parseDigitalLink(built.uri).ais).toEqual(built.ais);
  });

  it('values: all but A–Za–z0–9-._~ as %XX in upper-case hex', () => {
    expect(encodeValue('!"#%&\'()*+,/:;<=>?')).toBe('%21%22%23%25%26%27%28%29%2A%2B%2C%2F%3A%3B%3C%3D%3E%3F');
    expect(encodeValue('AZaz09-._~')).toBe('AZaz09-._~');
    expect(encodeValue(' é')).toBe('%20%C3%A9');
    // Always two hex digits: a byte under 0x10 keeps its leading 0; a code point over U+FFFF is 4 UTF-8 bytes.
    expect(encodeValue('\t\n\u0000\u007f')).toBe('%09%0A%00%7F');
    expect(encodeValue('€😀')).toBe('%E2%82%AC%F0%9F%98%80');
  });

  it('the query order: predefined-length AIs first; an AI outside the table counts as variable-length', () => {
    const fields = (ais: string[]) => ais.map((ai) => ({ ai, value: 'X' }));
    expect(queryOrder(fields(['99', '17', '89', '3103', '10'])).map(({ ai }) => ai)).toEqual([
      '17',
      '3103',
      '99',
      '89',
      '10',
    ]);
  });
});

describe('build refusals', () => {
  it.each([
    ['(10)ABC', 'primary_key', null],
    ['(01)12312312312326(235)TPX9526064(99)000001(22)ABC(95)INT', 'data_attribute', '22'],
    ['(01)12312312312326(22)ABC(10)DEF(99)000001(235)TPX9526064(95)INT', 'data_attribute', '22'],
    ['(01)09520123456788(235)X(21)S1', 'data_attribute', '21'],
    ['(01)09520123456788(8020)REF1', 'data_attribute', '8020'],
    ['(01)09520123456788(10)A(10)B', 'duplicate_ai', '10'],
  ])('%s → %s (%s)', (data, rule, ai) => {
    const problem = refusal(() => buildDigitalLink(data));
    expect(problem).toMatchObject({ status: 422, code: 'invalid_digital_link', rule, ai, path: '/data' });
    expect(problem.detail).toContain(rule);
    if (ai !== null) expect(problem.detail).toContain(`(${ai})`);
  });

  it.each([
    ['(10)ABC', 'primary_key: a Digital Link needs a GTIN, AI (01)'],
    ['(01)09520123456788(8020)REF1', 'data_attribute: AI (8020) is not a data attribute of a GTIN'],
    ['(01)09520123456788(235)X(21)S1', 'data_attribute: AI (21) is a key qualifier, not a query attribute'],
    ['(01)09520123456788(10)A(10)B', 'duplicate_ai: AI (10) is given twice with different values'],
  ])('%s: the detail names the rule and the AI (none for primary_key)', (data, detail) => {
    expect(refusal(() => buildDigitalLink(data)).detail).toBe(detail);
  });

  it('element-string errors are GS1-128’s: 422 invalid_gs1_data, 400 for the length', () => {
    expect(refusal(() => buildDigitalLink('(01)09520123456789'))).toMatchObject({
      code: 'invalid_gs1_data',
      rule: 'check_digit',
      ai: '01',
    });
    expect(refusal(() => buildDigitalLink('(17)261332'))).toMatchObject({ rule: 'date', ai: '17' });
    expect(expectValidationFailed(() => buildDigitalLink(''))[0]!.path).toBe('/data');
  });

  it.each([
    'ftp://example.com',
    'https://',
    'https://exa mple.com',
    'https://a/b?c',
    'https://a#f',
    'example.com',
    'https://a/%zz',
  ])('domain %j → 400 on /domain', (domain) => {
    expect(expectValidationFailed(() => buildDigitalLink('(01)09520123456788', domain))[0]!.path).toBe(
      '/domain',
    );
  });
});

describe('POST /digital-link/parse: the spec and GS1', () => {
  it("the spec's example: what precedes the first (01) read from the end is the domain", () => {
    expect(parseDigitalLink('https://example.com/10/ABC/01/09520123456788')).toEqual({
      uri: 'https://example.com/10/ABC/01/09520123456788',
      canonical_uri: 'https://id.gs1.org/01/09520123456788',
      domain: 'https://example.com/10/ABC',
      primary_key: '01',
      ais: [{ ai: '01', value: '09520123456788' }],
      element_string: '(01)09520123456788',
    });
  });

  it.each([
    ['https://[2001:db8::1]/01/12312312312333', '(01)12312312312333'],
    ['https://a/01/12312312312333/22/TEST/10/ABC/21/XYZ', '(01)12312312312333(22)TEST(10)ABC(21)XYZ'],
    ['https://a/01/12312312312333/235/TEST', '(01)12312312312333(235)TEST'],
    ['https://a/01/12312312312333?99=ABC&98=XYZ', '(01)12312312312333(99)ABC(98)XYZ'],
    ['https://a/01/12312312312333?&&&99=ABC&&&&&&98=XYZ&&&', '(01)12312312312333(99)ABC(98)XYZ'],
    [
      'https://a/01/12312312312333?unknown1=555&99=ABC&singleton2&98=XYZ&unknown3=777',
      '(01)12312312312333(99)ABC(98)XYZ',
    ],
    [
      'https://a/01/12312312312333/22/ABC%2d123?99=ABC&98=XYZ%2f987',
      '(01)12312312312333(22)ABC-123(99)ABC(98)XYZ/987',
    ],
    [
      'https://a/01/12312312312333/22/ABC+123?99=ABC&98=XYZ%2f987',
      '(01)12312312312333(22)ABC+123(99)ABC(98)XYZ/987',
    ],
    ['https://a/01/12312312312333/22/test/10/abc/21/xyz#', '(01)12312312312333(22)test(10)abc(21)xyz'],
    [
      'https://a/01/12312312312333/22/test/10/abc/21/xyz#fragment',
      '(01)12312312312333(22)test(10)abc(21)xyz',
    ],
    ['https://id.gs1.org/01/09520123456788', '(01)09520123456788'],
    ['https://id.gs1.org/01/09520123456788/22/2A', '(01)09520123456788(22)2A'],
    ['https://id.gs1.org/01/09520123456788/10/ABC123', '(01)09520123456788(10)ABC123'],
    ['https://id.gs1.org/01/09520123456788/21/12345', '(01)09520123456788(21)12345'],
    [
      'https://id.gs1.org/01/09520123456788/10/ABC1/21/12345?17=180426',
      '(01)09520123456788(10)ABC1(21)12345(17)180426',
    ],
    ['https://id.gs1.org/01/09520123456788?3103=000195', '(01)09520123456788(3103)000195'],
    [
      'https://example.com/01/09520123456788?3103=000195&3922=0299&17=201225',
      '(01)09520123456788(3103)000195(3922)0299(17)201225',
    ],
    [
      'https://id.gs1.org/01/09520123456788?17=201225&3103=000195&3922=0299',
      '(01)09520123456788(17)201225(3103)000195(3922)0299',
    ],
    ['https://id.gs1.org/01/09520123456788/235/XYZ?10=ABC123', '(01)09520123456788(235)XYZ(10)ABC123'],
    ['HTTPS://brand.example.com/some-extra/pathinfo/01/09520123456788', '(01)09520123456788'],
  ])('%s → %s', (uri, elementString) => {
    const parsed = parseDigitalLink(uri);
    expect(parsed.element_string).toBe(elementString);
    expect(parsed.uri).toBe(uri);
  });

  it('canonical: on id.gs1.org, path AIs kept, the query as built', () => {
    const parsed = parseDigitalLink(
      'https://example.com/x/01/09520123456788/10/A%2FB?3922=0299&17=201225&3103=000195',
    );
    expect(parsed.domain).toBe('https://example.com/x');
    expect(parsed.canonical_uri).toBe(
      'https://id.gs1.org/01/09520123456788/10/A%2FB?17=201225&3103=000195&3922=0299',
    );
    expect(parsed.ais.map(({ ai }) => ai)).toEqual(['01', '10', '3922', '17', '3103']);
  });
});

describe('parse refusals', () => {
  it.each([
    ['https://a/', 'primary_key: no GTIN, AI (01), in the path'],
    [
      'https://a/01/09520123456788/21/X/10/Y',
      "qualifier_order: the path's key qualifiers must be 22, 10, 21 in that order or 235 alone, got 21, 10",
    ],
    [
      'https://a/01/09520123456788?10=ABC1',
      'data_attribute: AI (10) is a key qualifier, not a query attribute',
    ],
    ['https://a/01/09520123456788?22=S', 'data_attribute: AI (22) is a key qualifier, not a query attribute'],
    [
      'https://a/01/09520123456788?235=S',
      'data_attribute: AI (235) is a key qualifier, not a query attribute',
    ],
    ['https://a/01/09520123456788?8020=S', 'data_attribute: AI (8020) is not a data attribute of a GTIN'],
    ['https://a/01/09520123456788/235/X/21/Y', 'data_attribute: AI (21) cannot be in the path with AI (235)'],
  ])('%s: the detail names the rule and the AI (none for primary_key and qualifier_order)', (uri, detail) => {
    expect(refusal(() => parseDigitalLink(uri)).detail).toBe(detail);
  });

  it.each([
    ['https://example.com/01/09520123456788?10=ABC1', 'data_attribute', '10'],
    ['https://example.com/01/2112345678900', 'length', '01'],
    ['https://example.com/01/09520123456788/89/X', 'primary_key', null],
    ['https://a/stem/01/09520123456788/', 'primary_key', null],
    ['https://a/', 'primary_key', null],
    ['https://a/01/09520123456788/21/X/10/Y', 'qualifier_order', null],
    ['https://a/01/09520123456788/17/261231', 'qualifier_order', null],
    ['https://a/01/09520123456788/235/X/21/Y', 'data_attribute', '21'],
    ['https://a/01/09520123456788?21=S', 'data_attribute', '21'],
    ['https://a/01/09520123456788?22=S', 'data_attribute', '22'],
    ['https://a/01/09520123456788?235=S', 'data_attribute', '235'],
    ['https://a/01/09520123456788?8020=S', 'data_attribute', '8020'],
    ['https://id.gs1.org/01/09520123456788/10/ABC123?99=XYZ789&01=09520123456788', 'duplicate_ai', '01'],
    ['https://id.gs1.org/01/09520123456788/10/ABC123?99=XYZ789&99=XYZ789', 'duplicate_ai', '99'],
    ['https://example.com/01/09520123456788?99=XYZ&89=ABC123', 'unknown_ai', '89'],
    ['https://a/01/12312312312333?99=ABC&999=faux', 'unknown_ai', '999'],
    ['https://a/01/12312312312333?99=', 'length', '99'],
    ['https://a/01/12312312312333/22/ABC%2d123?99=ABC&98=XYZ+987', 'charset', '98'],
    ['https://a/01/09520123456788/10/%C3%A9', 'charset', '10'],
    ['https://a/01/09520123456788/10/%FF', 'charset', '10'],
    ['https://a/01/09520123456789', 'check_digit', '01'],
    ['https://a/01/09520123456788?17=261332', 'date', '17'],
    ['https://a/01/09520123456788?17', 'length', '17'],
    ['https://a/01/09520123456788?17=', 'length', '17'],
  ])('%s → %s (%s)', (uri, rule, ai) => {
    const problem = refusal(() => parseDigitalLink(uri));
    expect(problem).toMatchObject({ status: 422, code: 'invalid_digital_link', rule, ai, path: '/uri' });
    expect(problem.detail.startsWith(`${rule}: `)).toBe(true);
  });

  it.each([
    'https://[fe80::1%25lo]/01/12312312312333',
    'https://$a/01/09520123456788',
    'https://a$/01/09520123456788',
    'ftp://a/01/09520123456788',
    'Https://a/01/09520123456788',
    'https://a/01/09520123456788/10/é',
    'https://a/01/09520123456788/10/A%2',
    'https:///01/09520123456788',
    `https://a/01/09520123456788?99=${'x'.repeat(2048)}`,
  ])('%s → 400 on /uri', (uri) => {
    expect(expectValidationFailed(() => parseDigitalLink(uri))[0]!.path).toBe('/uri');
  });
});

describe('the URI length limit', () => {
  it('2048 characters are read; 2049 are a 400', () => {
    const base = 'https://a/01/09520123456788?note=';
    const uri = base + 'x'.repeat(2048 - base.length);
    expect(uri).toHaveLength(2048);
    expect(parseDigitalLink(uri).element_string).toBe('(01)09520123456788');
    expect(expectValidationFailed(() => parseDigitalLink(`${uri}x`))[0]).toMatchObject({
      path: '/uri',
      message: 'must be at most 2048 characters, got 2049',
    });
  });
});

describe('/validate for the Digital Link types', () => {
  it('the reason is the refusal rule, with its AI; syntax for a URI that is not one', () => {
    expect(validateBarcode('dl-qrcode', 'https://a/01/09520123456788?10=X')).toMatchObject({
      valid: false,
      reason: 'data_attribute',
      ai: '10',
    });
    expect(validateBarcode('dl-datamatrix', 'not a uri')).toMatchObject({
      valid: false,
      reason: 'syntax',
      ai: null,
    });
    expect(validateBarcode('dl-qrcode', 'https://a/01/09520123456788?17=261231')).toMatchObject({
      valid: true,
      reason: null,
      ais: [
        { ai: '01', value: '09520123456788' },
        { ai: '17', value: '261231' },
      ],
    });
  });
});
