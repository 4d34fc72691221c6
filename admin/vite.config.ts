import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The admin is served by the service under /admin (src/http/admin-page.ts). `html.cspNonce` puts a placeholder
 * nonce on every tag Vite writes and on the `csp-nonce` meta its preload helper reads; the server swaps in a
 * fresh nonce per load. A manifest lets scripts/admin-budget.mjs measure the initial JavaScript.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss()],
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
