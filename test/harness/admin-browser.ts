import { join } from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { PASSWORD } from '../fixtures/accounts';
import { useChromium } from './chromium';

/**
 * What every admin browser test needs: a browser session that records where its requests went, CSP violations
 * and axe-core findings; signing in by the login form's labels; and the checks every session ends with (nothing
 * left the machine, no CSP violation, no serious or critical axe finding, nothing in web storage, no token
 * readable by script). Each admin area has its own test file; they all use this.
 */

/** The page's globals as the browser-side callbacks below use them (this project compiles without DOM types). */
export type Page$ = {
  __csp: string[];
  localStorage: { length: number };
  sessionStorage: { length: number };
  document: {
    cookie: string;
    activeElement: unknown;
    querySelector(selector: string): unknown;
    addEventListener(type: string, listener: (e: { violatedDirective: string; blockedURI: string }) => void): void;
  };
  fetch: typeof fetch;
};

/** What a browser session saw: requests (every one must stay on the server), CSP violations, axe findings. */
export interface Session {
  context: BrowserContext;
  page: Page;
  requests: string[];
  cspViolations: string[];
  axe: string[];
}

/** `SVC_TEST_ADMIN_SCREENSHOTS=<folder>`: every audited screen is also saved there (the README's pictures). */
const SCREENSHOTS = process.env.SVC_TEST_ADMIN_SCREENSHOTS;

export const nav = (page: Page) => page.getByRole('navigation', { name: 'Primary' });
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/**
 * Runs a GraphQL mutation from the page as the signed-in session would (its cookies, the CSRF token echoed), so
 * a test can show the server refuses what the screen hides; returns the first error's code, if any.
 */
export async function mutationErrorCode(
  page: Page,
  query: string,
  variables: Record<string, unknown>,
): Promise<string | undefined> {
  return page.evaluate(
    async ({ query, variables }) => {
      const w = globalThis as unknown as Page$;
      const csrf = w.document.cookie.match(/csrf_token=([^;]*)/)?.[1] ?? '';
      const res = await w.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as { errors?: Array<{ extensions: { code: string } }> };
      return body.errors?.[0]?.extensions.code;
    },
    { query, variables },
  );
}

/** axe-core on the screen as it is now: serious and critical violations are recorded with the screen's name. */
export async function audit(s: Session, screen: string) {
  if (SCREENSHOTS) {
    const name = screen.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    await s.page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  }
  const result = await new AxeBuilder({ page: s.page }).analyze();
  for (const v of result.violations)
    if (v.impact === 'serious' || v.impact === 'critical')
      s.axe.push(`${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const { ensureAdminBuilt } = require('../../scripts/admin-build.js') as {
  ensureAdminBuilt(dir: string, say: (line: string) => void): 'current' | 'built' | 'skipped' | 'failed';
};

/**
 * Builds the dashboard when `admin/dist` is missing or older than its sources, as `svc serve` would (CI builds it in
 * a step before, so this is a no-op there); a build that fails or cannot run fails the suite.
 */
export function requireAdminBuild(): void {
  const build = ensureAdminBuilt(join(__dirname, '..', '..', 'admin'), (line) => console.warn(line));
  if (build === 'failed' || build === 'skipped') throw new Error(`the admin dashboard could not be built (${build})`);
}

/** Sessions against one server (`url()` is read late: the server starts in beforeAll). */
export function adminBrowser(url: () => string, browser: () => Browser | undefined) {
  async function openSession(): Promise<Session> {
    const context = await browser()!.newContext();
    const requests: string[] = [];
    context.on('request', (r) => requests.push(r.url()));
    await context.addInitScript(() => {
      const w = globalThis as unknown as Page$;
      w.__csp = [];
      w.document.addEventListener('securitypolicyviolation', (e) =>
        w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on('console', (m) => /Content Security Policy/i.test(m.text()) && cspViolations.push(m.text()));
    return { context, page, requests, cspViolations, axe: [] };
  }

  /** Ends a session: no request left the machine, no CSP violation, no serious axe finding, no token in storage. */
  async function closeSession(s: Session) {
    const inPage = await s.page.evaluate(() => {
      const w = globalThis as unknown as Page$;
      return { csp: w.__csp, storage: [w.localStorage.length, w.sessionStorage.length], cookies: w.document.cookie };
    });
    await s.context.close();
    const origin = new URL(url()).origin;
    expect(s.requests.filter((u) => !u.startsWith(`${origin}/`) && !u.startsWith('data:'))).toEqual([]);
    expect([...s.cspViolations, ...inPage.csp]).toEqual([]);
    expect(s.axe).toEqual([]);
    expect(inPage.storage).toEqual([0, 0]);
    expect(inPage.cookies).not.toMatch(/svc_(access|refresh)_token/);
  }

  async function signIn(s: Session, email: string, path = '/admin', password = PASSWORD) {
    await s.page.goto(`${url()}${path}`);
    await heading(s.page, 'Sign in').waitFor();
    await audit(s, 'Sign in');
    await s.page.getByLabel('Email').fill(email);
    await s.page.getByLabel('Password').fill(password);
    await s.page.getByRole('button', { name: 'Sign in' }).click();
  }

  return { openSession, closeSession, signIn };
}

/**
 * The frame every admin browser test file shares: {@link useChromium}'s, with the dashboard built first when stale
 * (as `svc serve` would; CI builds it in a step before, so this is a no-op there). Returns `haveChromium` and the
 * session helpers of {@link adminBrowser} for the started server.
 */
export function useAdminBrowser(
  purpose: string,
  start: () => Promise<{ url: string; close(): Promise<unknown> }>,
  timeout = 180_000,
) {
  const frame = useChromium(
    purpose,
    async () => {
      requireAdminBuild();
      return start();
    },
    timeout,
  );
  return {
    haveChromium: frame.haveChromium,
    ...adminBrowser(() => frame.server().url, frame.browser),
  };
}
