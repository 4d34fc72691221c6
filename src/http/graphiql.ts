import { dirname, join } from 'node:path';

import express, { type Request, type Response } from 'express';

import type { CompressionSettings } from './compression/dynamic';
import { StaticFiles } from './compression/static-files';
import { sendHtmlPage } from './html-page';

/**
 * The offline GraphQL explorer: GraphiQL's UMD build and React's, served from the installed npm packages, so
 * it works without the internet (Apollo Sandbox, on GET /graphql, loads from Apollo's CDN). Nothing is bundled
 * at build or run time: `graphiql@4` still ships `graphiql.min.js` for React 18's UMD files (see
 * docs/decisions.md, "Offline GraphiQL").
 */
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** The files the page loads, by the name it asks for (`npm run build` precompresses them: copy-build-assets.js). */
export const GRAPHIQL_ASSETS = new Map<string, string>(
  Object.entries({
    'react.js': join(packageDir('react'), 'umd', 'react.production.min.js'),
    'react-dom.js': join(packageDir('react-dom'), 'umd', 'react-dom.production.min.js'),
    'graphiql.js': join(packageDir('graphiql'), 'graphiql.min.js'),
    'graphiql.css': join(packageDir('graphiql'), 'graphiql.min.css'),
  }),
);

const DEFAULT_QUERY = `# The store, as a guest sees it. Credentials go in the Headers tab:
#   {"Authorization": "Bearer <access token>"}, {"X-Cart-Token": "<cart sessionToken>"}
# Names come in the request's locale (Accept-Language, or a locale argument); enum values are UPPER_CASE.
query Browse {
  storeProducts(limit: 5, sort: NAME, order: ASC) {
    items { id name slug variants { id sku priceGross stock } }
    meta { total }
  }
  storeShippingMethods { id translations { name } priceGross }
  storePaymentMethods { id translations { name } }
}
`;

/**
 * Renders GraphiQL against `/graphql`. The fetcher echoes the `csrf_token` cookie as `X-CSRF-Token`, so a
 * browser signed in by cookie (or holding a guest order cookie) passes the CSRF check like any script of the
 * origin would.
 */
function page(nonce: string, base: string): string {
  const boot = `
    const csrf = () => (document.cookie.match(/(?:^|; )csrf_token=([^;]*)/) || [])[1];
    const fetcher = GraphiQL.createFetcher({
      url: ${JSON.stringify('/graphql')},
      fetch: (url, init) => {
        const headers = new Headers(init && init.headers);
        const token = csrf();
        if (token && !headers.has('x-csrf-token')) headers.set('x-csrf-token', token);
        return fetch(url, { ...init, headers, credentials: 'same-origin' });
      },
    });
    ReactDOM.createRoot(document.getElementById('graphiql')).render(
      React.createElement(GraphiQL, { fetcher, defaultQuery: ${JSON.stringify(DEFAULT_QUERY)}, defaultEditorToolsVisibility: true }),
    );`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>GraphiQL · svc</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="${base}/assets/graphiql.css">
  <style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
  <div id="graphiql">Loading GraphiQL…</div>
  <script nonce="${nonce}" src="${base}/assets/react.js"></script>
  <script nonce="${nonce}" src="${base}/assets/react-dom.js"></script>
  <script nonce="${nonce}" src="${base}/assets/graphiql.js"></script>
  <script nonce="${nonce}">${boot}</script>
</body>
</html>`;
}

/**
 * `GET {base}` serves the explorer page under the nonce CSP, `GET {base}/assets/*` its files (brotli or gzip when
 * the client accepts it: compression/static-files.ts).
 */
export function graphiqlRouter(
  base = '/graphiql',
  compression: CompressionSettings = { enabled: true, thresholdBytes: 0 },
): express.Router {
  const router = express.Router();
  const files = new StaticFiles(compression);
  // GraphiQL's stylesheet carries its fonts inline (data: URLs); nothing else widens the spec's page policy.
  router.get(base, (_req: Request, res: Response) =>
    sendHtmlPage(res, [], (nonce) => page(nonce, base), ["font-src 'self' data:"]),
  );
  router.get(`${base}/assets/:name`, (req: Request, res: Response, next) => {
    const file = GRAPHIQL_ASSETS.get(String(req.params.name));
    if (!file) return next();
    // The versions are pinned in package.json: a day of caching saves the 1.5 MB on every visit.
    files.send(req, res, next, file, { cacheControl: 'public, max-age=86400' }).catch(next);
  });
  return router;
}
