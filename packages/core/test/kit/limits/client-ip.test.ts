import { describe, expect, it } from 'vitest';
import { clientKey, parseTrustedProxies } from '../../../src/index.js';

const none = parseTrustedProxies([]);
const proxies = parseTrustedProxies(['10.0.0.0/8', '2001:db8:ffff::/48', '192.0.2.7']);

describe('clientKey', () => {
  it.each([
    ['203.0.113.9', undefined, none, '203.0.113.9'],
    ['::ffff:203.0.113.9', undefined, none, '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', undefined, none, '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::1', undefined, none, '2001:db8:1:2::/64'],
    ['2001:db8::1', undefined, none, '2001:db8:0:0::/64'],
    ['2001:db8:0:0::2', undefined, none, '2001:db8:0:0::/64'],
    ['::1', undefined, none, '0:0:0:0::/64'],
    [undefined, undefined, none, 'unknown'],
  ])('peer %s (XFF %s) → %s', (peer, xff, trusted, key) => {
    expect(clientKey(peer, xff, trusted)).toBe(key);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(clientKey('198.51.100.1', '203.0.113.9', proxies)).toBe('198.51.100.1');
    expect(clientKey('198.51.100.1', '203.0.113.9', none)).toBe('198.51.100.1');
  });

  it('reads X-Forwarded-For right to left from a trusted proxy, skipping trusted hops', () => {
    expect(clientKey('10.1.2.3', '203.0.113.9', proxies)).toBe('203.0.113.9');
    expect(clientKey('10.1.2.3', 'spoofed, 198.51.100.5, 10.9.9.9', proxies)).toBe('198.51.100.5');
    expect(clientKey('::ffff:10.1.2.3', '::ffff:203.0.113.9', proxies)).toBe('203.0.113.9');
    expect(clientKey('192.0.2.7', '2001:db8:aaaa:bbbb::1, 2001:db8:ffff::5', proxies)).toBe(
      '2001:db8:aaaa:bbbb::/64',
    );
  });

  it('stops at a malformed entry: the last trusted hop is the client', () => {
    expect(clientKey('10.1.2.3', '203.0.113.9, not-an-ip', proxies)).toBe('10.1.2.3');
    expect(clientKey('10.1.2.3', '203.0.113.9, not-an-ip, 10.2.2.2', proxies)).toBe('10.2.2.2');
  });

  it('uses the leftmost address when every hop is trusted, and reads at most 16 hops', () => {
    expect(clientKey('10.1.2.3', '10.0.0.1, 10.0.0.2', proxies)).toBe('10.0.0.1');
    const long = ['203.0.113.1', ...Array.from({ length: 40 }, (_, i) => `10.0.0.${i}`)].join(', ');
    expect(clientKey('10.1.2.3', long, proxies)).toBe('10.0.0.24');
  });
});
