#!/usr/bin/env node
// `npm run build` compiles TypeScript only; the plugins' static files (pay page script, styles) are read at
// run time from next to their module, so they are copied into dist/ beside the compiled code. Then the static
// files the service sends from folders the build does not own (the plugins' assets, GraphiQL's and Swagger UI's
// files in node_modules) get precompressed copies in dist/precompressed (scripts/precompress.mjs; the admin's
// assets get theirs from its Vite build).
const { cpSync, existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const pluginAssets = [];
for (const plugin of readdirSync(join(root, 'plugins'))) {
  const assets = join(root, 'plugins', plugin, 'assets');
  if (!existsSync(assets)) continue;
  cpSync(assets, join(root, 'dist', 'plugins', plugin, 'assets'), { recursive: true });
  pluginAssets.push(assets);
}

(async () => {
  const { describe, precompressInto } = await import('./precompress.mjs');
  // The lists the routers serve, from the code tsc just compiled (so the build and the routes name the same files).
  const { GRAPHIQL_ASSETS } = require(join(root, 'dist', 'src', 'http', 'graphiql.js'));
  const { swaggerAssetFiles } = require(join(root, 'dist', 'rest', 'openapi', 'docs-router.js'));
  const files = [...pluginAssets, ...GRAPHIQL_ASSETS.values(), ...swaggerAssetFiles()];
  const sizes = await precompressInto(join(root, 'dist', 'precompressed'), files);
  console.log(describe('plugin, GraphiQL and Swagger UI files', sizes));
})().catch((err) => {
  // The service compresses what has no copy at run time: a failure here costs the copies, not the build.
  console.warn(`precompressing static files failed: ${err.stack ?? err}`);
});
