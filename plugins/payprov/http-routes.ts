import { type JsonSchema, type PluginRouteDoc, dataEnvelope } from '../../src/plugin-api';
import { MAX_AMOUNT } from './inputs';

const UUID: JsonSchema = { type: 'string', format: 'uuid' };
const INTENT_ID: JsonSchema = {
  type: 'string',
  pattern: '^pi_[A-Za-z0-9_]{1,200}$',
  description: 'A payment intent id.',
};
const ADDRESS: JsonSchema = {
  type: 'object',
  description: 'first_name, last_name, street, city, zip, country (ISO 3166-1 alpha-2), as at checkout.',
};
const object = (properties: Record<string, JsonSchema>, optional: string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  additionalProperties: false,
});
const GUEST_TOKEN_HEADER = {
  'X-Guest-Token': {
    type: 'string',
    pattern: '^[0-9a-f]{64}$',
    description: "A guest order's token (or the `svc_guest_token` cookie).",
  },
};

/** What a client needs to confirm a payment with the provider's script (intents.ts `intentView`). */
const INTENT = object({
  id: INTENT_ID,
  client_secret: { type: ['string', 'null'], description: "The provider's client secret of the intent." },
  publishable_key: { type: 'string' },
  amount: { type: 'integer', minimum: 1, description: 'Cents.' },
  currency: { type: 'string', description: 'Lower-case ISO 4217.' },
});

const LINK_STATUSES = ['pending', 'claimed', 'completed', 'expired'];

/** The routes index.ts mounts (store routes under /api/v1/store/payprov, the rest under /plugins/payprov). */
export const PAYPROV_HTTP_ROUTES: PluginRouteDoc[] = [
  {
    method: 'POST',
    mount: 'store',
    path: '/payment-intent',
    auth: 'store',
    summary: 'Create a payment intent for a cart (pay first)',
    description:
      "Pre-order (pay first): `amount`, `currency`, `payment_method_id`; the intent id is then the checkout's " +
      "`payment_reference`. Post-order: `order_id`, `payment_method_id` (and a guest order's `guest_token`) pays " +
      'a placed pending order; a retry returns the same intent. Manual capture always.',
    headers: {
      'Idempotency-Key': {
        type: 'string',
        maxLength: 255,
        description: 'Pre-order: a retry with the same key (same buyer) returns the same intent.',
      },
      ...GUEST_TOKEN_HEADER,
    },
    body: {
      type: 'object',
      properties: {
        payment_method_id: { ...UUID, description: 'An active payment method with provider payprov.' },
        amount: { type: 'integer', minimum: 1, maximum: MAX_AMOUNT, description: 'Pre-order: cents.' },
        currency: { type: 'string', pattern: '^[A-Za-z]{3}$', description: 'Pre-order: ISO 4217.' },
        order_id: { ...UUID, description: 'Post-order: the placed order to pay.' },
        guest_token: { type: 'string', pattern: '^[0-9a-f]{64}$', description: "Post-order: a guest order's token." },
      },
      required: ['payment_method_id'],
    },
    responses: { 201: { json: dataEnvelope(INTENT), description: 'The intent (an existing one for a retry).' } },
    errors: [
      'validation_error',
      'unauthorized',
      'not_found',
      'conflict',
      'invalid_payment_method',
      'invalid_amount',
      'provider_error',
    ],
  },
  {
    method: 'GET',
    mount: 'store',
    path: '/payment-status/:paymentIntentId',
    auth: 'store',
    summary: 'Status of a payment intent',
    description: "Only the intent's customer, or the guest presenting its token, sees it; anyone else gets 404.",
    params: { paymentIntentId: INTENT_ID },
    headers: GUEST_TOKEN_HEADER,
    responses: {
      200: {
        json: dataEnvelope(
          object({
            status: { type: 'string', description: "The provider's intent status (`requires_capture`, `succeeded`…)." },
            payment_link_status: { type: ['string', 'null'], enum: [...LINK_STATUSES, null] },
          }),
        ),
      },
    },
    errors: ['not_found', 'provider_error'],
  },
  {
    method: 'POST',
    mount: 'store',
    path: '/payment-link',
    auth: 'store',
    summary: 'Create a payment link for a cart',
    description: 'Prices the cart server-side (as checkout does) and answers a payment page URL valid 30 minutes.',
    body: object(
      {
        cart_id: UUID,
        payment_method_id: UUID,
        shipping_method_id: UUID,
        shipping_address: ADDRESS,
        billing_address: { ...ADDRESS, description: 'Defaults to the shipping address.' },
        email: { type: 'string', maxLength: 320, description: 'For the receipt; required for guest carts.' },
      },
      ['billing_address', 'email'],
    ),
    responses: {
      201: {
        json: dataEnvelope(
          object({
            payment_url: { type: 'string', description: 'The hosted pay page (`/plugins/payprov/pay/{token}`).' },
            payment_intent_id: INTENT_ID,
            expires_at: { type: 'string', format: 'date-time' },
          }),
        ),
      },
    },
    errors: [
      'validation_error',
      'not_found',
      'invalid_payment_method',
      'invalid_shipping_method',
      'invalid_product',
      'insufficient_stock',
      'code_invalid',
      'max_uses_reached',
      'currency_mismatch',
      'invalid_amount',
      'provider_error',
    ],
  },
  {
    method: 'GET',
    mount: 'store',
    path: '/payment-link/:token',
    auth: 'public',
    summary: 'Read a payment link',
    description: 'What the pay page needs (no addresses). The token is the capability.',
    responses: {
      200: {
        json: dataEnvelope(
          object({
            client_secret: { type: ['string', 'null'] },
            publishable_key: { type: 'string' },
            amount: { type: 'integer', minimum: 1, description: 'Cents.' },
            currency: { type: 'string', description: 'Lower-case ISO 4217.' },
            email: { type: ['string', 'null'] },
          }),
        ),
      },
    },
    errors: ['not_found', 'payment_link_used', 'payment_link_expired', 'provider_error'],
  },
  {
    method: 'POST',
    mount: 'store',
    path: '/payment-link/:token/complete',
    auth: 'public',
    summary: 'Complete a paid payment link (places the order)',
    body: object({ payment_intent_id: { type: 'string', maxLength: 255 } }),
    responses: {
      200: {
        json: dataEnvelope(
          object({
            status: { type: 'string', const: 'completed' },
            payment_intent_id: INTENT_ID,
            order_id: UUID,
            order_number: { type: 'string' },
          }),
        ),
      },
    },
    errors: [
      'validation_error',
      'not_found',
      'payment_link_used',
      'payment_link_expired',
      'checkout_rejected',
      'provider_error',
    ],
  },
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
        json: dataEnvelope(
          object({
            status: { type: 'string', const: 'ok' },
            plugin: { type: 'string', const: 'payprov' },
            version: { type: 'string' },
            publishable_key: { type: 'string' },
            checked_at: { type: 'string', format: 'date-time' },
          }),
        ),
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
