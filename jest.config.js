/** Jest runs TypeScript through SWC (emits decorator metadata for type-graphql); `npm run typecheck` checks types. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest', swc], '^.+/node_modules/jose/.+\\.js$': ['@swc/jest', swc] },
  // jose 6 ships only ES modules; Node 20 jest cannot require them, so SWC turns them into CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  testMatch: [
    '<rootDir>/src/**/*.test.ts',
    '<rootDir>/test/**/*.test.ts',
    '<rootDir>/rest/**/*.test.ts',
    '<rootDir>/plugins/**/*.test.ts',
  ],
  setupFiles: ['<rootDir>/test/harness/setup-env.ts'],
  globalSetup: '<rootDir>/test/harness/global-setup.ts',
  testTimeout: 60000,
  // Each worker holds at most one embedded database at a time (about 250 MB).
  maxWorkers: 2,
};
