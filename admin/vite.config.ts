import { join, resolve } from 'node:path';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { describe, precompressBeside } from '../scripts/precompress.mjs';

/**
 * After the build, `<file>.br` and `<file>.gz` beside every asset (brotli 11, gzip 9), which the service sends to
 * browsers that accept them (src/http/compression/static-files.ts). A failure here only costs the copies: the
 * service then compresses each asset once at run time.
 */
function precompress(): Plugin {
  let assets = '';
  return {
    name: 'svc-precompress',
    apply: 'build',
    configResolved: (config) => void (assets = join(resolve(config.root, config.build.outDir), config.build.assetsDir)),
    async closeBundle() {
      try {
        this.info(describe('admin/dist/assets', await precompressBeside(assets)));
      } catch (err) {
        this.warn(`precompressing the admin's assets failed (the service will compress them at run time): ${err}`);
      }
    },
  };
}

/**
 * The admin is served by the service under /admin (src/http/admin-page.ts). `html.cspNonce` puts a placeholder
 * nonce on every tag Vite writes and on the `csp-nonce` meta its preload helper reads; the server swaps in a
 * fresh nonce per load. A manifest lets scripts/admin-budget.mjs measure the initial JavaScript; the assets get
 * precompressed copies (above).
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss(), precompress()],
  // npm hoists the router, query and table packages to the root node_modules, where React is 18 (GraphiQL's):
  // every import of React resolves from admin/ instead, so the bundle has one React, 19.
  resolve: { dedupe: ['react', 'react-dom'] },
  html: { cspNonce: '__SVC_CSP_NONCE__' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    // `npm run dev -w admin` against a service on :8080 (same origin through the proxy, cookies included).
    proxy: { '/graphql': 'http://localhost:8080', '/api': 'http://localhost:8080' },
  },
});
