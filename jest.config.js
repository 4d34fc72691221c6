/** Jest runs TypeScript through SWC (emits decorator metadata for type-graphql); `npm run typecheck` checks types. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  // Maps handed to Jest beside the code rather than inlined into it: every test file's registry compiles the code
  // it loads again, and an inline map doubles what V8 reads (stack traces still point at the TypeScript lines).
  sourceMaps: true,
};

/**
 * `npm test`: every test that runs the service in this process and talks HTTP, GraphQL or MCP to it, plus the unit
 * and contract tests, on the embedded database unless SVC_TEST_DATABASE_URL names a PostgreSQL server.
 * Left to `npm run test:system` (and `npm run test:all`, which CI runs) are the files named for what they drive:
 * `*.browser.test.ts` (Chromium: the admin dashboard, the explorers, the pay page) and `*.process.test.ts` (the
 * service or its CLI as child processes, killed, clustered or replicated). See docs/decisions.md, "Test tiers".
 */
const SYSTEM_TESTS = '\\.(browser|process)\\.test\\.ts$';

module.exports = {
  // Jest's Node environment plus PGlite's compiled code shared by a worker's test files (see the file).
  testEnvironment: '<rootDir>/test/harness/environment.ts',
  transform: { '^.+\\.ts$': ['@swc/jest', swc], '^.+/node_modules/jose/.+\\.js$': ['@swc/jest', swc] },
  // jose 6 ships only ES modules; Node 20 jest cannot require them, so SWC turns them into CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  testMatch: [
    '<rootDir>/src/**/*.test.ts',
    '<rootDir>/test/**/*.test.ts',
    '<rootDir>/rest/**/*.test.ts',
    '<rootDir>/app/**/*.test.ts',
    '<rootDir>/plugins/**/*.test.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/', SYSTEM_TESTS],
  setupFiles: ['<rootDir>/test/harness/setup-env.ts'],
  globalSetup: '<rootDir>/test/harness/global-setup.ts',
  testTimeout: 60000,
  // Three on two cores: the tests wait on sockets, PostgreSQL and Chromium often enough that a third worker keeps
  // the cores busier (measured: npm test on the embedded database 418 s with two, 361 s with three; the whole
  // suite on PostgreSQL about 15 min with two, 10 with three). Each worker holds at most one embedded database
  // at a time (about 250 MB).
  maxWorkers: 3,
  // A worker keeps some of every test file's modules (their registries are not all released), growing to about
  // 1.1 GB by its thirtieth file, and each collection walks it all; one past 600 MB after a file is replaced.
  // Measured: npm test 161–168 s with the limit against 170–187 s without, and a third of the memory (D-283).
  workerIdleMemoryLimit: '600MB',
};
