import { clientIpOf, trustMatcher } from './client-ip';

describe('client IP (contract §4)', () => {
  const none = trustMatcher([]);
  const proxies = trustMatcher(['10.0.0.1', '192.168.0.0/16', '::1']);

  it('is the socket address when it is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientIpOf('203.0.113.9', '1.2.3.4', none)).toBe('203.0.113.9');
    expect(clientIpOf('::ffff:203.0.113.9', undefined, none)).toBe('203.0.113.9');
    expect(clientIpOf('203.0.113.9', '1.2.3.4', proxies)).toBe('203.0.113.9');
  });

  it('behind trusted proxies, is the nearest untrusted hop; forged hops further left are ignored', () => {
    expect(clientIpOf('10.0.0.1', '198.51.100.7', proxies)).toBe('198.51.100.7');
    expect(clientIpOf('10.0.0.1', '6.6.6.6, 198.51.100.7, 192.168.4.2', proxies)).toBe('198.51.100.7');
    expect(clientIpOf('::ffff:10.0.0.1', ' 198.51.100.7 ', proxies)).toBe('198.51.100.7');
    expect(clientIpOf('::1', '2001:db8::5', proxies)).toBe('2001:db8::5');
    // Only proxies in the chain: the left-most hop.
    expect(clientIpOf('10.0.0.1', '192.168.1.1, 10.0.0.1', proxies)).toBe('192.168.1.1');
    // No usable header: the proxy itself.
    expect(clientIpOf('10.0.0.1', 'garbage', proxies)).toBe('10.0.0.1');
  });

  it('matches IPv4 CIDR ranges', () => {
    const m = trustMatcher(['172.16.0.0/12', '0.0.0.0/0']);
    expect(m('172.31.255.255')).toBe(true);
    expect(trustMatcher(['172.16.0.0/12'])('172.32.0.1')).toBe(false);
  });
});
