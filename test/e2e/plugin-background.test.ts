import { backgroundPass, backgroundPlugin } from '../fixtures/plugins/probe-plugin';
import { startTestServer } from '../harness/server';
import { eventually } from '../harness/webhook-receiver';

/**
 * `ctx.runInBackground`: a plugin's background pass that is running when the service stops is finished before
 * the database closes (payprov's reconciler runs its passes this way, so `svc worker` and API instances never cut a
 * pass in the middle on SIGTERM).
 */
it('graceful shutdown waits for a background pass in flight, with the database still open', async () => {
  const t = await startTestServer({ plugins: { background: {} } }, { plugins: [backgroundPlugin] });
  // The pass starts once the service runs its background work (not within start-up itself).
  await eventually(() => backgroundPass.started === 1);
  expect(backgroundPass).toMatchObject({ started: 1, finished: 0 });
  // Shutdown begins with the pass still running; the pass ends a moment later, and shutdown must have waited.
  const closing = t.close();
  setTimeout(backgroundPass.end, 400);
  await closing;
  expect(backgroundPass).toMatchObject({ started: 1, finished: 1 });
}, 60_000);

// A failed test must not leave the pass (and the worker) held.
afterAll(() => backgroundPass.end());
