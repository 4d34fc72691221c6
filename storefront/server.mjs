// The storefront's server (`npm run storefront`): the production build in build/ when there is one, else Vite's
// development server (`--dev` forces it). Contract §12: STOREFRONT_PORT (3000), STOREFRONT_API_URL (the service,
// http://localhost:8080); GET /healthz answers 200 once pages can be rendered (routes/healthz.ts).
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';

const here = dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.STOREFRONT_PORT ?? 3000);
const host = process.env.STOREFRONT_HOST ?? '0.0.0.0';
const apiUrl = (process.env.STOREFRONT_API_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const serverBuild = join(here, 'build/server/index.js');
const production = existsSync(serverBuild) && !process.argv.includes('--dev');

// A production storefront must seal sessions with a key every instance shares (docs/decisions.md D-422).
if (process.env.NODE_ENV === 'production' && !process.env.STOREFRONT_SESSION_SECRET) {
  console.error('STOREFRONT_SESSION_SECRET is required with NODE_ENV=production (it seals the session cookie)');
  process.exit(78);
}

const app = express();
app.disable('x-powered-by');
app.set('trust proxy', process.env.STOREFRONT_TRUST_PROXY === 'true');
app.use(compression());

// A request id on every request (the caller's when it sends one): the service logs the same id for the calls a
// page makes (lib/api.server.ts forwards it).
app.use((req, res, next) => {
  const given = req.get('x-request-id');
  const id = given && /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
  req.headers['x-request-id'] = id;
  res.set('x-request-id', id);
  res.set('x-content-type-options', 'nosniff');
  res.set('referrer-policy', 'strict-origin-when-cross-origin');
  res.set('x-frame-options', 'DENY');
  next();
});

// Product images the service stores itself (`/uploads/…`, local media storage) are passed through, so pages show
// them from the storefront's own origin; images in a bucket or CDN have absolute URLs and never come here.
// The payment plugin's checkout component (`/plugins/<name>/assets/…`, loaded with its integrity hash) comes the same
// way, so the pay step loads it from the storefront's own origin.
app.get(['/uploads/{*key}', '/plugins/:plugin/assets/{*file}'], async (req, res) => {
  try {
    const upstream = await fetch(`${apiUrl}${req.originalUrl}`, { signal: AbortSignal.timeout(10_000) });
    res.status(upstream.status);
    // Not content-length: fetch has already decoded a compressed answer, so its length is not the upstream's.
    for (const h of ['content-type', 'cache-control', 'etag', 'last-modified'])
      if (upstream.headers.get(h)) res.set(h, upstream.headers.get(h));
    if (upstream.body) Readable.fromWeb(upstream.body).pipe(res);
    else res.end();
  } catch {
    res.status(502).end();
  }
});

if (production) {
  // Hashed assets never change: cached for a year. Everything else in build/client for an hour.
  app.use('/assets', express.static(join(here, 'build/client/assets'), { immutable: true, maxAge: '1y' }));
  app.use(express.static(join(here, 'build/client'), { maxAge: '1h', index: false }));
  const build = await import(serverBuild);
  app.all('/{*path}', createRequestHandler({ build, mode: 'production' }));
} else {
  const vite = await import('vite');
  const dev = await vite.createServer({ root: here, server: { middlewareMode: true } });
  app.use(dev.middlewares);
  app.all('/{*path}', async (req, res, next) => {
    try {
      const build = await dev.ssrLoadModule('virtual:react-router/server-build');
      return await createRequestHandler({ build, mode: 'development' })(req, res, next);
    } catch (err) {
      dev.ssrFixStacktrace(err);
      return next(err);
    }
  });
}

const server = app.listen(port, host, () => {
  console.log(
    `storefront (${production ? 'production build' : 'development server'}) on http://localhost:${port}, service at ${apiUrl}`,
  );
});

// Graceful shutdown: stop accepting, let requests in flight finish (at most 10 s), then exit.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
