/**
 * Email previews (issue 49): every kind rendered with sample data through the real templates, so staff see what
 * customers will get before any order exists, and an operator sees a `mail.templates_dir` override at once.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { useShop } from '../fixtures/use-shop';
import { scratchDir } from '../harness/scratch-dir';

const templates = scratchDir('mail-previews');
const { t } = useShop({ config: { 'mail.shop_name': 'Tea & Co', 'mail.templates_dir': templates }, shop: false });
const KINDS = [
  'email_verification',
  'order_confirmation',
  'password_reset',
  'refund',
  'return_received',
  'shipment',
  'staff_invite',
];

describe('email previews', () => {
  it('renders every kind with sample data over REST, escaped, with nothing left unfilled', async () => {
    const res = await t.asAdmin().get('/api/v1/admin/email-previews');
    expect(res.status).toBe(200);
    const previews = res.body.data as Array<{
      kind: string;
      locale: string;
      subject: string;
      html: string;
      text: string;
    }>;
    expect(previews.map((p) => p.kind)).toEqual(expect.arrayContaining(KINDS));
    for (const p of previews) {
      expect(p.locale).toBe('en');
      expect(p.subject).toContain('Tea & Co');
      // The shop's name is a value like any other: escaped in the HTML part.
      expect(p.html).toContain('Tea &amp; Co');
      expect(`${p.subject}${p.html}${p.text}`).not.toMatch(/\{\{|\}\}/);
    }
    const order = previews.find((p) => p.kind === 'order_confirmation')!;
    expect(order.text).toContain('2 × Classic T-shirt (Navy / XL)');
    expect(order.text).toMatch(/Total: €54\.38/);
    const shipment = previews.find((p) => p.kind === 'shipment')!;
    expect(shipment.html).toContain('href="https://www.dhl.com/en/express/tracking.html?AWB=JD014600006543210"');
  });

  it('answers in a locale over GraphQL (de-AT: the German templates; money in its format)', async () => {
    const res = await t.asAdmin().gql('query { emailPreviews(locale: "de-AT") { kind locale subject text } }');
    expect(res.body.errors).toBeUndefined();
    const order = res.body.data.emailPreviews.find((p: { kind: string }) => p.kind === 'order_confirmation');
    expect(order.locale).toBe('de-AT');
    expect(order.subject).toBe('Tea & Co: Bestellung SO-7F3K2Q bestätigt');
    expect(order.text).toContain('Vielen Dank für Ihre Bestellung');
    expect(order.text).toMatch(/€\s54,38/);
    // Every kind has its German template.
    for (const preview of res.body.data.emailPreviews) expect(preview.text).not.toMatch(/Thank you|If it was you/);
  });

  it('falls back to English for a locale without templates, money still in its format', async () => {
    const res = await t.asAdmin().get('/api/v1/admin/email-previews?locale=fr-CA');
    const order = res.body.data.find((p: { kind: string }) => p.kind === 'order_confirmation');
    expect(order.locale).toBe('fr-CA');
    expect(order.text).toContain('Thank you for your order');
    expect(order.text).toMatch(/54,38\s€/);
  });

  it('shows an override from mail.templates_dir at once', async () => {
    const file = join(templates, 'shipment.en.subject');
    writeFileSync(file, 'Parcel for {{order_number}}\n');
    try {
      const previews = (await t.asAdmin().get('/api/v1/admin/email-previews')).body.data as Array<{
        kind: string;
        subject: string;
      }>;
      expect(previews.find((p) => p.kind === 'shipment')!.subject).toBe('Parcel for SO-7F3K2Q');
    } finally {
      rmSync(file);
    }
  });

  it('refuses a locale that is not one (it names template files) and readers without orders.read', async () => {
    for (const locale of ['../../etc/passwd', 'en/../../x', 'x'.repeat(40)]) {
      const res = await t.asAdmin().get(`/api/v1/admin/email-previews?locale=${encodeURIComponent(locale)}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errors: [{ code: 'validation_error', field: 'locale' }] });
    }
    expect((await t.asGuest().get('/api/v1/admin/email-previews')).status).toBe(401);
    expect((await t.asCustomer().get('/api/v1/admin/email-previews')).status).toBe(403);
  });
});
