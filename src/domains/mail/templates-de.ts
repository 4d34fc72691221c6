import { accountEmail, frame, type TemplateSet } from './template-set';

/**
 * The built-in German templates (`<kind>.de`; `de-AT`, `de-CH` fall back to them): the English ones' structure and
 * values, in the formal address a shop uses. Money and dates arrive already formatted for the email's locale.
 */

const ITEMS_HEAD = `<tr style="border-bottom:1px solid #e4e4e7"><th align="left">Artikel</th><th align="right">Menge</th>`;
const ITEM_NAME = `<td>{{name}}{{#variant_name}}<br><span style="color:#52525b">{{variant_name}}</span>{{/variant_name}}</td>`;
const ITEM_TEXT = `{{#items}}- {{quantity}} × {{name}}{{#variant_name}} ({{variant_name}}){{/variant_name}}`;

const orderConfirmation: TemplateSet = {
  subject: '{{shop_name}}: Bestellung {{order_number}} bestätigt',
  html: frame(
    'Bestellung {{order_number}}',
    `<tr><td style="padding:8px 24px"><p style="margin:0 0 8px">Vielen Dank für Ihre Bestellung. Wir haben die Bestellung <strong>{{order_number}}</strong> erhalten.</p></td></tr>
<tr><td style="padding:8px 24px">
<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-collapse:collapse;font-size:14px">
${ITEMS_HEAD}<th align="right">Preis</th><th align="right">Summe</th></tr>
{{#items}}<tr style="border-bottom:1px solid #f4f4f5">${ITEM_NAME}<td align="right">{{quantity}}</td><td align="right">{{unit_price}}</td><td align="right">{{line_total}}</td></tr>
{{/items}}<tr><td colspan="3" align="right">Zwischensumme</td><td align="right">{{subtotal}}</td></tr>
<tr><td colspan="3" align="right">Versand</td><td align="right">{{shipping}}</td></tr>
{{#discount}}<tr><td colspan="3" align="right">Rabatt</td><td align="right">−{{discount}}</td></tr>
{{/discount}}<tr><td colspan="3" align="right"><strong>Gesamt</strong></td><td align="right"><strong>{{total}}</strong></td></tr>
<tr><td colspan="4" align="right" style="color:#52525b">Inklusive MwSt. {{tax}}</td></tr>
</table></td></tr>
{{#shipping_address}}<tr><td style="padding:8px 24px 24px"><h2 style="font-size:16px;margin:8px 0">Lieferadresse</h2><p style="margin:0">{{#lines}}{{line}}<br>{{/lines}}</p></td></tr>
{{/shipping_address}}`,
  ),
  text: `{{shop_name}}

Vielen Dank für Ihre Bestellung. Wir haben die Bestellung {{order_number}} erhalten.

${ITEM_TEXT}: {{line_total}}
{{/items}}
Zwischensumme: {{subtotal}}
Versand: {{shipping}}
{{#discount}}Rabatt: −{{discount}}
{{/discount}}Gesamt: {{total}} (inklusive MwSt. {{tax}})
{{#shipping_address}}
Lieferadresse:
{{#lines}}{{line}}
{{/lines}}{{/shipping_address}}`,
};

const shipment: TemplateSet = {
  subject: '{{shop_name}}: Bestellung {{order_number}} ist unterwegs',
  html: frame(
    'Bestellung {{order_number}} versandt',
    `<tr><td style="padding:8px 24px"><p style="margin:0 0 8px">Gute Nachricht: Diese Artikel der Bestellung <strong>{{order_number}}</strong> sind versandt{{#carrier}} mit {{carrier}}{{/carrier}}.</p></td></tr>
<tr><td style="padding:8px 24px">
<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-collapse:collapse;font-size:14px">
${ITEMS_HEAD}</tr>
{{#items}}<tr style="border-bottom:1px solid #f4f4f5">${ITEM_NAME}<td align="right">{{quantity}}</td></tr>
{{/items}}</table></td></tr>
{{#tracking_number}}<tr><td style="padding:8px 24px"><p style="margin:0">Sendungsnummer: <strong>{{tracking_number}}</strong></p></td></tr>
{{/tracking_number}}{{#tracking_url}}<tr><td style="padding:8px 24px 24px"><a href="{{tracking_url}}" style="display:inline-block;background:#18181b;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:4px">Sendung verfolgen</a>
<p style="margin:12px 0 0;font-size:12px;color:#52525b">Oder öffnen Sie {{tracking_url}}</p></td></tr>
{{/tracking_url}}`,
  ),
  text: `{{shop_name}}

Gute Nachricht: Diese Artikel der Bestellung {{order_number}} sind versandt{{#carrier}} mit {{carrier}}{{/carrier}}.

${ITEM_TEXT}
{{/items}}{{#tracking_number}}
Sendungsnummer: {{tracking_number}}
{{/tracking_number}}{{#tracking_url}}Sendung verfolgen: {{tracking_url}}
{{/tracking_url}}`,
};

const returnReceived: TemplateSet = {
  subject: '{{shop_name}}: Ihre Rücksendung zur Bestellung {{order_number}} ist da',
  html: frame(
    'Rücksendung erhalten',
    `<tr><td style="padding:8px 24px"><p style="margin:0 0 8px">Wir haben die Artikel erhalten, die Sie aus der Bestellung <strong>{{order_number}}</strong> zurückgeschickt haben. Wir melden uns, sobald Ihre Erstattung unterwegs ist.</p></td></tr>
<tr><td style="padding:8px 24px 24px">
<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-collapse:collapse;font-size:14px">
${ITEMS_HEAD}</tr>
{{#items}}<tr style="border-bottom:1px solid #f4f4f5">${ITEM_NAME}<td align="right">{{quantity}}</td></tr>
{{/items}}</table></td></tr>
`,
  ),
  text: `{{shop_name}}

Wir haben die Artikel erhalten, die Sie aus der Bestellung {{order_number}} zurückgeschickt haben. Wir melden uns, sobald Ihre Erstattung unterwegs ist.

${ITEM_TEXT}
{{/items}}`,
};

const refund: TemplateSet = {
  subject: '{{shop_name}}: Erstattung von {{amount}} für Bestellung {{order_number}}',
  html: frame(
    'Erstattung',
    `<tr><td style="padding:8px 24px 24px"><p style="margin:0 0 8px">Wir haben <strong>{{amount}}</strong> für die Bestellung <strong>{{order_number}}</strong> erstattet{{#reason}} ({{reason}}){{/reason}}.</p>
<p style="margin:0;color:#52525b">Der Betrag geht auf dem Weg zurück, auf dem Sie bezahlt haben; Ihre Bank zeigt ihn eventuell erst nach einigen Tagen an.</p></td></tr>
`,
  ),
  text: `{{shop_name}}

Wir haben {{amount}} für die Bestellung {{order_number}} erstattet{{#reason}} ({{reason}}){{/reason}}.
Der Betrag geht auf dem Weg zurück, auf dem Sie bezahlt haben; Ihre Bank zeigt ihn eventuell erst nach einigen Tagen an.
`,
};

const OR_OPEN = 'Oder öffnen Sie diese Adresse:';

const passwordReset: TemplateSet = {
  subject: '{{shop_name}}: Passwort zurücksetzen',
  ...accountEmail(
    'Passwort zurücksetzen',
    'Jemand hat angefragt, das Passwort des Kontos <strong>{{email}}</strong> zurückzusetzen. Wenn Sie das waren, wählen Sie ein neues Passwort:',
    'Neues Passwort wählen',
    'Der Link funktioniert einmal, {{ttl_minutes}} Minuten lang. Wenn Sie das nicht angefragt haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.',
    OR_OPEN,
  ),
};

const emailVerification: TemplateSet = {
  subject: '{{shop_name}}: Bestätigen Sie Ihre E-Mail-Adresse',
  ...accountEmail(
    'E-Mail-Adresse bestätigen',
    'Bitte bestätigen Sie, dass <strong>{{email}}</strong> Ihre E-Mail-Adresse ist.',
    'E-Mail-Adresse bestätigen',
    'Der Link funktioniert einmal, {{ttl_hours}} Stunden lang. Wenn Sie kein Konto angelegt haben, ignorieren Sie diese E-Mail.',
    OR_OPEN,
  ),
};

const staffInvite: TemplateSet = {
  subject: '{{shop_name}}: Einladung in die Shop-Verwaltung',
  ...accountEmail(
    'Ihre Einladung',
    'Sie sind eingeladen, {{shop_name}} als <strong>{{role}}</strong> mitzuverwalten. Legen Sie Ihr Passwort fest, um Ihr Mitarbeiterkonto ({{email}}) anzulegen:',
    'Einladung annehmen',
    'Der Link funktioniert einmal, {{ttl_days}} Tage lang. Wenn Sie keine Einladung erwartet haben, ignorieren Sie diese E-Mail.',
    OR_OPEN,
  ),
};

export const GERMAN_TEMPLATES: Readonly<Record<string, TemplateSet>> = {
  'order_confirmation.de': orderConfirmation,
  'shipment.de': shipment,
  'return_received.de': returnReceived,
  'refund.de': refund,
  'password_reset.de': passwordReset,
  'email_verification.de': emailVerification,
  'staff_invite.de': staffInvite,
};
