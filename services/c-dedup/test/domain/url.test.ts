// RFC 3986's own examples: §5.4 reference resolution, §6.2 normalisation; and WHATWG URL (Node's) as an
// independent normaliser where the two agree (scheme and host case, default ports, dot segments).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHttpUrl, removeDotSegments, resolveReference } from '../../src/domain/index.js';
import { ignoredBy, normalizePercent, normalizedText } from '../../src/domain/url.js';

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
