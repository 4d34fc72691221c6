import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import express, { type NextFunction, type Request, type Response } from 'express';

import type { CompressionSettings } from './compression/dynamic';
import { StaticFiles } from './compression/static-files';
import { htmlPagePolicy } from './html-page';

/**
 * The admin dashboard's build (admin/dist, made by `vite build`; see admin/vite.config.ts). The service runs
 * from src/ (SWC) or from dist/src/ (tsc): the folder is found from either.
 */
export function adminDistDir(): string | undefined {
  const candidates = [join(__dirname, '..', '..', 'admin', 'dist'), join(__dirname, '..', '..', '..', 'admin', 'dist')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html')));
}

/**
 * What Vite writes where the nonce goes (`html.cspNonce` in admin/vite.config.ts): on every script and
 * modulepreload tag, and on the `csp-nonce` meta its preload helper reads for the chunks it inserts later.
 */
export const ADMIN_NONCE_PLACEHOLDER = '__SVC_CSP_NONCE__';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `/admin`: hashed assets under `/admin/assets/` cached for a year (their names change with their content), sent
 * brotli- or gzip-encoded from the copies the build wrote beside them (admin/vite.config.ts), and
 * `index.html` for every other path below `/admin` (the router draws the screen, so deep links reload), with a
 * fresh nonce in its script tags and the spec's nonce CSP, revalidated on every load (`no-cache`).
 *
 * Plugins' admin extensions load at run time (admin/src/extensions): the app reads the nonce from the
 * `csp-nonce` meta (its `nonce` property) and puts it, with the declared SRI hash, on each extension's script
 * tag, so installing a plugin never rebuilds the admin. `extensionOrigins` (asked per page load) are the origins
 * the active plugins' admin extensions declare; the policy allows them as it does for the storefront's pages.
 */
export function adminRouter(
  distDir: string,
  extensionOrigins: () => readonly string[] = () => [],
  compression: CompressionSettings = { enabled: true, thresholdBytes: 0 },
): express.Router {
  const router = express.Router();
  // Read on first use, then kept: a rebuild under a running server means a restart. (Not at mount: a build
  // finishing while the service starts must not fail the start.)
  let template: string | undefined;
  router.use(
    '/admin/assets',
    new StaticFiles(compression).folder(join(distDir, 'assets'), { cacheControl: IMMUTABLE }),
  );
  router.get(/^\/admin(\/.*)?$/, (req: Request, res: Response, next: NextFunction) => {
    // A missing asset is the app's 404 (a stale tab asking for a chunk of an older build), never the page.
    if (req.path.startsWith('/admin/assets/')) return next();
    const nonce = randomBytes(16).toString('base64');
    res.setHeader('Content-Security-Policy', htmlPagePolicy(nonce, extensionOrigins()));
    res.setHeader('Cache-Control', 'no-cache');
    template ??= readFileSync(join(distDir, 'index.html'), 'utf8');
    res.type('html').send(template.replaceAll(ADMIN_NONCE_PLACEHOLDER, nonce));
  });
  return router;
}
