import { dirname, join } from 'node:path';

import express, { type Request, type Response } from 'express';

import type { CompressionSettings } from '../../src/http/compression/dynamic';
import { StaticFiles } from '../../src/http/compression/static-files';
import { sendHtmlPage } from '../../src/http/html-page';
import type { OpenApiDocument } from './document';

/** The only swagger-ui-dist files the explorer page loads (served from node_modules, never from a CDN). */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const swaggerDir = () => dirname(require.resolve('swagger-ui-dist/package.json'));

/** The Swagger UI files served, as paths (`npm run build` precompresses them: scripts/copy-build-assets.js). */
export const swaggerAssetFiles = (): string[] => Object.keys(ASSETS).map((file) => join(swaggerDir(), file));

/**
 * `GET /openapi.json` (always) and, when `explorer` is on, the Swagger UI page at `GET /docs` with its assets
 * under `/docs/assets/`. The page runs under the service's nonce CSP: one nonce'd inline script starts the
 * bundle, which loads the document from this origin. `validatorUrl: null` keeps Swagger UI from sending the
 * document to validator.swagger.io: nothing leaves the machine. The document (made once) and the files go out
 * brotli- or gzip-encoded when the client accepts it, each compressed once (compression/static-files.ts).
 */
export function openApiRouter(opts: {
  document: () => OpenApiDocument;
  explorer: boolean;
  compression?: CompressionSettings;
}): express.Router {
  const router = express.Router();
  const files = new StaticFiles(opts.compression ?? { enabled: true, thresholdBytes: 0 });
  let json: Buffer | undefined;
  router.get('/openapi.json', (req: Request, res: Response, next) => {
    json ??= Buffer.from(JSON.stringify(opts.document()));
    files.sendBytes(req, res, 'openapi.json', json, { type: 'application/json' }).catch(next);
  });
  if (!opts.explorer) return router;
  router.get('/docs', (_req: Request, res: Response) =>
    sendHtmlPage(res, [], (nonce) => page(nonce, opts.document().info as { title: string })),
  );
  router.get('/docs/assets/:file', (req: Request, res: Response, next) => {
    const file = req.params.file as string;
    const type = ASSETS[file];
    if (!type) return next();
    files.send(req, res, next, join(swaggerDir(), file), { type, cacheControl: 'public, max-age=86400' }).catch(next);
  });
  return router;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(nonce: string, info: { title: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.title)}</title>
<link rel="icon" type="image/png" href="/api/v1/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/api/v1/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script nonce="${nonce}" src="/api/v1/docs/assets/swagger-ui-bundle.js"></script>
<script nonce="${nonce}">
window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  tryItOutEnabled: false,
  withCredentials: true,
});
</script>
</body>
</html>
`;
}
