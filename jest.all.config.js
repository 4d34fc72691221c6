/**
 * `npm run test:all` (what CI runs): `npm test`'s files and the system tests (`*.browser.test.ts`,
 * `*.process.test.ts`) in one run, so the long browser and process files start first and pack with the rest.
 * `npm run test:system` is this config narrowed to the system tests.
 */
const base = require('./jest.config.js');

module.exports = { ...base, testPathIgnorePatterns: ['/node_modules/'] };
