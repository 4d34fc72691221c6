import { backgroundPass, backgroundPlugin } from '../fixtures/plugins/probe-plugin';
import { startTestServer } from '../harness/server';

/**
 * `ctx.runInBackground`: a plugin's background pass that is running when the service stops is finished before
 * the database closes (payprov's reconciler runs its passes this way, so `svc worker` and API instances never cut a
 * pass in the middle on SIGTERM).
 */
it('graceful shutdown waits for a background pass in flight, with the database still open', async () => {
  const t = await startTestServer({ plugins: { background: {} } }, { plugins: [backgroundPlugin] });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(backgroundPass).toEqual({ started: 1, finished: 0 });
  await t.close();
  expect(backgroundPass).toEqual({ started: 1, finished: 1 });
}, 60_000);
