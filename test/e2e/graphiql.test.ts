import { useShop } from '../fixtures/use-shop';
import { startTestServer } from '../harness/server';

const { t } = useShop({ shop: false });

describe('GraphiQL at /graphiql (the offline explorer)', () => {
  it('is a page under a fresh nonce CSP whose scripts all carry the nonce and load from this server', async () => {
    const res = await t.asGuest().get('/graphiql');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy')!;
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)![1];
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("font-src 'self' data:");
    const scripts = res.text.match(/<script\b[^>]*>/g)!;
    expect(scripts).toHaveLength(4);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    for (const src of res.text.match(/(?:src|href)="[^"]+"/g)!) expect(src).toMatch(/="(\/graphiql\/assets\/|data:,")/);

    const js = await t.asGuest().get('/graphiql/assets/graphiql.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.text).toContain('GraphiQL');
    for (const name of ['react.js', 'react-dom.js', 'graphiql.css'])
      expect((await t.asGuest().get(`/graphiql/assets/${name}`)).status).toBe(200);
    // Only the four files: no path reaches anything else of node_modules.
    for (const name of ['constructor', '..%2Fpackage.json', 'graphiql.min.js.map'])
      expect((await t.asGuest().get(`/graphiql/assets/${name}`)).status).toBe(404);
  });
});

describe('GraphiQL configuration', () => {
  it('is off with graphql.graphiql false, and never served in production', async () => {
    for (const overrides of [{ 'graphql.graphiql': false }, { env: 'production' }]) {
      const off = await startTestServer(overrides);
      try {
        const res = await off.asGuest().get('/graphiql');
        expect(res.status).toBe(404);
        expect((await off.asGuest().get('/graphiql/assets/graphiql.js')).status).toBe(404);
      } finally {
        await off.close();
      }
    }
  });
});
