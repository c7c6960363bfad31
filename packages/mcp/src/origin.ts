/** Browsers send `Origin`; allowing only known ones blocks DNS-rebinding attacks on local servers. */
const LOCAL_ORIGIN = /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

function normalize(origin: string): string {
  const trimmed = origin.trim().toLowerCase();
  return trimmed.endsWith('/') ? trimmed.slice(0, -1) : trimmed;
}

export function createOriginMatcher(
  allowed?: readonly string[] | ((origin: string) => boolean),
): (origin: string) => boolean {
  if (typeof allowed === 'function') return allowed;
  if (allowed === undefined) return (origin) => LOCAL_ORIGIN.test(origin.trim());
  const set = new Set(allowed.map(normalize));
  if (set.has('*')) return () => true;
  return (origin) => set.has(normalize(origin));
}
