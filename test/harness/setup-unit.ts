// `npm run test:unit` (jest.unit.config.js): tests that need no server and no database.
process.env.SVC_TEST_UNIT = '1';
