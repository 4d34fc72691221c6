import type { TemplateSet } from './template-set';

/** The frame of the after-sales emails: the shop's name, one message, and what it concerns. */
function frame(title: string, body: string): string {
  return `<!doctype html>
<html lang="{{locale}}"><head><meta charset="utf-8"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px">
<tr><td style="padding:24px 24px 8px"><h1 style="margin:0;font-size:20px">{{shop_name}}</h1></td></tr>
${body}
</table></td></tr></table>
</body></html>
`;
}

/** The return received email: what came back of an order. */
export const returnReceivedEn: TemplateSet = {
  subject: '{{shop_name}}: we received your return for order {{order_number}}',
  html: frame(
    'Return received',
    `<tr><td style="padding:8px 24px"><p style="margin:0 0 8px">We have received the items you sent back from order <strong>{{order_number}}</strong>. We will let you know when your refund is on its way.</p></td></tr>
<tr><td style="padding:8px 24px 24px">
<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-collapse:collapse;font-size:14px">
<tr style="border-bottom:1px solid #e4e4e7"><th align="left">Item</th><th align="right">Qty</th></tr>
{{#items}}<tr style="border-bottom:1px solid #f4f4f5"><td>{{name}}{{#variant_name}}<br><span style="color:#52525b">{{variant_name}}</span>{{/variant_name}}</td><td align="right">{{quantity}}</td></tr>
{{/items}}</table></td></tr>`,
  ),
  text: `{{shop_name}}

We have received the items you sent back from order {{order_number}}. We will let you know when your refund is on its way.

{{#items}}- {{quantity}} × {{name}}{{#variant_name}} ({{variant_name}}){{/variant_name}}
{{/items}}`,
};

/** The refund email: how much was given back for an order, and why. */
export const refundEn: TemplateSet = {
  subject: '{{shop_name}}: refund of {{amount}} for order {{order_number}}',
  html: frame(
    'Refund',
    `<tr><td style="padding:8px 24px 24px"><p style="margin:0 0 8px">We have refunded <strong>{{amount}}</strong> for order <strong>{{order_number}}</strong>{{#reason}} ({{reason}}){{/reason}}.</p>
<p style="margin:0;color:#52525b">It goes back the way you paid; your bank may take a few days to show it.</p></td></tr>`,
  ),
  text: `{{shop_name}}

We have refunded {{amount}} for order {{order_number}}{{#reason}} ({{reason}}){{/reason}}.
It goes back the way you paid; your bank may take a few days to show it.
`,
};
