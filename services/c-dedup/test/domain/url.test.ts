// RFC 3986's own examples: §5.4 reference resolution, §6.2 normalisation; and WHATWG URL (Node's) as an
// independent normaliser where the two agree (scheme and host case, default ports, dot segments).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHttpUrl, removeDotSegments, resolveReference } from '../../src/domain/index.js';
import {
  ignoredBy,
  normalizePercent,
  normalizedText,
  pathTemplate,
  recompose,
  splitUri,
} from '../../src/domain/url.js';

const BASE = 'http://a/b/c/d;p?q';

describe('RFC 3986 §5.4 reference resolution against http://a/b/c/d;p?q', () => {
  it.each([
    ['g:h', 'g:h'],
    ['g', 'http://a/b/c/g'],
    ['./g', 'http://a/b/c/g'],
    ['g/', 'http://a/b/c/g/'],
    ['/g', 'http://a/g'],
    ['//g', 'http://g'],
    ['?y', 'http://a/b/c/d;p?y'],
    ['g?y', 'http://a/b/c/g?y'],
    ['#s', 'http://a/b/c/d;p?q#s'],
    ['g#s', 'http://a/b/c/g#s'],
    ['g?y#s', 'http://a/b/c/g?y#s'],
    [';x', 'http://a/b/c/;x'],
    ['g;x', 'http://a/b/c/g;x'],
    ['g;x?y#s', 'http://a/b/c/g;x?y#s'],
    ['', 'http://a/b/c/d;p?q'],
    ['.', 'http://a/b/c/'],
    ['./', 'http://a/b/c/'],
    ['..', 'http://a/b/'],
    ['../', 'http://a/b/'],
    ['../g', 'http://a/b/g'],
    ['../..', 'http://a/'],
    ['../../', 'http://a/'],
    ['../../g', 'http://a/g'],
  ])('normal: %s → %s', (reference, target) => {
    expect(resolveReference(BASE, reference)).toBe(target);
  });

  it.each([
    ['../../../g', 'http://a/g'],
    ['../../../../g', 'http://a/g'],
    ['/./g', 'http://a/g'],
    ['/../g', 'http://a/g'],
    ['g.', 'http://a/b/c/g.'],
    ['.g', 'http://a/b/c/.g'],
    ['g..', 'http://a/b/c/g..'],
    ['..g', 'http://a/b/c/..g'],
    ['./../g', 'http://a/b/g'],
    ['./g/.', 'http://a/b/c/g/'],
    ['g/./h', 'http://a/b/c/g/h'],
    ['g/../h', 'http://a/b/c/h'],
    ['g;x=1/./y', 'http://a/b/c/g;x=1/y'],
    ['g;x=1/../y', 'http://a/b/c/y'],
    ['g?y/./x', 'http://a/b/c/g?y/./x'],
    ['g?y/../x', 'http://a/b/c/g?y/../x'],
    ['g#s/./x', 'http://a/b/c/g#s/./x'],
    ['g#s/../x', 'http://a/b/c/g#s/../x'],
    ['http:g', 'http:g'],
  ])('abnormal: %s → %s', (reference, target) => {
    expect(resolveReference(BASE, reference)).toBe(target);
  });

  it('§5.2.4 remove_dot_segments examples', () => {
    expect(removeDotSegments('/a/b/c/./../../g')).toBe('/a/g');
    expect(removeDotSegments('mid/content=5/../6')).toBe('mid/6');
  });
});

const norm = (url: string, ignore: string[] = []) => {
  const parsed = parseHttpUrl(url);
  if (typeof parsed === 'string') throw new Error(parsed);
  return normalizedText(parsed, ignoredBy(ignore));
};

describe('RFC 3986 §6.2 normalisation', () => {
  it('§6.2.2.1 case: scheme and host lower-cased, percent-escape hex upper-cased', () => {
    expect(norm('HTTP://www.EXAMPLE.com/')).toBe('http://www.example.com/');
    expect(norm('http://example.com/a%2fb%c3%a9')).toBe('http://example.com/a%2Fb%C3%A9');
  });

  it('§6.2.2.2 percent-escapes of unreserved characters decoded: %7Esmith = ~smith', () => {
    expect(norm('http://example.com/%7Esmith/home.html')).toBe(norm('http://example.com/~smith/home.html'));
    expect(normalizePercent('/%63/%7bfoo%7d')).toBe('/c/%7Bfoo%7D');
  });

  it('§6.2.2.3 dot segments: eXAMPLE://a/./b/../b/%63/%7bfoo%7d → /b/c/%7Bfoo%7D', () => {
    expect(removeDotSegments(normalizePercent('/./b/../b/%63/%7bfoo%7d')!)).toBe('/b/c/%7Bfoo%7D');
  });

  it('§6.2.3 scheme-based: http://example.com, …/, …:/ and …:80/ are one URL', () => {
    const forms = [
      'http://example.com',
      'http://example.com/',
      'http://example.com:/',
      'http://example.com:80/',
    ];
    expect(new Set(forms.map((u) => norm(u))).size).toBe(1);
  });

  it('the spec example: same fingerprint URL; the trailing slash stays significant', () => {
    expect(norm('https://API.example.com:443/a/./b/?utm_source=x&b=2&a=1#top', ['utm_*'])).toBe(
      'https://api.example.com/a/b/?a=1&b=2',
    );
    expect(norm('https://api.example.com/a/b?a=1&b=2')).not.toBe(
      norm('https://api.example.com/a/b/?a=1&b=2'),
    );
  });

  it('query: sorted by name then value, repeated names kept, a ≠ a=, + literal, ignore patterns case-sensitive', () => {
    expect(norm('http://x/?b=2&a=2&a=1&a&a=')).toBe('http://x/?a&a=&a=1&a=2&b=2');
    expect(norm('http://x/?q=a+b')).not.toBe(norm('http://x/?q=a%20b'));
    expect(norm('http://x/?utm_source=1&UTM_x=2&cb=3&_=4', ['utm_*', 'cb', '_'])).toBe('http://x/?UTM_x=2');
  });

  it('refuses what is not an absolute http(s) URL', () => {
    for (const bad of [
      '/relative',
      'ftp://x/',
      'mailto:a@b',
      'http:///x',
      'http://x:99999/',
      'http://x/%zz',
      'https://',
    ]) {
      expect(typeof parseHttpUrl(bad)).toBe('string');
    }
  });
});

describe('WHATWG URL agrees where the two define the same thing', () => {
  it('scheme, host, default port and dot segments', () => {
    const segment = fc.stringMatching(/^[a-z0-9_~-]{1,6}$/);
    const dot = fc.constantFrom('.', '..');
    fc.assert(
      fc.property(
        fc.constantFrom('http', 'HTTP', 'https', 'HttpS'),
        fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,8}(\.[A-Za-z]{2,4}){1,2}$/),
        fc.constantFrom('', ':80', ':443', ':8080'),
        fc.array(fc.oneof(segment, dot), { maxLength: 6 }),
        (scheme, host, port, segments) => {
          const text = `${scheme}://${host}${port}/${segments.join('/')}`;
          const whatwg = new URL(text);
          expect(norm(text)).toBe(`${whatwg.protocol}//${whatwg.host}${whatwg.pathname}`);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('edges the generators never reach', () => {
  it('userinfo is part of the identity: alice@ and bob@ differ, and it is kept as sent', () => {
    expect(norm('http://alice@x/')).toBe('http://alice@x/');
    expect(norm('http://alice@x/')).not.toBe(norm('http://bob@x/'));
    expect(norm('http://a:b@c@X/')).toBe('http://a:b@c@x/');
  });

  it('characters a URI may not carry are percent-encoded as UTF-8; allowed ones stay', () => {
    expect(normalizePercent('/a b')).toBe('/a%20b');
    expect(normalizePercent('/é')).toBe('/%C3%A9');
    expect(normalizePercent('/€')).toBe('/%E2%82%AC');
    // A character outside the BMP is one code point, four bytes, not two escaped surrogates.
    expect(normalizePercent('/😀x')).toBe('/%F0%9F%98%80x');
    expect(normalizePercent("/:@!$&'()*+,;=-._~[]?#")).toBe("/:@!$&'()*+,;=-._~[]?#");
    expect(normalizePercent('"<>\\^`{|}')).toBe('%22%3C%3E%5C%5E%60%7B%7C%7D');
    expect(norm('http://x/a b?q=é')).toBe('http://x/a%20b?q=%C3%A9');
  });

  it('a percent-escape needs two hex digits; reserved escapes stay escaped, upper-cased', () => {
    for (const bad of ['%', '%4', '%4g', '%g4', 'a%']) expect(normalizePercent(bad)).toBeUndefined();
    expect(normalizePercent('%41%2f%3A%7e%2D%5f%2E')).toBe('A%2F%3A~-_.');
  });

  it('IPv6 hosts: brackets kept, lower-cased, the port read after them', () => {
    expect(parseHttpUrl('http://[2001:DB8::1]:8080/p')).toEqual({
      scheme: 'http',
      host: '[2001:db8::1]',
      port: '8080',
      path: '/p',
      params: [],
    });
    expect(norm('http://[::1]/')).toBe('http://[::1]/');
    expect(norm('http://[::1]:80/')).toBe('http://[::1]/');
    expect(parseHttpUrl('http://[::1/')).toBe('must have a host (http://host/…)');
    expect(parseHttpUrl('http://[::1]x/')).toBe('has an invalid port');
    expect(parseHttpUrl('http://[::1]8080/')).toBe('has an invalid port');
    expect(parseHttpUrl('http://[::1]:/')).toMatchObject({ host: '[::1]', port: '80' });
  });

  it('ports: 0 and 65535 are ports, 65536 is not; leading zeros and empty ports normalise', () => {
    expect(norm('http://x:65535/')).toBe('http://x:65535/');
    expect(norm('http://x:0/')).toBe('http://x:0/');
    expect(norm('http://x:0080/')).toBe('http://x/');
    expect(norm('https://x:/')).toBe('https://x/');
    expect(norm('https://x:80/')).toBe('https://x:80/');
    expect(parseHttpUrl('http://x:65536/')).toBe('has an invalid port');
    expect(parseHttpUrl('http://x:8o/')).toBe('has an invalid port');
    expect(parseHttpUrl('http://x:80:80/')).toBe('has an invalid port');
    expect(parseHttpUrl('http://u:p@x:8o/')).toBe('has an invalid port');
  });

  it('names each fault', () => {
    expect(parseHttpUrl('ftp://x/')).toBe('must be an absolute http or https URL');
    expect(parseHttpUrl('/relative')).toBe('must be an absolute http or https URL');
    expect(parseHttpUrl('http:x')).toBe('must have a host (http://host/…)');
    expect(parseHttpUrl('http://user@/')).toBe('must have a host (http://host/…)');
    expect(parseHttpUrl('http://x/%zz')).toBe(
      'has a malformed percent-escape (% must be followed by two hex digits)',
    );
    expect(parseHttpUrl('http://x/?a=%')).toBe(
      'has a malformed percent-escape (% must be followed by two hex digits)',
    );
    expect(parseHttpUrl('http://%zz/')).toBe(
      'has a malformed percent-escape (% must be followed by two hex digits)',
    );
  });

  it('parses the parts: surrounding spaces trimmed, empty path is /, parameters in the order sent', () => {
    expect(parseHttpUrl('  HTTPS://Example.COM?b=2&a&c=3=4  ')).toEqual({
      scheme: 'https',
      host: 'example.com',
      port: '443',
      path: '/',
      params: [
        { name: 'b', raw: 'b=2' },
        { name: 'a', raw: 'a' },
        { name: 'c', raw: 'c=3=4' },
      ],
    });
    expect(parseHttpUrl('http://x/a/../b/./c')).toMatchObject({ path: '/b/c' });
    expect(parseHttpUrl('http://x/#frag')).toMatchObject({ path: '/', params: [] });
    expect(parseHttpUrl('http://x/?')).toMatchObject({ params: [] });
  });

  it('RFC 3986 §5.2.3: a relative path against a base with an authority and an empty path', () => {
    expect(resolveReference('http://a', 'g')).toBe('http://a/g');
    expect(resolveReference('http://a', '?q')).toBe('http://a?q');
    expect(resolveReference('http://a?x', '#f')).toBe('http://a?x#f');
    expect(resolveReference('g:h/i', 'j')).toBe('g:h/j');
    expect(resolveReference('http://a/b', '//c/./d/../e?f#g')).toBe('http://c/e?f#g');
  });

  it('splits a URI into RFC 3986 Appendix B parts and recomposes it', () => {
    const parts = splitUri('https://u@h:1/p/q?x=1#f');
    expect(parts).toEqual({ scheme: 'https', authority: 'u@h:1', path: '/p/q', query: 'x=1', fragment: 'f' });
    expect(recompose(parts)).toBe('https://u@h:1/p/q?x=1#f');
    expect(splitUri('p')).toEqual({
      scheme: undefined,
      authority: undefined,
      path: 'p',
      query: undefined,
      fragment: undefined,
    });
    expect(recompose(splitUri('?#'))).toBe('?#');
  });

  it('query order: by name, then by the whole parameter; a prefix name sorts first', () => {
    expect(norm('http://x/?ab=1&a=2&a=10&b&a=1')).toBe('http://x/?a=1&a=10&a=2&ab=1&b');
    expect(norm('http://x/?z=1&y=1&y=1')).toBe('http://x/?y=1&y=1&z=1');
  });

  it('ignore patterns: exact names, and a trailing * as any suffix (an empty one too)', () => {
    const ignored = ignoredBy(['cb', 'utm_*', 'x*', 'ab*']);
    expect(['cb', 'utm_', 'utm_source', 'x', 'xyz', 'ab', 'abc'].every(ignored)).toBe(true);
    expect(['c', 'cbx', 'utm', 'UTM_source', 'a', 'y', 'ba'].some(ignored)).toBe(false);
    expect(ignoredBy(['*'])('anything')).toBe(true);
    expect(ignoredBy(['*'])('')).toBe(true);
    expect(ignoredBy([])('a')).toBe(false);
    expect(ignoredBy(['abc*'])('ab')).toBe(false);
  });
});

describe('path templates', () => {
  it.each([
    ['/users/42/orders/7', '/users/:id/orders/:id'],
    ['/items/123e4567-e89b-12d3-a456-426614174000', '/items/:id'],
    ['/items/123E4567-E89B-12D3-A456-426614174000/x', '/items/:id/x'],
    ['/o/507f1f77bcf86cd799439011', '/o/:id'],
    ['/o/507F1F77BCF86CD799439011ABCDEF', '/o/:id'],
    // Not ids: 23 hex digits, a UUID missing a group or with a stray character, words, mixed digits.
    ['/o/507f1f77bcf86cd79943901', '/o/507f1f77bcf86cd79943901'],
    ['/items/123e4567-e89b-12d3-a456', '/items/123e4567-e89b-12d3-a456'],
    ['/items/123e4567-e89b-12d3-a456-42661417400g', '/items/123e4567-e89b-12d3-a456-42661417400g'],
    ['/items/x123e4567-e89b-12d3-a456-426614174000', '/items/x123e4567-e89b-12d3-a456-426614174000'],
    ['/items/123e4567-e89b-12d3-a456-4266141740001', '/items/123e4567-e89b-12d3-a456-4266141740001'],
    ['/v2/users', '/v2/users'],
    ['/a1/12b', '/a1/12b'],
    ['/', '/'],
  ])('%s → %s', (path, template) => {
    expect(pathTemplate(path)).toBe(template);
  });
});
