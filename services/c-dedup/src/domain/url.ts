// URL normalisation per RFC 3986 §6.2.2 (syntax-based) and §6.2.3 (scheme-based) for http(s), and
// reference resolution per §5.2 — written from the RFC, because WHATWG's URL parser (Node's `URL`)
// differs from it (backslashes, IPv4 number forms, IDNA, its own percent-encode sets).

/** RFC 3986 Appendix B. */
const PARTS = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;

export interface UriParts {
  scheme: string | undefined;
  authority: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

export function splitUri(text: string): UriParts {
  const m = PARTS.exec(text)!;
  return { scheme: m[1], authority: m[2], path: m[3] ?? '', query: m[4], fragment: m[5] };
}

/** §5.2.4 remove_dot_segments, iteratively. */
export function removeDotSegments(path: string): string {
  let input = path;
  const output: string[] = [];
  while (input.length > 0) {
    if (input.startsWith('../')) input = input.slice(3);
    else if (input.startsWith('./')) input = input.slice(2);
    else if (input.startsWith('/./')) input = input.slice(2);
    else if (input === '/.') input = '/';
    else if (input.startsWith('/../')) {
      input = input.slice(3);
      output.pop();
    } else if (input === '/..') {
      input = '/';
      output.pop();
    } else if (input === '.' || input === '..') input = '';
    else {
      const next = input.indexOf('/', input.startsWith('/') ? 1 : 0);
      const segment = next < 0 ? input : input.slice(0, next);
      output.push(segment);
      input = next < 0 ? '' : input.slice(next);
    }
  }
  return output.join('');
}

/** §5.2.2: the target URI of a reference against a base (strict parser). */
export function resolveReference(base: string, reference: string): string {
  const b = splitUri(base);
  const r = splitUri(reference);
  let t: UriParts;
  if (r.scheme !== undefined) {
    t = { ...r, path: removeDotSegments(r.path) };
  } else if (r.authority !== undefined) {
    t = { ...r, scheme: b.scheme, path: removeDotSegments(r.path) };
  } else if (r.path === '') {
    t = {
      scheme: b.scheme,
      authority: b.authority,
      path: b.path,
      query: r.query ?? b.query,
      fragment: r.fragment,
    };
  } else {
    const merged = r.path.startsWith('/')
      ? r.path
      : b.authority !== undefined && b.path === ''
        ? `/${r.path}`
        : `${b.path.slice(0, b.path.lastIndexOf('/') + 1)}${r.path}`;
    t = {
      scheme: b.scheme,
      authority: b.authority,
      path: removeDotSegments(merged),
      query: r.query,
      fragment: r.fragment,
    };
  }
  return recompose(t);
}

/** §5.3 component recomposition. */
export function recompose(t: UriParts): string {
  return `${t.scheme === undefined ? '' : `${t.scheme}:`}${t.authority === undefined ? '' : `//${t.authority}`}${t.path}${t.query === undefined ? '' : `?${t.query}`}${t.fragment === undefined ? '' : `#${t.fragment}`}`;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const ALLOWED = /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/;
const utf8 = new TextEncoder();

/**
 * §6.2.2.1–2: percent-escapes of unreserved characters decoded, the others upper-cased; characters
 * that may not appear in a URI (spaces, non-ASCII) percent-encoded as UTF-8. Undefined when a `%` is
 * not followed by two hex digits.
 */
export function normalizePercent(text: string): string | undefined {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '%') {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
      const decoded = String.fromCharCode(Number.parseInt(hex, 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
      i += 2;
    } else if (ALLOWED.test(c)) out += c;
    else {
      const code = text.codePointAt(i)!;
      const char = String.fromCodePoint(code);
      for (const byte of utf8.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      i += char.length - 1;
    }
  }
  return out;
}

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

export interface NormalizedUrl {
  scheme: 'http' | 'https';
  host: string;
  /** The port, always written (default ports included). */
  port: string;
  path: string;
  /** Query parameters as `name` or `name=value`, percent-normalised, in the order sent. */
  params: Array<{ name: string; raw: string }>;
}

/** Parses and normalises an absolute http(s) URL; a string naming the fault when it is not one. */
export function parseHttpUrl(text: string): NormalizedUrl | string {
  const parts = splitUri(text.trim());
  const scheme = parts.scheme?.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return 'must be an absolute http or https URL';
  if (parts.authority === undefined) return 'must have a host (http://host/…)';
  const at = parts.authority.lastIndexOf('@');
  const hostPort = parts.authority.slice(at + 1);
  const userinfo = at >= 0 ? `${parts.authority.slice(0, at)}@` : '';
  // A reg-name or IPv4 host holds no ':', so the first one starts the port; an IP literal ends at ']'.
  const colon = hostPort.indexOf(':');
  const rawHost = hostPort.startsWith('[')
    ? hostPort.slice(0, hostPort.indexOf(']') + 1)
    : hostPort.slice(0, colon < 0 ? hostPort.length : colon);
  const afterHost = hostPort.slice(rawHost.length);
  if (rawHost === '' || (hostPort.startsWith('[') && !rawHost.endsWith(']')))
    return 'must have a host (http://host/…)';
  if (!/^(:\d*)?$/.test(afterHost) || Number(afterHost.slice(1)) > 65535) return 'has an invalid port';
  const rawPort = afterHost.slice(1);
  const host = normalizePercent(`${userinfo}${rawHost}`.toLowerCase());
  const path = normalizePercent(parts.path);
  const query = parts.query === undefined ? '' : normalizePercent(parts.query);
  if (host === undefined || path === undefined || query === undefined)
    return 'has a malformed percent-escape (% must be followed by two hex digits)';
  const port = rawPort === '' ? DEFAULT_PORTS[scheme]! : String(Number(rawPort));
  const params = query === '' ? [] : query.split('&').map((raw) => ({ name: raw.split('=', 1)[0]!, raw }));
  return { scheme, host, port, path: removeDotSegments(path) || '/', params };
}

interface PrefixNode {
  end: boolean;
  next: Map<number, PrefixNode>;
}

/**
 * `*` at the end of an ignore pattern matches any suffix; otherwise names match exactly (case-sensitive).
 * Prefixes sit in a trie, so a name costs at most its own length whatever the number of patterns.
 */
export function ignoredBy(patterns: readonly string[]): (name: string) => boolean {
  const exact = new Set(patterns.filter((p) => !p.endsWith('*')));
  const root: PrefixNode = { end: false, next: new Map() };
  for (const pattern of patterns) {
    if (!pattern.endsWith('*')) continue;
    let node = root;
    for (let i = 0; i < pattern.length - 1; i++) {
      const code = pattern.charCodeAt(i);
      let child = node.next.get(code);
      if (child === undefined) {
        child = { end: false, next: new Map() };
        node.next.set(code, child);
      }
      node = child;
    }
    node.end = true;
  }
  const hasPrefix = (name: string) => {
    let node: PrefixNode | undefined = root;
    for (let i = 0; !node.end; i++) {
      node = i < name.length ? node.next.get(name.charCodeAt(i)) : undefined;
      if (node === undefined) return false;
    }
    return true;
  };
  return (name) => exact.has(name) || hasPrefix(name);
}

/** The normalised URL text: default port dropped, parameters sorted by name then value, ignored ones out. */
export function normalizedText(url: NormalizedUrl, ignored: (name: string) => boolean): string {
  const port = url.port === DEFAULT_PORTS[url.scheme] ? '' : `:${url.port}`;
  const params = url.params.filter((p) => !ignored(p.name)).map((p) => p.raw);
  params.sort((a, b) => {
    const [na, nb] = [a.split('=', 1)[0]!, b.split('=', 1)[0]!];
    return na < nb ? -1 : na > nb ? 1 : a < b ? -1 : a > b ? 1 : 0;
  });
  return `${url.scheme}://${url.host}${port}${url.path}${params.length > 0 ? `?${params.join('&')}` : ''}`;
}

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const HEX_24 = /^[0-9a-fA-F]{24,}$/;

/** The path with digits-only segments, UUIDs and long hex ids replaced by `:id`. */
export function pathTemplate(path: string): string {
  return path
    .split('/')
    .map((segment) => (/^\d+$/.test(segment) || UUID.test(segment) || HEX_24.test(segment) ? ':id' : segment))
    .join('/');
}
