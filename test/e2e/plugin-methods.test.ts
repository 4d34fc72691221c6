/**
 * A plugin route asked with a method it does not serve answers 405 `method_not_allowed` with `Allow`, as the core
 * routes do (it used to fall through to a 404). Every route of the bundled plugins is tried with every method it
 * lacks, from the host's own registry of what the plugins mounted, so a route added later is covered too.
 */
import { randomUUID } from 'node:crypto';

import { automationPlugin } from '../../plugins/automation';
import { payprovPlugin } from '../../plugins/payprov';
import { FakeProvider } from '../harness/fake-provider';
import { startTestServer, type TestServer } from '../harness/server';
import { startReceiver } from '../harness/webhook-receiver';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

let t: TestServer;
let fake: FakeProvider;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  fake = await FakeProvider.start();
  receiver = await startReceiver();
  t = await startTestServer(
    {
      plugins: {
        automation: { webhook_base_url: receiver.url, secret: 'plugin-methods-secret' },
        payprov: {
          secret_key: 'sk_test_methods',
          publishable_key: 'pk_test_methods',
          webhook_secret: 'whsec_methods',
          api_base: fake.url,
        },
      },
    },
    { plugins: [automationPlugin, payprovPlugin] },
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await receiver?.close();
});

/** A concrete URL of a route pattern (`/deliveries/:id` → `/deliveries/<uuid>`). */
const urlOf = (pattern: string) => pattern.replace(/:\w+/g, () => randomUUID());
/** Whether `url` is one of `pattern`'s (`/deliveries/replay` is also a `/deliveries/:id`). */
const matches = (pattern: string, url: string) => new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`).test(url);

describe('plugin routes: wrong method', () => {
  it('every route of every plugin answers 405 with Allow and the error envelope to each method it lacks', async () => {
    const routes = t.service.plugins.mountedRoutes();
    // The registry is what the plugins really mounted: both plugins, both mounts.
    expect(new Set(routes.map((r) => r.plugin))).toEqual(new Set(['automation', 'payprov']));
    expect(routes.some((r) => r.path.startsWith('/api/v1/store/payprov/'))).toBe(true);
    expect(routes.length).toBeGreaterThanOrEqual(12);

    let sent = 0;
    for (const route of routes) {
      const url = urlOf(route.path);
      const served = routes.filter((r) => matches(r.path, url)).flatMap((r) => r.methods);
      for (const method of METHODS.filter((m) => !served.includes(m))) {
        const res = await t.asGuest().request(method, url);
        sent++;
        const where = `${method} ${route.path}`;
        expect({ where, status: res.status }).toEqual({ where, status: 405 });
        const allow = (res.headers.get('allow') ?? '').split(', ');
        expect({ where, allow: allow.sort() }).toEqual({ where, allow: [...new Set(served)].sort() });
        expect(res.body).toEqual({
          errors: [{ code: 'method_not_allowed', detail: `method ${method} not allowed` }],
        });
      }
    }
    expect(sent).toBeGreaterThanOrEqual(40);
  });

  it('still serves the right method, and 404s a path no route has', async () => {
    expect((await t.asGuest().get('/plugins/automation/deliveries')).status).toBe(401);
    expect((await t.asAdmin().get('/plugins/automation/deliveries')).status).toBe(200);
    expect((await t.asGuest().get(`/api/v1/store/payprov/payment-link/${randomUUID()}`)).status).not.toBe(405);
    const unknown = await t.asGuest().request('DELETE', '/plugins/automation/no-such-route');
    expect(unknown.status).toBe(404);
    expect((await t.asGuest().request('PUT', '/plugins/no-such-plugin/deliveries')).status).toBe(404);
    // HEAD is GET without the body, as on core routes.
    expect((await t.asAdmin().request('HEAD', '/plugins/automation/deliveries')).status).toBe(200);
  });

  it('answers the same way as a core route', async () => {
    const core = await t.asGuest().request('PATCH', '/api/v1/store/products');
    expect(core.status).toBe(405);
    const plugin = await t.asGuest().request('PATCH', '/plugins/automation/deliveries');
    expect(plugin.status).toBe(405);
    expect(Object.keys(plugin.body.errors[0])).toEqual(Object.keys(core.body.errors[0]));
  });
});
