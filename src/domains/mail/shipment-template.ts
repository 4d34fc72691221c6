import { frame, type TemplateSet } from './template-set';

/** The shipment email (contract §11): what shipped, with which carrier, and the tracking link. */
export const shipmentEn: TemplateSet = {
  subject: '{{shop_name}}: order {{order_number}} is on its way',
  html: frame(
    'Order {{order_number}} shipped',
    `<tr><td style="padding:8px 24px"><p style="margin:0 0 8px">Good news: these items of order <strong>{{order_number}}</strong> have shipped{{#carrier}} with {{carrier}}{{/carrier}}.</p></td></tr>
<tr><td style="padding:8px 24px">
<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-collapse:collapse;font-size:14px">
<tr style="border-bottom:1px solid #e4e4e7"><th align="left">Item</th><th align="right">Qty</th></tr>
{{#items}}<tr style="border-bottom:1px solid #f4f4f5"><td>{{name}}{{#variant_name}}<br><span style="color:#52525b">{{variant_name}}</span>{{/variant_name}}</td><td align="right">{{quantity}}</td></tr>
{{/items}}</table></td></tr>
{{#tracking_number}}<tr><td style="padding:8px 24px"><p style="margin:0">Tracking number: <strong>{{tracking_number}}</strong></p></td></tr>
{{/tracking_number}}{{#tracking_url}}<tr><td style="padding:8px 24px 24px"><a href="{{tracking_url}}" style="display:inline-block;background:#18181b;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:4px">Track your parcel</a>
<p style="margin:12px 0 0;font-size:12px;color:#52525b">Or open {{tracking_url}}</p></td></tr>
{{/tracking_url}}`,
  ),
  text: `{{shop_name}}

Good news: these items of order {{order_number}} have shipped{{#carrier}} with {{carrier}}{{/carrier}}.

{{#items}}- {{quantity}} × {{name}}{{#variant_name}} ({{variant_name}}){{/variant_name}}
{{/items}}{{#tracking_number}}
Tracking number: {{tracking_number}}
{{/tracking_number}}{{#tracking_url}}Track your parcel: {{tracking_url}}
{{/tracking_url}}`,
};
