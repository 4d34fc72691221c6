import { existsSync } from 'node:fs';

import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`SVC_TEST_CHROMIUM` to point elsewhere), the browser of the HTML pages' tests. */
const CHROMIUM = process.env.SVC_TEST_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Whether the browser tests of `what` can run: without Chromium they skip with a visible message, unless
 * `SVC_TEST_REQUIRE_CHROMIUM` is set (CI), where a missing browser fails the file instead.
 */
export function chromiumAvailable(what: string): boolean {
  const found = existsSync(CHROMIUM);
  if (!found && process.env.SVC_TEST_REQUIRE_CHROMIUM)
    throw new Error(`${CHROMIUM} not found and SVC_TEST_REQUIRE_CHROMIUM is set`);
  if (!found) console.warn(`[svc tests] ${CHROMIUM} not found: ${what} skipped`);
  return found;
}

/** Headless Chromium with no background traffic (the tests assert that no request leaves the machine). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * The frame of a browser test file: before its tests `start` runs (the file's server and its data; what it returns
 * is closed after them) and Chromium is launched when the machine has it (`purpose` names the tests in the message
 * when it does not). Returns `haveChromium` and the launched browser and started server, read inside tests.
 */
export function useChromium<S extends { close(): Promise<unknown> }>(
  purpose: string,
  start: () => Promise<S>,
  timeout?: number,
) {
  const haveChromium = chromiumAvailable(purpose);
  let server: S | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await start();
    if (haveChromium) browser = await launchChromium();
  }, timeout);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return { haveChromium, browser: () => browser, server: () => server! };
}
