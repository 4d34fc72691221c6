/** Starts Vendure's server (the bench forks it and measures its CPU). */
const { bootstrap } = require('@vendure/core');

const { config } = require('./config');

bootstrap(config).then(
  () => console.log('vendure ready'),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
