/**
 * Every email kind, rendered in Chromium at a mail client's width (issue 49): the previews (sample data through the
 * real templates) fit 600 px without scrolling sideways, have a language and a title, and axe-core finds nothing
 * serious or critical. With `SVC_TEST_EMAIL_SCREENSHOTS=<dir>` each is saved there as `<kind>.png` (the pictures
 * in docs/screenshots/emails come from this test).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import AxeBuilder from '@axe-core/playwright';

import { useChromium } from '../harness/chromium';
import { startTestServer } from '../harness/server';

const { haveChromium, browser, server } = useChromium('the email rendering tests', () =>
  startTestServer({ 'mail.shop_name': 'Tea & Co' }),
);
const maybe = haveChromium ? it : it.skip;
const shots = process.env.SVC_TEST_EMAIL_SCREENSHOTS;
type Doc = { documentElement: { scrollWidth: number; lang: string }; title: string };

maybe(
  'renders each kind within 600 px, with a language, a title and no serious axe finding',
  async () => {
    const previews = (await server().asAdmin().get('/api/v1/admin/email-previews')).body.data as Array<{
      kind: string;
      subject: string;
      html: string;
    }>;
    expect(previews.length).toBeGreaterThanOrEqual(7);
    if (shots) mkdirSync(shots, { recursive: true });
    const context = await browser()!.newContext({ viewport: { width: 600, height: 800 } });
    const page = await context.newPage();
    try {
      for (const preview of previews) {
        // The email is the whole document (it has no script: the templates write none, and values are escaped).
        await page.setContent(preview.html, { waitUntil: 'load' });
        const fit = await page.evaluate(() => {
          // What the callback sees in the browser (this project compiles without DOM types).
          const d = (globalThis as unknown as { document: Doc }).document;
          return { scroll: d.documentElement.scrollWidth, lang: d.documentElement.lang, title: d.title };
        });
        expect({ kind: preview.kind, ...fit }).toMatchObject({ kind: preview.kind, lang: 'en' });
        expect(fit.scroll).toBeLessThanOrEqual(600);
        expect(fit.title.length).toBeGreaterThan(0);
        const axe = await new AxeBuilder({ page }).analyze();
        const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect({ kind: preview.kind, violations: serious.map((v) => v.id) }).toEqual({
          kind: preview.kind,
          violations: [],
        });
        if (shots) await page.screenshot({ path: join(shots, `${preview.kind}.png`), fullPage: true });
      }
    } finally {
      await context.close();
    }
  },
  180_000,
);
