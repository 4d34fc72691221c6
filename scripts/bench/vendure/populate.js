/** Creates Vendure's schema and imports products.csv (a few minutes for 10,000 variants). */
const { bootstrap } = require('@vendure/core');
const { populate } = require('@vendure/core/cli');

const { config } = require('./config');

const initialData = {
  defaultLanguage: 'en',
  defaultZone: 'Europe',
  taxRates: [{ name: 'Standard Tax', percentage: 19 }],
  shippingMethods: [{ name: 'Standard Shipping', price: 500 }],
  paymentMethods: [
    {
      name: 'Standard Payment',
      handler: { code: 'dummy-payment-handler', arguments: [{ name: 'automaticSettle', value: 'false' }] },
    },
  ],
  countries: [{ name: 'Germany', code: 'DE', zone: 'Europe' }],
  collections: [],
};

const started = Date.now();
populate(
  () => bootstrap({ ...config, apiOptions: { ...config.apiOptions, port: 3199 } }),
  initialData,
  `${__dirname}/products.csv`,
)
  .then((app) => {
    console.log(`populated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return app.close();
  })
  .then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
