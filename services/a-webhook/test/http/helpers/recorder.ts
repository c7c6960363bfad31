/**
 * Records every response body (and header block) the HTTP tests receive, and every secret they send, so a
 * test can prove that no response ever repeats a secret (docs/conventions.md §3: handlers never echo secrets).
 *
 * The service is stateless, so a secret can only surface in a response to a request that carried it, or in
 * a static document (OpenAPI, docs, root): each test file checks its own responses in an `afterAll` hook
 * (registered by `client.ts`), and `leaks.test.ts` checks the static documents against every test secret.
 */

/**
 * Published test vectors are not secrets: they are printed in the platforms' documentation and in our
 * own OpenAPI example. Secrets shorter than 8 characters (Twilio's documented token `12345`) are not
 * checked either, because such short strings also occur in timestamps and other numbers by chance.
 */
export const PUBLIC_TEST_VECTORS: ReadonlySet<string> = new Set([
  "It's a Secret to Everybody",
  'VALID_SECRET',
  '12345',
  // The spec's worked example of Zoom's handshake, POST /handshake's OpenAPI example.
  'zoom-secret-token-7c1e',
]);
export const MIN_CHECKED_SECRET_LENGTH = 8;

export interface RecordedResponse {
  label: string;
  text: string;
}

const secrets = new Set<string>();
const responses: RecordedResponse[] = [];

/** Registers the `secret` member of a request body (a string or an array of strings). */
export function registerSecrets(value: unknown): void {
  const list = Array.isArray(value) ? value : [value];
  for (const item of list) {
    if (typeof item !== 'string') continue;
    if (item.length < MIN_CHECKED_SECRET_LENGTH || PUBLIC_TEST_VECTORS.has(item)) continue;
    secrets.add(item);
  }
}

export function recordResponse(label: string, text: string): void {
  responses.push({ label, text });
}

export const registeredSecrets = (): string[] => [...secrets];
export const recordedResponses = (): readonly RecordedResponse[] => responses;

/** The forms a secret takes inside a JSON text: as is, and JSON-escaped. */
function forms(secret: string): string[] {
  const escaped = JSON.stringify(secret).slice(1, -1);
  return escaped === secret ? [secret] : [secret, escaped];
}

/** Every (response, secret) pair where the response contains the secret; the secret is shown masked. */
export function findLeaks(
  texts: readonly RecordedResponse[],
  candidates: readonly string[],
): { label: string; secret: string }[] {
  const leaks: { label: string; secret: string }[] = [];
  for (const { label, text } of texts) {
    for (const secret of candidates) {
      if (forms(secret).some((form) => text.includes(form))) {
        leaks.push({ label, secret: `${secret.slice(0, 3)}… (${secret.length} chars)` });
      }
    }
  }
  return leaks;
}

/** The leaks among everything recorded so far in this test file. */
export const leaksSoFar = () => findLeaks(responses, registeredSecrets());
