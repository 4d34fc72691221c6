import { renderEmail } from './templates';

describe('the account emails', () => {
  it.each(['password_reset', 'email_verification', 'staff_invite'])(
    '%s: escapes every value in HTML, carries the link in both parts, and has a one-line subject',
    (kind) => {
      const link = 'https://shop.example.com/store/reset-password#token=abc_DEF-123';
      const email = renderEmail(kind, 'de-AT', '', {
        shop_name: 'Tea & <Co>',
        locale: 'de-AT',
        email: '"><img src=x onerror=alert(1)>@example.com',
        link,
        role: 'manager',
        ttl_minutes: 60,
        ttl_hours: 72,
        ttl_days: 7,
      });
      expect(email.subject).toMatch(/^Tea & <Co>: /);
      expect(email.subject).not.toContain('\n');
      expect(email.html).toContain('Tea &amp; &lt;Co&gt;');
      expect(email.html).not.toContain('<img');
      expect(email.html).toContain(`href="${link}"`);
      expect(email.text).toContain(link);
      expect(email.text).not.toContain('<strong>');
    },
  );
});
