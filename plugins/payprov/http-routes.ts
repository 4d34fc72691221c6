import { dataEnvelope, type PluginRouteDoc } from '../../src/plugin-api';

/**
 * The raw routes index.ts mounts under /plugins/payprov: the provider's webhook (its signature covers the exact
 * bytes, so the body stays raw), health (any signed-in caller) and the pay page (HTML). The store routes are rows
 * (route-rows.ts).
 */
export const PAYPROV_HTTP_ROUTES: PluginRouteDoc[] = [
  {
    method: 'POST',
    mount: 'plugin',
    path: '/webhook',
    auth: 'signature',
    summary: "The provider's signed webhook receiver",
    description:
      'Every verified event is acknowledged 204 (a duplicate is a no-op; one that cannot apply yet is deferred).',
    headers: { 'Stripe-Signature': { type: 'string', required: true, description: "The provider's signature." } },
    body: {
      type: 'object',
      rawBody: true,
      description: 'A provider event (`id`, `type`, `data.object`: the payment intent or charge).',
      properties: { id: { type: 'string' }, type: { type: 'string' }, data: { type: 'object' } },
      required: ['id', 'type', 'data'],
    },
    responses: { 204: { empty: 'Acknowledged.' } },
    errors: ['invalid_signature'],
  },
  {
    method: 'GET',
    mount: 'plugin',
    path: '/health',
    auth: 'signed_in',
    summary: 'Plugin health and publishable key',
    responses: {
      200: {
        json: dataEnvelope({
          type: 'object',
          properties: {
            status: { type: 'string', const: 'ok' },
            plugin: { type: 'string', const: 'payprov' },
            version: { type: 'string' },
            publishable_key: { type: 'string' },
            checked_at: { type: 'string', format: 'date-time' },
          },
          required: ['status', 'plugin', 'version', 'publishable_key', 'checked_at'],
          additionalProperties: false,
        }),
      },
    },
    errors: [],
  },
  {
    method: 'GET',
    mount: 'plugin',
    path: '/pay/:token',
    auth: 'public',
    summary: 'The hosted pay page (HTML)',
    responses: { 200: { html: 'The payment page.' } },
    errors: ['not_found', 'payment_link_used', 'payment_link_expired'],
  },
];
