/**
 * The store's own reset-password and verify-email pages (issue 49, contract §11) over plain HTTP: 200 HTML with
 * a fresh nonce per answer and no `'unsafe-inline'`, every script and style carrying it, nothing loaded from
 * elsewhere, `no-store`, `no-referrer` and the service's hardening headers; the accessible frame (lang, title, one
 * h1, a label for the field, a `<noscript>` sentence); the rest of `/store` is an HTML 404, never the API's JSON.
 * (The browser test, store-account-pages.browser.test.ts, follows the emailed links in Chromium.)
 */
import { startTestServer, type TestServer } from '../harness/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const NONCE = /'nonce-([A-Za-z0-9+/=]+)'/;

describe.each([
  { path: '/store/reset-password', title: 'Set a new password', api: '/api/v1/store/auth/password-reset/confirm' },
  { path: '/store/verify-email', title: 'Confirm your email', api: '/api/v1/store/auth/verify-email' },
])('GET $path', ({ path, title, api }) => {
  it('is an HTML page under a fresh nonce policy with the pay page’s headers, uncached, never a Referer', async () => {
    const [a, b] = [await t.asGuest().get(path), await t.asGuest().get(path)];
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(a.headers.get('cache-control')).toBe('no-store');
    expect(a.headers.get('referrer-policy')).toBe('no-referrer');
    expect(a.headers.get('x-content-type-options')).toBe('nosniff');
    expect(a.headers.get('x-frame-options')).toBe('DENY');
    expect(a.headers.get('permissions-policy')).toContain('camera=()');

    const csp = a.headers.get('content-security-policy')!;
    const nonce = NONCE.exec(csp)![1];
    expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(NONCE.exec(b.headers.get('content-security-policy')!)![1]).not.toBe(nonce);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe(`script-src 'nonce-${nonce}'`);
    expect(directive('style-src')).toBe(`style-src 'nonce-${nonce}'`);
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");

    // Every script and style carries this answer's nonce; nothing is loaded from anywhere (no src, no href but the
    // empty icon that keeps the browser from asking for /favicon.ico).
    const tags = a.text.match(/<(script|style)\b[^>]*>/g)!;
    expect(tags).toHaveLength(2);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    expect(a.text).not.toMatch(/\ssrc=/);
    expect(a.text.match(/\shref="[^"]*"/g)).toEqual([' href="data:,"']);
    expect(a.text).not.toMatch(/\sstyle=/);
    expect(a.text).not.toMatch(/\son[a-z]+=/);

    expect(a.text).toContain('<html lang="en">');
    expect(a.text).toContain(`<title>${title}</title>`);
    expect(a.text.match(/<h1>/g)).toHaveLength(1);
    expect(a.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(a.text).toMatch(/<noscript><p>This step needs JavaScript[^<]*<\/p><\/noscript>/);
    // The script posts to the public JSON route of the same origin, with no cookie.
    expect(a.text).toContain(JSON.stringify(api));
    expect(a.text).toContain("credentials: 'omit'");
  });

  it('answers HEAD with the same headers and no body, and a query string changes nothing', async () => {
    const head = await t.asGuest().request('HEAD', path);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/html/);
    expect(head.headers.get('content-security-policy')).toMatch(NONCE);
    expect(head.text).toBe('');
    const withQuery = await t.asGuest().get(`${path}?utm_source=email`);
    expect(withQuery.status).toBe(200);
  });
});

describe('the pages in German', () => {
  it.each<{ how: string; path: string; headers: Record<string, string> }>([
    { how: '?lang=de', path: '/store/reset-password?lang=de', headers: {} },
    {
      how: 'Accept-Language',
      path: '/store/reset-password',
      headers: { 'accept-language': 'fr;q=0.4, de-AT, en;q=0.8' },
    },
  ])('answers the reset page in German by $how', async ({ path, headers }) => {
    const res = await t.asGuest().get(path, headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe('de');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/i);
    expect(res.text).toContain('<html lang="de">');
    expect(res.text).toContain('<title>Neues Passwort festlegen</title>');
    expect(res.text).toContain('<label for="new-password">Neues Passwort</label>');
    expect(res.text).toContain('Dieser Schritt braucht JavaScript');
    // The script's sentences too, and none of them can end the script element.
    expect(res.text).toContain('Ihr neues Passwort wird gespeichert…');
    expect(res.text).not.toContain('Setting your new password');
  });

  it('answers the verify page in German, ?lang= before Accept-Language, English otherwise', async () => {
    const de = await t.asGuest().get('/store/verify-email?lang=de', { 'accept-language': 'en' });
    expect(de.text).toContain('<h1>E-Mail-Adresse bestätigen</h1>');
    expect(de.text).toContain('Danke: Ihre E-Mail-Adresse ist bestätigt.');
    const en = await t.asGuest().get('/store/verify-email?lang=xx', { 'accept-language': 'fr, ja;q=0.5' });
    expect(en.text).toContain('<html lang="en">');
    expect(en.text).toContain('<h1>Confirm your email</h1>');
    expect((await t.asGuest().get('/store/nothing-here', { 'accept-language': 'de' })).text).toContain(
      'Seite nicht gefunden',
    );
  });
});

describe('the rest of /store', () => {
  it.each(['/store', '/store/', '/store/reset-passwords', '/store/verify-email/extra', '/store/%41'])(
    'GET %s is an HTML 404 under the same policy, not the API’s JSON',
    async (path) => {
      const res = await t.asGuest().get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toMatch(NONCE);
      expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline');
      expect(res.text).toContain('<h1>Page not found</h1>');
      expect(res.text).not.toContain('<script');
    },
  );

  it('answers a POST to a page with the HTML 404 too (the pages post to the API, never to themselves)', async () => {
    const res = await t.asGuest().post('/store/reset-password', { token: 'x', password: 'y' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('leaves the API’s JSON 404 where it was', async () => {
    const res = await t.asGuest().get('/storefront/anything');
    expect(res.status).toBe(404);
    expect(res.body.errors[0].code).toBe('not_found');
    const api = await t.asGuest().get('/api/v1/store/no-such-thing');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
