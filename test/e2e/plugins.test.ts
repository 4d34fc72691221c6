import { ConfigError } from '../../src/platform/config/load';
import { failingPlugin, probeEvents, probePlugin, slowPlugin, SRI } from '../fixtures/plugins/probe-plugin';
import type { LogEntry } from '../harness/capture-log';
import { captureLog } from '../harness/capture-log';
import { startTestServer, type TestServer } from '../harness/server';

let t: TestServer;
let logs: LogEntry[];
let seq = 0;
const sku = () => `PLG-${Date.now().toString(36)}-${seq++}`;
const product = (s: string) => ({
  currency: 'EUR',
  sku: s,
  translations: [{ locale: 'en', name: s, slug: s.toLowerCase() }],
});

beforeAll(async () => {
  const capture = captureLog();
  logs = capture.entries;
  t = await startTestServer(
    {
      plugins: {
        probe: { greeting: 'hi there', token: 'very-secret-token', retries: '7' },
        broken: {},
        slow: {},
      },
    },
    { plugins: [probePlugin, failingPlugin, slowPlugin], pluginOptions: { initTimeoutMs: 300 }, log: capture.log },
  );
});
afterAll(() => t?.close());

describe('plugin host', () => {
  it('serves plugin routes under /plugins/<name>/ with the validated config and the global middleware', async () => {
    const res = await t.asGuest().get('/plugins/probe/hello');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { greeting: 'hi there', retries: 7 } });
    // Global middleware: request id, hardening headers.
    expect(res.requestId).not.toBe('');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Global JSON body parsing and its errors apply too.
    expect((await t.asGuest().post('/plugins/probe/echo', { a: 1 })).body).toEqual({ data: { a: 1 } });
    const broken = await t
      .asGuest()
      .request('POST', '/plugins/probe/echo', '{"a":', { 'content-type': 'application/json' });
    expect(broken.status).toBe(400);
    expect(broken.body.errors[0].code).toBe('invalid_json');
  });

  it('offers the auth helper: required, requireRole, requirePermission, userId and userType', async () => {
    expect((await t.asGuest().get('/plugins/probe/me')).status).toBe(401);
    const customer = t.asCustomer();
    const me = await customer.get('/plugins/probe/me');
    expect(me.status).toBe(200);
    expect(me.body.data.type).toBe('customer');
    expect((await customer.get('/plugins/probe/staff')).status).toBe(403);
    expect((await t.asAdmin().get('/plugins/probe/staff')).status).toBe(200);
    expect((await t.asManager().get('/plugins/probe/staff')).status).toBe(403);
    expect((await t.asSuperAdmin().get('/plugins/probe/manage')).status).toBe(200);
    expect((await t.asApiKey(['products.read']).get('/plugins/probe/manage')).status).toBe(403);
    expect((await t.asApiKey(['plugins.manage']).get('/plugins/probe/manage')).status).toBe(200);
    expect((await t.asGuest().get('/plugins/probe/manage')).status).toBe(401);
  });

  it('serves assets under /plugins/<name>/assets/', async () => {
    const res = await t.asGuest().get('/plugins/probe/assets/probe.js');
    expect(res.status).toBe(200);
    expect(res.text).toContain('probe asset');
    expect((await t.asGuest().get('/plugins/probe/assets/missing.js')).status).toBe(404);
  });

  it('lets a before-hook cancel with 422 hook_rejected and isolates a throwing after-hook', async () => {
    const rejected = await t.asAdmin().post('/api/v1/admin/products', product('FORBIDDEN'));
    expect(rejected.status).toBe(422);
    expect(rejected.body.errors[0]).toEqual({ code: 'hook_rejected', detail: 'probe forbids this sku' });
    expect(await t.db.product.count({ where: { sku: 'FORBIDDEN' } })).toBe(0);

    const s = sku();
    const created = await t.asAdmin().post('/api/v1/admin/products', product(s));
    expect(created.status).toBe(201);
    await t.service.services.background.drain();
    expect(probeEvents.some((e) => e.name === 'product.after_create' && e.entity.sku === s)).toBe(true);
    expect(logs.some((l) => l.msg === 'after-hook failed' && String(l.err).includes('probe after-hook failure'))).toBe(
      true,
    );
  });

  it('runs in-transaction hooks inside the change', async () => {
    const created = await t.asAdmin().post('/api/v1/admin/products', product(sku()));
    const updated = await t.asAdmin().put(`/api/v1/admin/products/${created.body.data.id}`, { active: false });
    expect(updated.status).toBe(200);
    const seen = probeEvents.find((e) => e.name === 'product.after_update' && e.entity.id === created.body.data.id);
    expect(seen?.metadata).toEqual({ inTransaction: true });
  });

  it('lists plugins with their state: a failing or slow init is failed, its routes and hooks stay off', async () => {
    const res = await t.asSuperAdmin().get('/api/v1/admin/plugins');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        name: 'probe',
        version: '1.2.3',
        description: 'Exercises the plugin API in tests.',
        state: 'active',
        error: null,
      },
      {
        name: 'broken',
        version: '0.0.1',
        description: 'Its init throws.',
        state: 'failed',
        error: 'cannot reach the moon',
      },
      {
        name: 'slow',
        version: '0.0.1',
        description: 'Its init never finishes.',
        state: 'failed',
        error: 'init timed out after 300 ms',
      },
    ]);
    expect((await t.asGuest().get('/plugins/broken/hello')).status).toBe(404);
    // The broken plugin's before-hook was never registered: products can still be created.
    expect((await t.asAdmin().post('/api/v1/admin/products', product(sku()))).status).toBe(201);
    expect((await t.asCustomer().get('/api/v1/admin/plugins')).status).toBe(403);
    expect((await t.asGuest().get('/api/v1/admin/plugins')).status).toBe(401);
    const gql = await t.asSuperAdmin().gql('{ plugins { name state } }');
    expect(gql.data.plugins.map((p: { state: string }) => p.state)).toEqual(['active', 'failed', 'failed']);
  });

  it("serves the active plugins' UI extensions to storefronts and adds their origins to HTML pages' CSP", async () => {
    const res = await t.asGuest().get('/api/v1/store/plugin-extensions');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        plugin: 'probe',
        id: 'probe-pay',
        slot: 'storefront:checkout:payment',
        type: 'component',
        component: {
          tag_name: 'probe-pay',
          script_url: '/plugins/probe/assets/probe.js',
          integrity: SRI,
          origins: ['https://js.probe.example'],
        },
      },
    ]);
    const page = await t.asGuest().get('/plugins/probe/page');
    const csp = page.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(page.text).toContain(`<script nonce="${nonce}">`);
    for (const directive of ['script-src', 'frame-src', 'connect-src']) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*https://js\\.probe\\.example`));
    }
    // A fresh nonce per response.
    const again = await t.asGuest().get('/plugins/probe/page');
    expect(again.headers.get('content-security-policy')).not.toBe(csp);
  });

  it("adds the plugin's GraphQL fields to the schema, behind the shield like any field", async () => {
    const hello = await t.asGuest().gql('{ probeGreeting }');
    expect(hello.data).toEqual({ probeGreeting: 'hi there' });
    const shout = 'mutation { probeShout(text: "hey") }';
    expect((await t.asGuest().gql(shout)).errors?.[0].extensions.code).toBe('unauthorized');
    expect((await t.asManager().gql(shout)).errors?.[0].extensions.code).toBe('forbidden');
    expect((await t.asSuperAdmin().gql(shout)).data).toEqual({ probeShout: 'HEY' });
  });

  it('lets a plugin raise the payment hooks it owns: in-transaction and after handlers both see them', async () => {
    const seen: string[] = [];
    const { hooks } = t.service.services;
    hooks.registerInTransaction(
      'payment.after_complete',
      async (e) => void seen.push(`tx:${String(e.entity.order_id)}`),
    );
    hooks.register('payment.after_complete', (e) => void seen.push(`after:${String(e.entity.order_id)}`));
    expect((await t.asGuest().post('/plugins/probe/paid', { order_id: 'o-1' })).status).toBe(202);
    await t.service.services.background.drain();
    expect(seen).toEqual(['tx:o-1', 'after:o-1']);
  });

  it('never logs secret configuration values', () => {
    const active = logs.find((l) => l.msg === 'plugin active' && l.plugin === 'probe');
    expect(active).toBeDefined();
    expect(JSON.stringify(logs)).not.toContain('very-secret-token');
  });
});

describe('plugin configuration', () => {
  it('aborts start on an unknown or invalid key, naming it', async () => {
    await expect(
      startTestServer({ plugins: { probe: { token: 'x', bogus: '1' } } }, { plugins: [probePlugin] }),
    ).rejects.toThrow(new ConfigError('plugins.probe.bogus: unknown configuration key'));
    await expect(
      startTestServer({ plugins: { probe: { token: 'x', retries: 'many' } } }, { plugins: [probePlugin] }),
    ).rejects.toThrow(/plugins\.probe\.retries: expected an integer/);
    await expect(startTestServer({ plugins: { probe: {} } }, { plugins: [probePlugin] })).rejects.toThrow(
      'plugins.probe.token: required',
    );
    await expect(startTestServer({ plugins: { nosuch: {} } }, { plugins: [probePlugin] })).rejects.toThrow(
      /plugins\.nosuch: no such plugin/,
    );
  });

  it('is enabled by presence and off with enabled: false', async () => {
    const off = await startTestServer(
      { plugins: { probe: { token: 'x', enabled: 'false' } } },
      { plugins: [probePlugin] },
    );
    try {
      expect((await off.asGuest().get('/plugins/probe/hello')).status).toBe(404);
      expect((await off.asSuperAdmin().get('/api/v1/admin/plugins')).body.data[0].state).toBe('disabled');
      expect((await off.asGuest().get('/api/v1/store/plugin-extensions')).body.data).toEqual([]);
      // Its GraphQL fields stay in the schema and say it is off.
      expect((await off.asGuest().gql('{ probeGreeting }')).errors?.[0].extensions).toMatchObject({
        code: 'service_unavailable',
        status: 503,
      });
    } finally {
      await off.close();
    }
  });
});
