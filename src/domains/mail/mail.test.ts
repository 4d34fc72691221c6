import { loadConfig } from '../../platform/config/load';
import { moneyFormatter } from './order-confirmation';
import { messageIdOf } from './sender';
import { renderTemplate } from './template-engine';

describe('the mail template engine', () => {
  it('escapes every value in HTML, never in text, and renders sections over lists and values', () => {
    const data = {
      shop: 'A & <B>',
      items: [
        { name: '<img src=x onerror=alert(1)>', note: null },
        { name: '"q"', note: "it's" },
      ],
      empty: [],
    };
    const template = '{{shop}}|{{#items}}[{{name}}{{#note}}:{{note}}{{/note}}]{{/items}}|{{^empty}}none{{/empty}}';
    expect(renderTemplate(template, data, 'html')).toBe(
      'A &amp; &lt;B&gt;|[&lt;img src=x onerror=alert(1)&gt;][&quot;q&quot;:it&#39;s]|none',
    );
    expect(renderTemplate(template, data, 'text')).toBe(`A & <B>|[<img src=x onerror=alert(1)>]["q":it's]|none`);
  });

  it('refuses a section that is never closed', () => {
    expect(() => renderTemplate('{{#items}}x', { items: [] }, 'text')).toThrow(/never closed/);
  });

  it('formats money in the currency and locale, with the currency’s own decimals', () => {
    expect(moneyFormatter('en', 'EUR')(2990)).toBe('€29.90');
    expect(moneyFormatter('de-DE', 'EUR')(2990)).toBe('29,90\u00a0€');
    expect(moneyFormatter('en', 'JPY')(2990)).toBe('¥2,990');
  });

  it('derives a stable Message-ID from the row id and the sender’s domain', () => {
    expect(messageIdOf('abc', 'Shop <shop@example.com>')).toBe('<abc@example.com>');
    expect(messageIdOf('abc', 'shop@localhost')).toBe('<abc@localhost>');
  });
});

describe('mail.smtp_url', () => {
  it('accepts smtp:// and smtps:// and names the key of anything else, never echoing the URL', () => {
    expect(loadConfig({ env: { SVC_MAIL_SMTP_URL: 'smtps://u:p@mail.example.com:465' } })['mail.smtp_url']).toBe(
      'smtps://u:p@mail.example.com:465',
    );
    for (const bad of ['http://u:secret@x', 'not a url'])
      expect(() => loadConfig({ env: { SVC_MAIL_SMTP_URL: bad } })).toThrow(
        /^mail\.smtp_url: expected smtp:\/\/\[user:pass@\]host:port/,
      );
  });
});
