import { BlockList, isIP } from 'node:net';

/** `TRUSTED_PROXIES` as a matcher of addresses. */
export type TrustedProxies = BlockList;

/** Entries of X-Forwarded-For read at most: a longer chain is no client's honest route. */
const MAX_FORWARDED_HOPS = 16;

export function parseTrustedProxies(cidrs: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of cidrs) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

/** `::ffff:1.2.3.4` is the IPv4 address it maps. */
function unmapped(address: string): string {
  return address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4
    ? address.slice(7)
    : address;
}

/** The sixteen-bit groups of one `:`-separated run of an IPv6 address (an IPv4 tail is two groups). */
function groupsOf(run: string): number[] {
  if (run === '') return [];
  return run.split(':').flatMap((group) => {
    if (!group.includes('.')) return [Number.parseInt(group, 16)];
    const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
    return [(a << 8) | b, (c << 8) | d];
  });
}

/** The eight groups of an IPv6 address (`::` expanded, zone dropped); undefined if it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  const bare = address.split('%', 1)[0]!;
  if (isIP(bare) !== 6) return undefined;
  const [head = '', tail] = bare.split('::');
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function isTrusted(address: string, trusted: TrustedProxies): boolean {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The key a client is counted under: its IPv4 address, or its IPv6 /64 (one subscriber usually holds
 * a whole /64). The peer is the client unless it is a trusted proxy; then `X-Forwarded-For` is read
 * right to left, skipping trusted hops: the first untrusted address is the client. A malformed entry
 * ends the walk at the last hop that was trusted (it cannot be told apart from a forgery).
 */
export function clientKey(
  remoteAddress: string | undefined,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): string {
  let client = unmapped(remoteAddress ?? 'unknown');
  if (forwardedFor !== undefined && isTrusted(client, trusted)) {
    const hops = forwardedFor.split(',', 256).slice(-MAX_FORWARDED_HOPS);
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = unmapped(hops[i]!.trim());
      if (isIP(hop) === 0) break;
      client = hop;
      if (!isTrusted(hop, trusted)) break;
    }
  }
  const groups = ipv6Groups(client);
  if (groups === undefined) return client;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
