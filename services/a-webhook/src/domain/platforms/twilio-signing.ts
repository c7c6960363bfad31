import { invalidField } from '../errors.js';
import { MAX_FORM_PARAMETERS } from '../limits.js';
/** The bytes Twilio signs: the request URL (port variants) and, for form bodies, the sorted parameters. */

const URL_START = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)/i;

/**
 * The URL as received, then (like Twilio's SDK) the same URL with the scheme's default port added when
 * it has none, or removed when it has exactly the default port. The text is never re-normalised, so
 * the path and query keep the characters Twilio signed.
 */
export function urlVariants(url: string): string[] {
  const match = URL_START.exec(url);
  if (!match) return [url];
  const scheme = match[1]!;
  const authority = match[2]!;
  const userInfo = authority.slice(0, authority.lastIndexOf('@') + 1);
  const hostAndPort = authority.slice(userInfo.length);
  // A colon starts the port only after the closing bracket of an IPv6 literal.
  const colon = hostAndPort.indexOf(':', hostAndPort.lastIndexOf(']') + 1);
  const host = colon === -1 ? hostAndPort : hostAndPort.slice(0, colon);
  const port = colon === -1 ? '' : hostAndPort.slice(colon + 1);
  const defaultPort = scheme.toLowerCase() === 'https://' ? '443' : '80';
  const rest = url.slice(match[0].length);
  if (port === '') return [url, `${scheme}${userInfo}${host}:${defaultPort}${rest}`];
  if (port === defaultPort) return [url, `${scheme}${userInfo}${host}${rest}`];
  return [url];
}

function concatenate(byName: Map<string, string[]>, dedupe: boolean): string {
  let text = '';
  for (const name of [...byName.keys()].sort()) {
    const values = byName.get(name)!;
    for (const value of (dedupe ? [...new Set(values)] : values).sort()) text += name + value;
  }
  return text;
}

/**
 * The parameter part of a form body's signed string: each name in code-unit order, then name + value
 * for each of its values, sorted. Twilio's SDK drops repeated identical pairs; when the body has any,
 * that form is returned as a second variant. More than MAX_FORM_PARAMETERS parameters: 400 naming /payload.
 */
export function formParameterVariants(payload: string): string[] {
  const byName = new Map<string, string[]>();
  const pairs = new Set<string>();
  let repeated = false;
  let count = 0;
  for (const [name, value] of new URLSearchParams(payload)) {
    if (++count > MAX_FORM_PARAMETERS) {
      throw invalidField(
        'payload',
        'too_many_parameters',
        `must be a form body of at most ${MAX_FORM_PARAMETERS} parameters`,
      );
    }
    const values = byName.get(name);
    if (values === undefined) byName.set(name, [value]);
    else values.push(value);
    // A Set, not a scan of the values so far: `a=1&` repeated a million times stays linear.
    const pair = `${name}\u0000${value}`;
    repeated ||= pairs.has(pair);
    pairs.add(pair);
  }
  const full = concatenate(byName, false);
  return repeated ? [full, concatenate(byName, true)] : [full];
}

/** The `bodySHA256` query parameter Twilio adds to the URL of JSON deliveries, or `null`. */
export function bodyHashParameter(url: string): string | null {
  return URL.canParse(url) ? new URL(url).searchParams.get('bodySHA256') : null;
}
