import type { Config } from '@react-router/dev/config';

/**
 * Framework mode, server-rendered: every page is HTML from the server first (it works with JavaScript off), then
 * hydrates. `server.mjs` serves the build (or Vite in development); see docs/decisions.md (the storefront's stack).
 */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
