import { frame, type TemplateSet } from './template-set';

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
{{/items}}</table></td></tr>
`,
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
<p style="margin:0;color:#52525b">It goes back the way you paid; your bank may take a few days to show it.</p></td></tr>
`,
  ),
  text: `{{shop_name}}

We have refunded {{amount}} for order {{order_number}}{{#reason}} ({{reason}}){{/reason}}.
It goes back the way you paid; your bank may take a few days to show it.
`,
};
