import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';

import { createCustomer, PASSWORD, uniqueEmail } from '../fixtures/accounts';
import { captureLog } from '../harness/capture-log';
import { useChromium } from '../harness/chromium';
import { startTestServer, type TestServer } from '../harness/server';
import { eventually } from '../harness/webhook-receiver';

/**
 * The store's own reset-password and verify-email pages (issue 49, contract §11) in Chromium, against a shop that
 * keeps its emails (no `mail.smtp_url`): the link is read from the email row, as the customer would click it.
 * The reset link sets a new password (signing in with it over the API works, the old one does not); the token
 * leaves the address bar at once and is in no request the browser makes but the API call's body; used again it
 * shows the API's sentence; without a token the page says so; a weak password shows the rule it broke. The verify
 * link marks the account verified. A stale session cookie does not get in the way (the pages post without
 * cookies, so CSRF has nothing to check). No CSP violation, nothing off the machine, axe-core without serious or
 * critical findings, usable at 320 px with a visible focus, a `<noscript>` sentence without JavaScript, and no
 * token in any log line of the server (captured at trace level).
 */

let t: TestServer;
const logged = captureLog('trace');
const frame = useChromium("the store account pages' browser tests", async () => {
  t = await startTestServer({}, { log: logged.log });
  return t;
});

const STORE = '/api/v1/store/auth';
const NEW_PASSWORD = 'a brand new passphrase 42';

/**
 * The link in the text part of the newest email of `kind` to `email`, pointed at this test's server. A reset request
 * writes its email just after answering (the same 202 time for every address), so it is waited for.
 */
async function linkFromEmail(email: string, kind: string): Promise<{ url: string; token: string; path: string }> {
  const where = { recipient: email, kind };
  await eventually(async () => (await t.db.email.count({ where })) > 0, 20_000);
  const row = await t.db.email.findFirstOrThrow({ where, orderBy: { createdAt: 'desc' } });
  const link = /(https?:\/\/\S+#token=[A-Za-z0-9_-]+)/.exec(row.text)?.[1];
  if (!link) throw new Error(`no link in the ${kind} email`);
  const parsed = new URL(link);
  return {
    url: `${t.url}${parsed.pathname}${parsed.hash}`,
    token: parsed.hash.replace(/^#token=/, ''),
    path: parsed.pathname,
  };
}

interface Watched {
  page: Page;
  problems: string[];
  offsite: string[];
  /** Every request the page made: its URL, its Referer, its body. */
  requests: Array<{ url: string; referer?: string; body: string | null }>;
}

async function openWatched(context: BrowserContext): Promise<Watched> {
  const page = await context.newPage();
  const w: Watched = { page, problems: [], offsite: [], requests: [] };
  page.on('console', (m) => m.type() === 'error' && w.problems.push(m.text()));
  page.on('pageerror', (e) => w.problems.push(String(e)));
  page.on('request', (r) => {
    if (!r.url().startsWith('http://127.0.0.1:')) w.offsite.push(r.url());
    w.requests.push({ url: r.url(), referer: r.headers().referer, body: r.postData() });
  });
  // Browser-side code as a string: this file is type-checked without the DOM library.
  await page.addInitScript({
    content: `window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective));`,
  });
  return w;
}

async function expectClean(w: Watched): Promise<void> {
  expect(await w.page.evaluate('window.__violations')).toEqual([]);
  expect(w.problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
  expect(w.offsite).toEqual([]);
}

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact})`);
}

const message = (page: Page) => page.locator('#message');

/** The page's global object as the browser-side predicates see it (this file has no DOM types). */
type PageGlobal = {
  location: { hash: string };
  document: { getElementById(id: string): { textContent: string } };
};

/**
 * Waits for the page's message to match. A function, not a string: the pages' CSP has no 'unsafe-eval', which a
 * string predicate would need.
 */
const waitForMessage = (page: Page, pattern: RegExp) =>
  page.waitForFunction(
    (source) =>
      new RegExp(source).test((globalThis as unknown as PageGlobal).document.getElementById('message').textContent),
    pattern.source,
  );

const run = frame.haveChromium ? it : it.skip;

describe('the store reset-password page', () => {
  run(
    'sets a new password from the emailed link; the link then says it is used; the token stays out of URLs and logs',
    async () => {
      const email = uniqueEmail('page-reset');
      await createCustomer(t, { email });
      expect((await t.asGuest().post(`${STORE}/password-reset`, { email })).status).toBe(202);
      const { url, token, path } = await linkFromEmail(email, 'password_reset');
      expect(path).toBe('/store/reset-password');

      const context = await frame.browser()!.newContext();
      // A stale session cookie of this origin: the page's call must work regardless (it sends no cookies).
      await context.addCookies([{ name: 'svc_access_token', value: 'stale.session.token', url: t.url }]);
      const w = await openWatched(context);
      await w.page.goto(url);
      // Out of the address bar at once (history, bookmarks, a shared screen).
      await w.page.waitForFunction(() => (globalThis as unknown as PageGlobal).location.hash === '');
      expect(w.page.url()).toBe(`${t.url}/store/reset-password`);
      expect(await w.page.title()).toBe('Set a new password');
      expect(await w.page.getByRole('heading', { level: 1 }).textContent()).toBe('Set a new password');
      expect(await axe(w.page)).toEqual([]);

      // A common password: the rule it broke, on the field; the token is still good.
      await w.page.getByLabel('New password').fill('password1');
      await w.page.getByRole('button', { name: 'Set password' }).click();
      await waitForMessage(w.page, /most common/);
      expect(await w.page.getByLabel('New password').getAttribute('aria-invalid')).toBe('true');
      await w.page.getByLabel('New password').fill('short');
      await w.page.getByRole('button', { name: 'Set password' }).click();
      await waitForMessage(w.page, /at least 8/);

      await w.page.getByLabel('New password').fill(NEW_PASSWORD);
      await w.page.getByRole('button', { name: 'Set password' }).click();
      await waitForMessage(w.page, /password has been changed/);
      expect(await w.page.getByRole('status').textContent()).toMatch(/^[A-Z].*password has been changed.*\.$/);
      expect(await w.page.getByLabel('New password').isVisible()).toBe(false);
      expect(await axe(w.page)).toEqual([]);
      await expectClean(w);

      // Signed in over the API with the new password; the old one no longer works.
      expect((await t.asGuest().post(`${STORE}/login`, { email, password: NEW_PASSWORD })).status).toBe(200);
      expect((await t.asGuest().post(`${STORE}/login`, { email, password: PASSWORD })).status).toBe(401);

      // The token travelled only in the API call's body: never in a URL, never as a Referer (no Referer at all).
      const api = w.requests.filter((r) => r.url.endsWith(`${STORE}/password-reset/confirm`));
      expect(api).toHaveLength(3);
      for (const r of w.requests) {
        expect(r.url).not.toContain(token);
        expect(r.referer ?? '').toBe('');
      }
      for (const r of api) expect(JSON.parse(r.body!).token).toBe(token);

      // The same link again: the page cannot know before it asks; asking shows the API's sentence, and no form.
      const again = await openWatched(context);
      await again.page.goto(url);
      await again.page.getByLabel('New password').fill('another fine passphrase');
      await again.page.getByRole('button', { name: 'Set password' }).click();
      await waitForMessage(again.page, /already used/);
      expect(await message(again.page).textContent()).toBe(
        'This password reset link is invalid, expired or already used; please ask for a new one.',
      );
      expect(await again.page.getByRole('button', { name: 'Set password' }).isVisible()).toBe(false);
      await expectClean(again);
      await context.close();

      // The server saw the token only in the API's bodies, which it never logs: no log line holds it.
      expect(logged.entries.some((e) => e.path === '/store/reset-password')).toBe(true);
      expect(logged.entries.filter((e) => JSON.stringify(e).includes(token))).toEqual([]);
    },
    60_000,
  );

  run('says in one sentence that the link is incomplete when it has no token', async () => {
    const context = await frame.browser()!.newContext();
    const w = await openWatched(context);
    for (const url of [`${t.url}/store/reset-password`, `${t.url}/store/reset-password#token=`]) {
      await w.page.goto(url);
      await waitForMessage(w.page, /./);
      expect(await message(w.page).textContent()).toBe(
        'This page needs the link from your password reset email; open that link again, or ask for a new one.',
      );
      expect(await w.page.getByRole('button', { name: 'Set password' }).isVisible()).toBe(false);
    }
    expect(w.requests.filter((r) => r.url.includes('/api/'))).toEqual([]);
    expect(await axe(w.page)).toEqual([]);
    await expectClean(w);
    await context.close();
  });

  run('fits 320 px with a visible keyboard focus', async () => {
    const context = await frame.browser()!.newContext({ viewport: { width: 320, height: 640 } });
    const w = await openWatched(context);
    await w.page.goto(`${t.url}/store/reset-password#token=${'A'.repeat(43)}`);
    await w.page.getByLabel('New password').waitFor();
    expect(await w.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);
    const box = (await w.page.getByRole('button', { name: 'Set password' }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    await w.page.keyboard.press('Tab');
    expect(await w.page.evaluate('document.activeElement.id')).toBe('new-password');
    const outline = (await w.page.evaluate(
      'getComputedStyle(document.activeElement).outlineStyle + " " + getComputedStyle(document.activeElement).outlineWidth',
    )) as string;
    expect(outline).toBe('solid 3px');
    await w.page.keyboard.press('Tab');
    expect(await w.page.evaluate('document.activeElement.tagName')).toBe('BUTTON');
    expect(await w.page.evaluate('getComputedStyle(document.activeElement).outlineStyle')).toBe('solid');
    await expectClean(w);
    await context.close();
  });

  run('says without JavaScript that this step needs it', async () => {
    const context = await frame.browser()!.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ['/store/reset-password', '/store/verify-email']) {
      await page.goto(`${t.url}${path}#token=abc`);
      // What is rendered (innerText leaves out what is not shown): the sentence, and no form.
      const shown = (await page.evaluate('document.body.innerText')) as string;
      expect(shown).toContain('This step needs JavaScript: please turn it on');
      expect(shown).not.toContain('Set password');
    }
    await context.close();
  });
});

describe('the store verify-email page', () => {
  run(
    'confirms the address at once from the emailed link, and says so; the link again says it is used',
    async () => {
      const email = uniqueEmail('page-verify');
      const created = await t
        .asGuest()
        .post(`${STORE}/register`, { email, password: PASSWORD, first_name: 'Vera', last_name: 'Fied' });
      expect(created.status).toBe(201);
      expect(created.body.data.email_verified).toBe(false);
      const { url, token, path } = await linkFromEmail(email, 'email_verification');
      expect(path).toBe('/store/verify-email');

      const context = await frame.browser()!.newContext();
      const w = await openWatched(context);
      await w.page.goto(url);
      await waitForMessage(w.page, /confirmed/);
      expect(await w.page.getByRole('status').textContent()).toBe('Thank you: your email address is confirmed.');
      expect(w.page.url()).toBe(`${t.url}/store/verify-email`);
      expect(await w.page.title()).toBe('Confirm your email');
      // Offers nothing else: no field, no button, no link.
      expect(await w.page.locator('input, button, a').count()).toBe(0);
      expect(await axe(w.page)).toEqual([]);
      await expectClean(w);
      const customer = await t.db.customer.findUniqueOrThrow({ where: { email } });
      expect(customer.emailVerifiedAt).not.toBeNull();
      const account = await t.asCustomer(customer.id).get('/api/v1/store/account');
      expect(account.body.data.email_verified).toBe(true);

      const again = await openWatched(context);
      await again.page.goto(url);
      await waitForMessage(again.page, /already used/);
      expect(await message(again.page).textContent()).toBe(
        'This email verification link is invalid, expired or already used; please ask for a new one.',
      );
      await expectClean(again);

      const none = await openWatched(context);
      await none.page.goto(`${t.url}/store/verify-email`);
      await waitForMessage(none.page, /./);
      expect(await message(none.page).textContent()).toBe(
        'This page needs the link from your verification email; open that link again, or ask for a new one.',
      );
      expect(await axe(none.page)).toEqual([]);
      await context.close();

      for (const r of [...w.requests, ...again.requests]) {
        expect(r.url).not.toContain(token);
        expect(r.referer ?? '').toBe('');
      }
      expect(logged.entries.some((e) => e.path === '/store/verify-email')).toBe(true);
      expect(logged.entries.filter((e) => JSON.stringify(e).includes(token))).toEqual([]);
    },
    60_000,
  );
});
