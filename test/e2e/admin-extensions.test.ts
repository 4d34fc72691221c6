import { definePlugin } from '../../src/plugin-api';
import { startTestServer, type TestServer } from '../harness/server';

/**
 * Plugins' admin UI extensions over GraphQL: `adminPluginExtensions` answers staff only, with the admin slots'
 * extensions of the active plugins (the storefront's query never shows them), and a plugin whose admin
 * declaration is invalid fails its start with every problem named (the service still starts).
 */

const SRI = `sha384-${'B'.repeat(64)}`;
const component = (tagName: string) => ({
  tagName,
  scriptUrl: `/plugins/reports/assets/${tagName}.js`,
  integrity: SRI,
  origins: [] as string[],
});

const reportsPlugin = definePlugin({
  name: 'reports',
  version: '1.0.0',
  description: 'Admin extensions in every admin slot (test plugin).',
  configSchema: {},
  uiExtensions: [
    { id: 'sales-page', slot: 'admin:nav', type: 'component', label: 'Reports', component: component('reports-page') },
    { id: 'home-figures', slot: 'admin:home', type: 'component', component: component('reports-home') },
    {
      id: 'order-margin',
      slot: 'admin:order:detail',
      type: 'component',
      label: 'Margin',
      component: { ...component('reports-margin'), origins: ['https://charts.example.com'] },
    },
    { id: 'badge', slot: 'storefront:product:badge', type: 'component', component: component('reports-badge') },
  ],
  init() {},
});

const brokenAdminPlugin = definePlugin({
  name: 'brokenadmin',
  version: '1.0.0',
  description: 'An invalid admin declaration (test plugin).',
  configSchema: {},
  uiExtensions: [
    {
      id: 'nav',
      slot: 'admin:nav',
      type: 'component',
      component: { ...component('broken-nav'), scriptUrl: 'https://cdn.example.com/nav.js' },
    },
  ],
  init() {},
});

const QUERY = '{ adminPluginExtensions { plugin id slot label component { tagName scriptUrl integrity origins } } }';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    { plugins: { reports: {}, brokenadmin: {} } },
    { plugins: [reportsPlugin, brokenAdminPlugin] },
  );
}, 120_000);
afterAll(() => t?.close());

describe('adminPluginExtensions', () => {
  it('gives staff the admin extensions of the active plugins, in declaration order, with labels', async () => {
    for (const client of [t.asAdmin(), t.asManager(), t.asApiKey(['orders.read'])]) {
      const res = await client.gql(QUERY);
      expect(res.errors).toBeUndefined();
      expect(res.data.adminPluginExtensions).toEqual([
        {
          plugin: 'reports',
          id: 'sales-page',
          slot: 'admin:nav',
          label: 'Reports',
          component: component('reports-page'),
        },
        {
          plugin: 'reports',
          id: 'home-figures',
          slot: 'admin:home',
          label: null,
          component: component('reports-home'),
        },
        {
          plugin: 'reports',
          id: 'order-margin',
          slot: 'admin:order:detail',
          label: 'Margin',
          component: { ...component('reports-margin'), origins: ['https://charts.example.com'] },
        },
      ]);
    }
  });

  it('refuses everyone but staff: 401 without a credential, 403 for customers and their keys', async () => {
    const guest = await t.asGuest().gql(QUERY);
    expect(guest.errors![0].extensions.code).toBe('unauthorized');
    for (const client of [t.asCustomer(), t.asApiKey(['store.orders.read'], { owner: 'customer' })]) {
      const res = await client.gql(QUERY);
      expect(res.errors![0].extensions.code).toBe('forbidden');
      expect(res.data).toBeNull();
    }
  });

  it('keeps admin extensions out of the storefront query', async () => {
    const res = await t.asGuest().gql('{ storePluginExtensions { plugin id slot } }');
    expect(res.data.storePluginExtensions).toEqual([
      { plugin: 'reports', id: 'badge', slot: 'storefront:product:badge' },
    ]);
  });

  it('fails the start of a plugin with an invalid admin declaration, naming each problem', async () => {
    const res = await t.asSuperAdmin().gql('{ plugins { name state error } }');
    const broken = res.data.plugins.find((p: { name: string }) => p.name === 'brokenadmin');
    expect(broken.state).toBe('failed');
    expect(broken.error).toMatch(/label: required for an admin:nav entry/);
    expect(broken.error).toMatch(
      /scriptUrl "https:\/\/cdn\.example\.com\/nav\.js": an admin script is served by the plugin/,
    );
    const staff = await t.asAdmin().gql(QUERY);
    expect(staff.data.adminPluginExtensions.map((e: { plugin: string }) => e.plugin)).not.toContain('brokenadmin');
  });
});
