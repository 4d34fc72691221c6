import { automationPlugin } from '../../plugins/automation';
import { payprovPlugin } from '../../plugins/payprov';
import type { Logger } from '../../src/platform/logger';
import { FakeProvider } from './fake-provider';
import { startTestServer, type TestServer } from './server';

/**
 * A test server serving every bundled plugin (payprov on the provider double, automation pointed at a closed
 * port), for tests generated from the OpenAPI document: it lists the bundled plugins' routes, so they must
 * answer as documented, not 404 as on a deployment without them. Nothing here delivers or settles anything:
 * the plugins' background loops are off.
 */
export async function startWithBundledPlugins(
  opts: { log?: Logger } = {},
): Promise<{ t: TestServer; close(): Promise<void> }> {
  const provider = await FakeProvider.start();
  const t = await startTestServer(
    {
      'server.background_jobs': false,
      plugins: {
        payprov: {
          secret_key: 'sk_test_payprov',
          publishable_key: 'pk_test_payprov',
          webhook_secret: 'whsec_test_payprov_signing_secret',
          api_base: provider.url,
          js_url: `${provider.url}/js/v3`,
        },
        automation: { webhook_base_url: 'http://127.0.0.1:9/hooks', secret: 'automation-test-secret-0123456789' },
      },
    },
    { ...opts, plugins: [payprovPlugin, automationPlugin] },
  );
  return {
    t,
    async close() {
      await t.close();
      await provider.close();
    },
  };
}
