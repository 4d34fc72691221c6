/**
 * `npm run test:unit`: the tests that need no server and no database (pure functions, parsers, the documents
 * that must match the code), about a minute. `npm test` runs them too, with everything else (but the admin's,
 * which only this config compiles).
 *
 * A unit test file may not start a server: `startTestServer` refuses under this config (SVC_TEST_UNIT), so a
 * file that needs one fails here with a message saying so. Such files under src/ and plugins/ are listed below.
 */
const base = require('./jest.config.js');

/** Files beside the code that start a real server: `npm test` only. */
const NEEDS_SERVER = [
  '<rootDir>/src/context/hooks.test.ts',
  '<rootDir>/src/domains/inventory/stock-ledger.test.ts',
  '<rootDir>/src/plugin-api/checkout.test.ts',
];

module.exports = {
  ...base,
  testMatch: [
    '<rootDir>/src/**/*.test.ts',
    '<rootDir>/rest/**/*.test.ts',
    '<rootDir>/app/**/*.test.ts',
    '<rootDir>/plugins/*/*.test.ts',
    // Documents that must match the code: README keys, MCP tools, reference pages. (The layer rules and the
    // generated files are `npm run check`'s: check:layers and the drift steps.)
    '<rootDir>/test/contract/readme.test.ts',
    '<rootDir>/test/contract/mcp-docs.test.ts',
    '<rootDir>/test/contract/reference-docs.test.ts',
    // Every list's text arguments bounded: a pure check of the built schema.
    '<rootDir>/test/contract/search-arguments.test.ts',
    // The admin's pure parts: lib/ (money, dates, translations, error texts) and the resource kit's (keys, the
    // search validator, server errors to fields, bulk runs). Only here: `npm test` does not compile TSX.
    '<rootDir>/admin/src/**/*.test.ts',
    '<rootDir>/admin/src/**/*.test.tsx',
  ],
  // The admin is TSX under React's automatic runtime; SWC compiles it like the service's TypeScript.
  transform: {
    ...base.transform,
    '^.+\\.tsx$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  testPathIgnorePatterns: ['/node_modules/', ...NEEDS_SERVER.map((p) => p.replace('<rootDir>', '^<rootDir>'))],
  setupFiles: [...base.setupFiles, '<rootDir>/test/harness/setup-unit.ts'],
  // No embedded template: nothing here opens a database.
  globalSetup: undefined,
  testTimeout: 30000,
};
