import { refundEn, returnReceivedEn } from './after-sales-templates';
import { shipmentEn } from './shipment-template';
import { accountEmail, frame, type TemplateSet } from './template-set';
import { GERMAN_TEMPLATES } from './templates-de';

/**
 * The built-in templates, by kind and locale (`<kind>.<locale>`); `mail.templates_dir` overrides any of them.
 * A locale without its own falls back to its language, then to English (built in: English and German). HTML parts use inline styles and a
 * 600 px table: what mail clients render.
 */
export type { TemplateSet };

const orderConfirmationEn: TemplateSet = {
  subject: '{{shop_name}}: order {{order_number}} confirmed',
  html: frame(
    'Order {{order_number}}',
    `<tr><td style="padding:8px 24px"><p style="margin:0 0 8px">Thank you for your order. We have received order <strong>{{order_number}}</strong>.</p></td></tr>
<tr><td style="padding:8px 24px">
<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-collapse:collapse;font-size:14px">
<tr style="border-bottom:1px solid #e4e4e7"><th align="left">Item</th><th align="right">Qty</th><th align="right">Price</th><th align="right">Total</th></tr>
{{#items}}<tr style="border-bottom:1px solid #f4f4f5"><td>{{name}}{{#variant_name}}<br><span style="color:#52525b">{{variant_name}}</span>{{/variant_name}}</td><td align="right">{{quantity}}</td><td align="right">{{unit_price}}</td><td align="right">{{line_total}}</td></tr>
{{/items}}<tr><td colspan="3" align="right">Subtotal</td><td align="right">{{subtotal}}</td></tr>
<tr><td colspan="3" align="right">Shipping</td><td align="right">{{shipping}}</td></tr>
{{#discount}}<tr><td colspan="3" align="right">Discount</td><td align="right">−{{discount}}</td></tr>
{{/discount}}<tr><td colspan="3" align="right"><strong>Total</strong></td><td align="right"><strong>{{total}}</strong></td></tr>
<tr><td colspan="4" align="right" style="color:#52525b">Including tax {{tax}}</td></tr>
</table></td></tr>
{{#shipping_address}}<tr><td style="padding:8px 24px 24px"><h2 style="font-size:16px;margin:8px 0">Shipping to</h2><p style="margin:0">{{#lines}}{{line}}<br>{{/lines}}</p></td></tr>
{{/shipping_address}}`,
  ),
  text: `{{shop_name}}

Thank you for your order. We have received order {{order_number}}.

{{#items}}- {{quantity}} × {{name}}{{#variant_name}} ({{variant_name}}){{/variant_name}}: {{line_total}}
{{/items}}
Subtotal: {{subtotal}}
Shipping: {{shipping}}
{{#discount}}Discount: −{{discount}}
{{/discount}}Total: {{total}} (including tax {{tax}})
{{#shipping_address}}
Shipping to:
{{#lines}}{{line}}
{{/lines}}{{/shipping_address}}`,
};

const passwordResetEn: TemplateSet = {
  subject: '{{shop_name}}: reset your password',
  ...accountEmail(
    'Reset your password',
    'Someone asked to reset the password of the account <strong>{{email}}</strong>. If it was you, choose a new password:',
    'Choose a new password',
    'The link works once, for {{ttl_minutes}} minutes. If you did not ask for it, ignore this email: your password stays as it is.',
  ),
};

const emailVerificationEn: TemplateSet = {
  subject: '{{shop_name}}: confirm your email address',
  ...accountEmail(
    'Confirm your email address',
    'Please confirm that <strong>{{email}}</strong> is your email address.',
    'Confirm my email address',
    'The link works once, for {{ttl_hours}} hours. If you did not create an account, ignore this email.',
  ),
};

const staffInviteEn: TemplateSet = {
  subject: "{{shop_name}}: you are invited to the shop's admin",
  ...accountEmail(
    'Your invitation',
    'You are invited to manage {{shop_name}} as <strong>{{role}}</strong>. Set your password to create your staff account ({{email}}):',
    'Accept the invitation',
    'The link works once, for {{ttl_days}} days. If you did not expect this invitation, ignore this email.',
  ),
};

export const BUILTIN_TEMPLATES: Readonly<Record<string, TemplateSet>> = {
  'order_confirmation.en': orderConfirmationEn,
  'shipment.en': shipmentEn,
  'return_received.en': returnReceivedEn,
  'refund.en': refundEn,
  'password_reset.en': passwordResetEn,
  'email_verification.en': emailVerificationEn,
  'staff_invite.en': staffInviteEn,
  ...GERMAN_TEMPLATES,
};
