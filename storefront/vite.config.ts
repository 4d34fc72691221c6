import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// React 19 lives in storefront/node_modules (the root's React is GraphiQL's 18): every import of React resolves here,
// so the server and the browser bundle each hold one React, 19.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { dedupe: ['react', 'react-dom'] },
  build: { target: 'es2022', sourcemap: false },
});
