import { randomBytes } from 'node:crypto';

import type { Response } from 'express';

/**
 * The spec's nonce policy for HTML pages, with `extraOrigins` (plugins' declared UI-extension origins) added to
 * `script-src`, `frame-src` and `connect-src`, and `extraDirectives` (a page's own needs, such as inline fonts).
 */
export function htmlPagePolicy(
  nonce: string,
  extraOrigins: readonly string[],
  extraDirectives: readonly string[] = [],
): string {
  const extra = extraOrigins.length ? ` ${extraOrigins.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${extra}`,
    "style-src 'self' 'unsafe-inline'",
    `frame-src 'self'${extra}`,
    `connect-src 'self'${extra}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    ...extraDirectives,
  ].join('; ');
}

/** Sends `render(nonce)` as an HTML page under a fresh 128-bit nonce policy; every script tag must carry the nonce. */
export function sendHtmlPage(
  res: Response,
  extraOrigins: readonly string[],
  render: (nonce: string) => string,
  extraDirectives: readonly string[] = [],
): void {
  const nonce = randomBytes(16).toString('base64');
  res.setHeader('Content-Security-Policy', htmlPagePolicy(nonce, extraOrigins, extraDirectives));
  res.setHeader('Cache-Control', 'no-store');
  res.type('html').send(render(nonce));
}
