import { createHash } from 'node:crypto';
import { ProblemError } from '../../errors.js';

export const invalidKey = () =>
  new ProblemError({
    status: 401,
    code: 'invalid_api_key',
    detail:
      'The API key presented (Authorization: Bearer or X-API-Key) is not known; send a valid key or none.',
    headers: { 'WWW-Authenticate': 'Bearer' },
  });

/** The key a request presents, if any: `Authorization: Bearer <key>` or `X-API-Key: <key>`. */
function presentedKey(headers: {
  authorization?: string | undefined;
  xApiKey?: string | undefined;
}): string | undefined {
  const authorization = headers.authorization?.trim();
  let bearer: string | undefined;
  if (authorization !== undefined && /^bearer(\s|$)/i.test(authorization))
    bearer = authorization.slice(6).trim();
  const header = headers.xApiKey?.trim();
  if (bearer !== undefined && header !== undefined && bearer !== header) throw invalidKey();
  const key = bearer ?? header;
  if (key === '') throw invalidKey();
  return key;
}

/**
 * Who is calling: undefined without a key; the key's plan and a short non-secret id otherwise. Only
 * SHA-256 hashes are configured and compared; an unknown key (or an empty one, or two different
 * ones) is 401 `invalid_api_key`. Another Authorization scheme (e.g. Basic) is not a key and is ignored.
 */
export function authenticate(
  headers: { authorization?: string | undefined; xApiKey?: string | undefined },
  keys: ReadonlyMap<string, string>,
): { plan: string; keyId: string } | undefined {
  const key = presentedKey(headers);
  if (key === undefined) return undefined;
  const hash = createHash('sha256').update(key, 'utf8').digest('hex');
  const plan = keys.get(hash);
  if (plan === undefined) throw invalidKey();
  return { plan, keyId: hash.slice(0, 12) };
}
