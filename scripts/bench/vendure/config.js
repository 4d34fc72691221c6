/**
 * Vendure 3.5's configuration for the bench's comparison (README in this folder): PostgreSQL, production mode, no
 * plugins (no search index, no job queue worker: the comparison reads products by slug and lists them).
 */
const { DefaultLogger, LogLevel, dummyPaymentHandler } = require('@vendure/core');

const config = {
  apiOptions: {
    port: Number(process.env.VENDURE_PORT ?? 3100),
    adminApiPath: 'admin-api',
    shopApiPath: 'shop-api',
    shopApiPlayground: false,
    adminApiPlayground: false,
  },
  authOptions: {
    tokenMethod: ['bearer', 'cookie'],
    superadminCredentials: { identifier: 'superadmin', password: 'superadmin' },
    cookieOptions: { secret: 'bench-only-cookie-secret-0123456789' },
  },
  dbConnectionOptions: {
    type: 'postgres',
    url: process.env.VENDURE_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/bench_vendure',
    // Only the populate step creates the schema.
    synchronize: process.env.VENDURE_SYNCHRONIZE === '1',
    logging: false,
  },
  paymentOptions: { paymentMethodHandlers: [dummyPaymentHandler] },
  logger: new DefaultLogger({ level: LogLevel.Warn }),
  plugins: [],
};

module.exports = { config };
