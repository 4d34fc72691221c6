import type { StoreMcpRegistration } from '../../src/plugin-api';

const UUID = { type: 'string', format: 'uuid' } as const;
const CART_TOKEN = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  description:
    "The cart's session_token from store_create_cart, for a buyer who is not a signed-in customer: the payment then " +
    'belongs to that cart, and only a checkout with the same cart_token can use it.',
} as const;

/** The arguments without `cart_token`, and the token as the store call presents it (REST's `X-Cart-Token`). */
function splitCartToken(args: Record<string, unknown>) {
  const { cart_token: cartToken, ...body } = args;
  return { body, tokens: typeof cartToken === 'string' ? { cartToken } : {} };
}
const ADDRESS = {
  type: 'object',
  description:
    'first_name, last_name, street, city, zip, and country_code (ISO 3166-1 alpha-2, upper case) or country (a country name)',
  additionalProperties: true,
} as const;

/** The spec's four store MCP tools; each calls the plugin's own store route, so the rules are the same. */
export const registerPayprovMcpTools: StoreMcpRegistration = (server, client) => {
  server.registerTool({
    name: 'store_payprov_create_preorder_payment_intent',
    title: 'Create a pay-first payment intent',
    description:
      'Creates a card payment intent for an amount before checkout (manual capture). Pass its id as payment_reference to checkout.',
    inputSchema: {
      type: 'object',
      properties: {
        amount: {
          type: 'integer',
          minimum: 1,
          description: 'Amount in cents; must equal the order total at checkout.',
        },
        currency: { type: 'string', pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 currency, e.g. EUR.' },
        payment_method_id: { ...UUID, description: 'An active payment method with provider payprov.' },
        cart_token: {
          ...CART_TOKEN,
          description: `Required unless a customer is signed in. ${CART_TOKEN.description}`,
        },
      },
      required: ['amount', 'currency', 'payment_method_id'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    handler: (args, store) => {
      const { body, tokens } = splitCartToken(args);
      return store.post('/api/v1/store/payprov/payment-intent', body, tokens);
    },
  });
  server.registerTool({
    name: 'store_payprov_create_payment_intent',
    title: 'Create a payment intent for an order',
    description: 'Creates (or returns the existing) card payment intent for a placed order of the caller.',
    inputSchema: {
      type: 'object',
      properties: { order_id: UUID, payment_method_id: UUID },
      required: ['order_id', 'payment_method_id'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    handler: (args, store) => store.post('/api/v1/store/payprov/payment-intent', args),
  });
  server.registerTool({
    name: 'store_payprov_create_payment_link',
    title: 'Create a payment link for a cart',
    description:
      'Prices the cart server-side and returns a payment page URL (valid 30 minutes) that places the order once paid.',
    inputSchema: {
      type: 'object',
      properties: {
        cart_id: UUID,
        payment_method_id: UUID,
        shipping_method_id: UUID,
        shipping_address: ADDRESS,
        billing_address: { ...ADDRESS, description: 'Defaults to the shipping address.' },
        email: { type: 'string', format: 'email', description: 'For the receipt; required for guest carts.' },
        cart_token: { ...CART_TOKEN, description: `For a cart of no signed-in customer. ${CART_TOKEN.description}` },
      },
      required: ['cart_id', 'payment_method_id', 'shipping_method_id', 'shipping_address'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    handler: (args, store) => {
      const { body, tokens } = splitCartToken(args);
      return store.post('/api/v1/store/payprov/payment-link', body, tokens);
    },
  });
  server.registerTool({
    name: 'store_payprov_check_payment_status',
    title: 'Check a payment',
    description: "A payment intent's status and, for a payment link, the link's status.",
    inputSchema: {
      type: 'object',
      properties: { payment_intent_id: { type: 'string', pattern: '^pi_[A-Za-z0-9_]+$' } },
      required: ['payment_intent_id'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    handler: (args, store) =>
      store.get(`/api/v1/store/payprov/payment-status/${encodeURIComponent(String(args.payment_intent_id))}`),
  });
};
