// ESLint (flat config) with typed linting: `npm run lint` (zero warnings), `npm run lint:fix` for the mechanical
// fixes (import order, type-only imports). Each file is type-checked by the tsconfig nearest to it (the project
// service): the root tsconfig.json for src, rest, plugins, app, scripts and test; admin/ and sdk/ their own.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/generated/**',
      'data/**',
      'coverage/**',
      '.test-cache/**',
      '.tmp-verify/**',
      '.bench-data/**',
      '.perf/**',
      'examples/**',
      'sdk/example/**',
      'storefront/build/**',
      'storefront/.react-router/**',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      // Promises: an unawaited one loses its error (an unhandled rejection ends the process); a promise where a
      // void callback is expected (Express handlers, event listeners) is never awaited by its caller.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Type-only imports vanish under isolatedModules/SWC, so a file's runtime imports are the ones it needs.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      // tsc (noUnusedLocals) already reports unused names; parameters and `_`-prefixed names are allowed.
      '@typescript-eslint/no-unused-vars': 'off',
      // type-graphql and Prisma need `any` in a few generic places; the type-checker is the judge elsewhere.
      '@typescript-eslint/no-explicit-any': 'off',
      // type-graphql's own API lists resolver and type classes as `Function`.
      '@typescript-eslint/no-unsafe-function-type': 'off',
      // Domains add their loaders to the core's by module augmentation (`interface Loaders extends X {}`).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // require() only where import cannot do: lazy native modules (marked inline), the CommonJS admin build
      // script (JavaScript without types), and the schema engine's ES-module half loaded by hand.
      '@typescript-eslint/no-require-imports': [
        'error',
        { allow: ['/scripts/admin-build\\.js$', '^@prisma/schema-engine-wasm/'] },
      ],
      // Input validation matches control characters on purpose (NUL and friends are refused).
      'no-control-regex': 'off',
      // Checked by tsc; ESLint's version does not know TypeScript's declaration merging and overloads.
      'no-undef': 'off',
      'no-redeclare': 'off',
    },
  },
  {
    // The service logs through pino (structured, redacted); only the CLI entry prints to the terminal, and tests
    // (the plugins' own, in plugins/<name>/test) may say why they skip.
    files: ['src/**/*.ts', 'rest/**/*.ts', 'plugins/**/*.ts', 'app/**/*.ts'],
    ignores: ['app/main.ts', 'plugins/*/test/**'],
    rules: { 'no-console': 'error' },
  },
  {
    // React: handlers given to JSX attributes may be async. Each catches its own errors and shows them (ActionError,
    // ErrorState); react-hook-form's handleSubmit and TanStack's refetch/navigate return promises React ignores.
    files: ['admin/src/**/*.tsx', 'storefront/app/**/*.tsx'],
    rules: { '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }] },
  },
  {
    // Hooks called in the same order on every render, and effects that list what they read: a hook behind a
    // condition or a stale value in an effect is a bug no type-checker sees (D-364).
    files: ['admin/src/**/*.ts', 'admin/src/**/*.tsx', 'storefront/app/**/*.ts', 'storefront/app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Plain JavaScript and ESM scripts (no type information): the base rules only.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [js.configs.recommended],
    languageOptions: {
      sourceType: 'module',
      globals: {
        process: 'readonly',
        console: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        AbortSignal: 'readonly',
        setTimeout: 'readonly',
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    // Scripts the pages load in the browser.
    files: ['plugins/*/assets/**/*.js', 'test/fixtures/plugins/assets/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        window: 'readonly',
        document: 'readonly',
        fetch: 'readonly',
        HTMLElement: 'readonly',
        CustomEvent: 'readonly',
        customElements: 'readonly',
      },
    },
  },
  {
    files: ['**/*.cjs', 'scripts/*.js', 'jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
  },
);
