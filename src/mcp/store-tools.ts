import type { JsonSchema } from '../routing/json-schema';
import type { HttpMethod } from '../routing/route';
import { SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS } from '../shared/validation/search';

/** The request fields a tool argument may fill (what REST reads from `X-Cart-Token`, `X-Guest-Token`, `Idempotency-Key`). */
export type RequestField = 'cartToken' | 'guestToken' | 'idempotencyKey';

/** Where a store tool is offered: everywhere, or only over stdio (a connection that has a session to sign in). */
export type StoreTransport = 'any' | 'stdio';

export interface StoreToolSpec {
  route: `${HttpMethod} ${string}`;
  title: string;
  /** Written for a model: what the tool does, what the figures mean, what to call next. */
  description: string;
  /** Arguments that fill typed request fields instead of operation variables. */
  request?: Record<string, RequestField>;
  /** Descriptions and bounds added to the generated argument schemas (the GraphQL input says less). */
  args?: Record<string, JsonSchema>;
  /** Route parameters or body fields the tool does not offer (they stay unset). */
  omit?: readonly string[];
  transport?: StoreTransport;
}

const MONEY =
  'Money is an integer in minor units of the currency (cents for EUR: 1990 = 19.90 EUR); tax rates are basis points (1900 = 19 %).';

const PAGE: Record<string, JsonSchema> = {
  page: { minimum: 1, description: 'Page number, from 1 (default 1). The answer says has_more when there is a next.' },
};
const limit = (max: number, byDefault: number): JsonSchema => ({
  minimum: 1,
  description: `Items per page: default ${byDefault}, at most ${max} (a larger value is cut to ${max}).`,
});

const CART_ARGS: Record<string, JsonSchema> = {
  cart_id: { description: 'The cart id (from store_create_cart).' },
  cart_token: {
    description:
      "The cart's session_token from store_create_cart. Needed for a cart of no signed-in customer; without it such a cart answers not_found.",
  },
};

/** The checkout's arguments, shared by the quote (which needs only the lines and the shipping method). */
const CHECKOUT_ARGS: Record<string, JsonSchema> = {
  cart_id: { description: 'Check out this cart (with cart_token unless a signed-in customer owns it); or use items.' },
  cart_token: CART_ARGS.cart_token,
  items: {
    description: 'Instead of cart_id: the lines, each { product_id or variant_id, quantity } (at most 100 lines).',
  },
  shipping_method_id: { description: 'An id from store_list_shipping_methods.' },
  payment_method_id: { description: 'An id from store_list_payment_methods.' },
  discount_code: { description: 'A discount code the buyer has; code_invalid when it does not apply.' },
  email: { description: "The buyer's email (required for guests; a signed-in customer's own by default)." },
  notes: { description: 'A note to the shop, up to 2000 characters.' },
  currency: { description: 'ISO 4217 in upper case; must match the products (default: theirs).' },
  shipping_address: {
    description: 'Required: first_name, last_name, street, city, zip and country_code (ISO 3166-1 alpha-2).',
  },
  billing_address: { description: 'Same fields as shipping_address; defaults to it.' },
};

const CHECKOUT_BODY =
  'Lines come from cart_id (with cart_token) or from items; shipping_method_id from store_list_shipping_methods.';

/**
 * The contract's store tools, by route, with descriptions written for a model. A description here replaces the
 * GraphQL field's (which speaks of headers and GraphQL names); the REST route is appended to it.
 */
export const STORE_TOOLS: Record<string, StoreToolSpec> = {
  store_list_products: {
    route: 'GET /api/v1/store/products',
    title: 'Search and list products',
    description:
      'Searches the active products (full text over names and descriptions) and lists them a page at a time, ' +
      'with their variants (each with its own id, price and stock). Use a product id or variant id from here ' +
      `in store_add_to_cart. ${MONEY}`,
    args: {
      search: {
        description: `Words to search for (the last word also matches as a prefix); at most ${SEARCH_MAX_LENGTH} characters and ${SEARCH_MAX_WORDS} words.`,
      },
      category_id: { description: 'Only products in this category or its subcategories (see store_list_categories).' },
      options: {
        description:
          'Variant option ids (such as a size and a colour, from facets or a product’s variants), at most 100: any ' +
          'of one group, and one variant must have a selected option of every group.',
      },
      attributes: {
        description: 'Attribute option ids (from facets), at most 100: any of one attribute, all attributes.',
      },
      price_min: { description: 'Lowest gross price in minor units; a variant’s own price counts.' },
      price_max: { description: 'Highest gross price in minor units (not below price_min).' },
      in_stock: { description: 'true: only products with a matching variant in stock.' },
      facets: {
        description:
          'true: also answer facets (option groups, attributes, price buckets, availability) with how many products ' +
          'each value would list: use their ids in options and attributes.',
      },
      sort: { description: 'Sort field (default created_at).' },
      order: { description: 'asc or desc (default desc).' },
      ...PAGE,
      limit: limit(100, 25),
    },
  },
  store_get_product: {
    route: 'GET /api/v1/store/products/id/{id}',
    title: 'Get a product',
    description:
      'One active product by id, with its variants, options, prices, stock, categories and media. A product with ' +
      `variants is bought by variant_id. ${MONEY}`,
    args: { product_id: { description: 'The product id (from store_list_products).' } },
  },
  store_list_categories: {
    route: 'GET /api/v1/store/categories',
    title: 'List categories',
    description:
      'The active category tree (roots with nested children). Pass a category id to store_list_products as category_id.',
  },
  store_create_cart: {
    route: 'POST /api/v1/store/cart',
    title: 'Create a cart',
    description:
      'Creates an empty cart. Without a signed-in customer it answers a session_token, shown only this once: pass ' +
      'it as cart_token to every later cart, quote and checkout call for this cart. Next: store_add_to_cart.',
    args: { currency: { description: 'ISO 4217 code in upper case (default the shop currency, e.g. EUR).' } },
  },
  store_get_cart: {
    route: 'GET /api/v1/store/cart/{id}',
    title: 'Get a cart',
    description: `A cart with its lines and subtotal (no shipping, discount or tax total: store_quote_checkout has those). ${MONEY}`,
    request: { cart_token: 'cartToken' },
    args: CART_ARGS,
  },
  store_add_to_cart: {
    route: 'POST /api/v1/store/cart/{id}/items',
    title: 'Add an item to a cart',
    description:
      'Adds a product (or one of its variants) to the cart, merging with a line of the same item; answers the ' +
      'cart. Fails with insufficient_stock beyond what is available. A product with variants needs variant_id. ' +
      `Next: more items, or store_quote_checkout for the total. ${MONEY}`,
    request: { cart_token: 'cartToken' },
    args: {
      ...CART_ARGS,
      product_id: { description: 'The product id; may be left out when variant_id is given.' },
      variant_id: { description: 'The variant id (required for a product that has variants).' },
      quantity: { description: 'How many to add (at least 1).' },
    },
  },
  store_update_cart_item: {
    route: 'PUT /api/v1/store/cart/{id}/items/{itemId}',
    title: 'Change a cart item quantity',
    description: 'Sets a cart line to a new quantity (not added to the old one); answers the cart.',
    request: { cart_token: 'cartToken' },
    args: {
      ...CART_ARGS,
      item_id: { description: "The line's id (items[].id in the cart)." },
      quantity: { description: 'The new quantity (at least 1; store_remove_from_cart removes the line).' },
    },
  },
  store_remove_from_cart: {
    route: 'DELETE /api/v1/store/cart/{id}/items/{itemId}',
    title: 'Remove an item from a cart',
    description:
      'Removes one line from the cart; answers the cart. Runs only with confirm: true (without it, says what it would remove).',
    request: { cart_token: 'cartToken' },
    args: { ...CART_ARGS, item_id: { description: "The line's id (items[].id in the cart)." } },
  },
  store_merge_cart: {
    route: 'POST /api/v1/store/cart/{id}/merge',
    title: "Merge a guest cart into the customer's cart",
    description:
      'After signing in: moves the lines of a cart made before sign-in (cart_id with its cart_token) into the signed-in ' +
      "customer's current cart, adding up the same items; that cart is then gone. Without a current cart (or with " +
      "one in another currency) the guest cart itself becomes the customer's. Quantities are cut to the stock and " +
      `sold-out lines left out, never an error. Answers the customer's cart: use its id from now on. ${MONEY}`,
    request: { cart_token: 'cartToken' },
    args: {
      cart_id: { description: 'The guest cart id (from store_create_cart before signing in).' },
      cart_token: {
        description: "That cart's session_token from store_create_cart (required: without it, not_found).",
      },
    },
  },
  store_list_shipping_methods: {
    route: 'GET /api/v1/store/shipping-methods',
    title: 'List shipping methods',
    description: `The shipping methods a checkout may choose (shipping_method_id), with their gross price. ${MONEY}`,
  },
  store_list_payment_methods: {
    route: 'GET /api/v1/store/payment-methods',
    title: 'List payment methods',
    description:
      'The payment methods a checkout may choose (payment_method_id). A method with a provider (e.g. payprov) ' +
      'needs a payment_reference at checkout: create the payment first for the total of store_quote_checkout.',
  },
  store_quote_checkout: {
    route: 'POST /api/v1/store/checkout/quote',
    title: 'Quote a checkout (the exact total)',
    description:
      'Prices a checkout without placing it: each line with its tax, the subtotal, shipping, discount, tax total ' +
      'and the total store_checkout would charge now, in the currency answered, and in_stock per line and ' +
      'overall. Takes the store_checkout arguments (addresses, email and payment method may be left out). ' +
      `Changes nothing and reserves no stock. ${CHECKOUT_BODY} Next: store_checkout with the same arguments. ${MONEY}`,
    request: { cart_token: 'cartToken' },
    args: {
      ...CHECKOUT_ARGS,
      payment_method_id: {
        description: 'Optional here: an id from store_list_payment_methods, checked as checkout would check it.',
      },
      email: { description: 'Optional here; checked when given.' },
      shipping_address: { description: 'Optional here; checked as checkout would check it when given.' },
    },
  },
  store_checkout: {
    route: 'POST /api/v1/store/checkout',
    title: 'Place an order',
    description:
      'Places the order: prices, tax, shipping, discount and total are computed by the server (as ' +
      'store_quote_checkout showed), stock is deducted and the cart emptied. A guest (no signed-in customer) ' +
      'needs email, and gets a guest_token in the answer: keep it to read the order with store_get_order. ' +
      `${CHECKOUT_BODY} Pass an idempotency_key so a retry after a lost answer returns the same order. ${MONEY}`,
    request: { cart_token: 'cartToken', idempotency_key: 'idempotencyKey' },
    args: {
      ...CHECKOUT_ARGS,
      payment_reference: {
        description: 'The payment intent id, for a payment method with a provider (pay first, for the quoted total).',
      },
    },
  },
  store_get_order: {
    route: 'GET /api/v1/store/orders/{id}',
    title: 'Get an order',
    description:
      'An order placed through this connection: a guest order with its guest_token (from store_checkout), or an ' +
      `order of the signed-in customer. Anything else answers not_found. ${MONEY}`,
    request: { guest_token: 'guestToken' },
    args: {
      order_id: { description: 'The order id (id in the store_checkout answer).' },
      guest_token: { description: 'The guest_token store_checkout answered for a guest order.' },
    },
  },
  store_request_return: {
    route: 'POST /api/v1/store/orders/{id}/returns',
    title: 'Ask to return items of an order',
    description:
      'Asks the shop to take back shipped units of an order placed through this connection (a guest order with its ' +
      'guest_token, or an order of the signed-in customer), each line with a reason. Only shipped units not already ' +
      'in a return can be returned (over_return otherwise; store_get_order shows quantity_shipped and the returns). ' +
      'The return starts as requested; the shop approves it, and the money comes back once it is received.',
    request: { guest_token: 'guestToken' },
    args: {
      order_id: { description: 'The order id (from store_checkout or store_list_orders).' },
      guest_token: { description: 'The guest_token store_checkout answered for a guest order.' },
      items: {
        description:
          'The lines to return, each { order_item_id (an items[].id of the order), quantity, reason } (at most 100).',
      },
      comment: { description: 'A note to the shop, up to 2000 characters.' },
    },
  },
  store_register: {
    route: 'POST /api/v1/store/auth/register',
    title: 'Register a customer account',
    description:
      'Creates a customer account (email_taken when the email is registered). It does not sign in: call ' +
      'store_login next. Offered over stdio only; over HTTP the connection carries its own credential.',
    transport: 'stdio',
    args: {
      email: { description: 'The email to sign in with later.' },
      password: { description: '8 to 128 characters.' },
      first_name: { description: "The customer's first name." },
      last_name: { description: "The customer's last name." },
    },
  },
  store_login: {
    route: 'POST /api/v1/store/auth/login',
    title: 'Sign in as a customer',
    description:
      'Signs this connection in as the customer: every later call acts as them (their carts need no cart_token, ' +
      'store_list_orders lists their orders) until the sign-in expires. Answers who is signed in, never the ' +
      'tokens. Offered over stdio only; over HTTP the connection carries its own credential.',
    transport: 'stdio',
    args: {
      email: { description: "The customer's email." },
      password: { description: "The customer's password." },
    },
    // REST's `?cookie=true` answers the tokens as browser cookies, which the sign-in could not read: not offered.
    omit: ['cookie'],
  },
  store_request_password_reset: {
    route: 'POST /api/v1/store/auth/password-reset',
    title: 'Email a password reset link',
    description:
      'Asks for a password reset email for a customer who forgot their password: if an account has this email, ' +
      'a single-use link is emailed to it. The answer is the same whether or not it has one (tell the customer ' +
      'to check their inbox); the link is never shown here. Rate limited per client and per email.',
    args: { email: { description: "The customer's email." } },
  },
  store_get_account: {
    route: 'GET /api/v1/store/account',
    title: "Get the signed-in customer's account",
    description:
      "The signed-in customer's account: the connection's credential (HTTP: its Authorization header; stdio: " +
      '--token, or store_login). Answers unauthorized for a guest connection.',
  },
  store_list_orders: {
    route: 'GET /api/v1/store/account/orders',
    title: "List the signed-in customer's orders",
    description: `The signed-in customer's orders, newest first (unauthorized for a guest connection: a guest reads its order with store_get_order). ${MONEY}`,
    args: { ...PAGE, limit: limit(200, 20) },
  },
};

/** Descriptions of the request arguments a tool declares without its own. */
export const REQUEST_ARG_DOCS: Record<string, string> = {
  cart_token: CART_ARGS.cart_token.description as string,
  guest_token: 'The guest_token store_checkout answered for a guest order.',
  idempotency_key:
    'Any string up to 255 characters: repeating the call with the same key answers the first order instead of placing a second one.',
};
