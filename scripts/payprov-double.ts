/**
 * Runs the payment provider double of the test harness on its own, for a local end-to-end run of payprov
 * without the internet: `node -r @swc-node/register scripts/payprov-double.ts [port]` (default 12111).
 * `POST /_double/intents/<id>/authorize` plays the buyer confirming the card; `/decline` and `/expire` too.
 */
import { FakeProvider } from '../test/harness/fake-provider';

async function main() {
  const port = Number(process.argv[2] ?? 12111);
  const fake = await FakeProvider.start(port);
  console.log(`payment provider double on ${fake.url}
start the service with:
  SVC_PLUGINS_PAYPROV_API_BASE=${fake.url} SVC_PLUGINS_PAYPROV_JS_URL=${fake.url}/js/v3 \\
  SVC_PLUGINS_PAYPROV_SECRET_KEY=sk_test_local SVC_PLUGINS_PAYPROV_PUBLISHABLE_KEY=pk_test_local \\
  SVC_PLUGINS_PAYPROV_WEBHOOK_SECRET=whsec_local npm start
authorize an intent (the buyer's card):  curl -X POST ${fake.url}/_double/intents/<pi_id>/authorize`);
  const stop = () => {
    fake.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
