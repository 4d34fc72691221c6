import { isIP } from 'node:net';

import { parseCookie } from 'cookie';
import type { NextFunction, Request, Response } from 'express';

/** `::ffff:1.2.3.4` and `1.2.3.4` are one client. */
function canonical(ip: string): string {
  const trimmed = ip.trim();
  return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
}

/** Matches an address against `server.trusted_proxies` entries: exact addresses or IPv4 CIDRs. */
export function trustMatcher(entries: string[]): (ip: string) => boolean {
  const exact = new Set<string>();
  const ranges: Array<{ base: number; mask: number }> = [];
  for (const entry of entries.map((e) => e.trim()).filter(Boolean)) {
    const [addr, bits] = entry.split('/');
    if (bits !== undefined && isIP(addr) === 4) {
      const n = Number(bits);
      const mask = n === 0 ? 0 : (~0 << (32 - n)) >>> 0;
      ranges.push({ base: ipv4ToInt(addr) & mask, mask });
    } else {
      exact.add(canonical(entry));
    }
  }
  return (ip) => exact.has(ip) || (isIP(ip) === 4 && ranges.some((r) => (ipv4ToInt(ip) & r.mask) === r.base));
}

/**
 * The client IP of contract §4. Without trusted proxies it is the socket address. When the socket address
 * is a trusted proxy, `X-Forwarded-For` is walked from the right (the hop nearest to us) past trusted
 * proxies; the first untrusted hop is the client. Hops further left were written by that client and could
 * be forged, so they are never used.
 */
export function clientIpOf(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trusted: (ip: string) => boolean,
): string {
  const socket = canonical(socketAddress ?? 'unknown');
  if (!trusted(socket) || !forwardedFor) return socket;
  const hops = forwardedFor
    .split(',')
    .map(canonical)
    .filter((h) => isIP(h));
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted(hops[i])) return hops[i];
  return hops[0] ?? socket;
}

/** Sets `req.clientIp` and `req.cookies` for everything after it. */
export function requestFacts(trustedProxies: string[]) {
  const trusted = trustMatcher(trustedProxies);
  return (req: Request, _res: Response, next: NextFunction) => {
    req.clientIp = clientIpOf(req.socket.remoteAddress, req.get('x-forwarded-for'), trusted);
    const header = req.get('cookie');
    req.cookies = header ? parseCookie(header) : {};
    next();
  };
}
