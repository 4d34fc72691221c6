import type { PluginConfigOf } from '../../src/plugin-api';

/** Order statuses a capture can wait for (`capture_on`): any status an order reaches after payment. */
export const CAPTURE_STATUSES = ['confirmed', 'processing', 'shipped', 'delivered'] as const;

/** `plugins.payprov.*` (env `SVC_PLUGINS_PAYPROV_*`). The spec's five keys, contract §9's `api_base`, and tuning. */
export const configSchema = {
  secret_key: { type: 'string', required: true, secret: true, doc: "The provider's secret API key (`sk_…`)." },
  publishable_key: {
    type: 'string',
    required: true,
    doc: 'The publishable key (`pk_…`) handed to browsers with each payment intent.',
  },
  webhook_secret: {
    type: 'string',
    required: true,
    secret: true,
    doc: 'The signing secret (`whsec_…`) of the webhook endpoint `POST /plugins/payprov/webhook`.',
  },
  currency: { type: 'string', default: 'EUR', doc: 'ISO 4217 currency of payment links.' },
  capture_on: {
    type: 'string',
    default: 'confirmed',
    choices: CAPTURE_STATUSES,
    doc: 'Order status at which an authorized payment is captured; a later one (e.g. `shipped`) defers capture.',
  },
  api_base: {
    type: 'string',
    default: '',
    url: true,
    doc: "The provider API's base URL (a local double, say); empty means the provider's own.",
  },
  js_url: {
    type: 'string',
    default: 'https://js.stripe.com/v3/',
    doc: "The provider's browser script, loaded by the pay page.",
  },
  public_url: {
    type: 'string',
    default: '',
    doc: 'Base URL of `payment_url` in payment links (e.g. `https://shop.example.com`); empty: the request’s own host.',
  },
  timeout_seconds: { type: 'int', default: 15, min: 1, max: 120, doc: 'Time limit of one provider API call.' },
  link_ttl_minutes: { type: 'int', default: 30, min: 1, max: 1440, doc: 'How long a payment link stays payable.' },
  authorization_days: {
    type: 'int',
    default: 7,
    min: 1,
    max: 31,
    doc: 'How long the provider holds an uncaptured authorization; a capture after that fails the payment.',
  },
  reconcile_interval_seconds: {
    type: 'int',
    default: 300,
    min: 1,
    max: 86_400,
    doc: 'How often pending payments, missed reversals and deferred webhook events are settled.',
  },
  reconcile_after_seconds: {
    type: 'int',
    default: 600,
    min: 0,
    max: 604_800,
    doc: 'A pending payment untouched this long is checked against the provider.',
  },
  webhook_retention_days: {
    type: 'int',
    default: 30,
    min: 1,
    max: 3650,
    doc: 'Processed webhook events older than this are deleted by the reconciler (in batches); deferred ones stay.',
  },
} as const;

export type PayprovConfig = PluginConfigOf<typeof configSchema>;
