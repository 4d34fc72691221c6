/**
 * A storefront's whole guest journey and a customer session through the SDK, as a consumer writes it. CI compiles
 * it against the packed SDK (the `@ts-expect-error` lines prove wrong fields and variables do not compile) and
 * runs it against a live server: `node shop.js http://localhost:8080/graphql`.
 */
import {
  AccountDocument,
  CartCreateDocument,
  CartItemAddDocument,
  CheckoutCompleteDocument,
  CheckoutQuoteDocument,
  CustomerLoginDocument,
  CustomerRegisterDocument,
  StoreCheckoutOptionsDocument,
  StoreOrderDocument,
  StoreProductsDocument,
  SvcClient,
  SvcError,
} from '@svc/sdk';

declare const process: { argv: string[]; exitCode?: number };

async function main(url: string): Promise<void> {
  const guest = new SvcClient({ url });

  // Browse: the result is typed from the operation (camelCase, as the schema names fields).
  const { storeProducts } = await guest.request(StoreProductsDocument, { search: 'shirt', limit: 5 });
  const product = storeProducts.items[0];
  const variant = product.variants.find((v) => v.stock >= 2);
  if (!variant) throw new Error('no variant in stock');
  console.log(`browse: ${storeProducts.meta.total} products, first ${product.translations[0].name}`);
  // @ts-expect-error a field the operation does not select does not exist on the result
  void product.nmae;

  const { storeShippingMethods, storePaymentMethods } = await guest.request(StoreCheckoutOptionsDocument);

  // The client keeps the cart's session token and sends it as X-Cart-Token from now on.
  const { cartCreate } = await guest.request(CartCreateDocument);
  const { cartItemAdd } = await guest.request(CartItemAddDocument, {
    cartId: cartCreate.id,
    input: { variantId: variant.id, quantity: 2 },
  });
  console.log(`cart: ${cartItemAdd.itemCount} items, ${cartItemAdd.subtotalGross} cents`);
  await guest
    .request(CartItemAddDocument, {
      cartId: cartCreate.id,
      // @ts-expect-error variables are checked too: `qty` is not a field of CartItemAddInput
      input: { variantId: variant.id, qty: 2 },
    })
    .catch(() => undefined);

  // The exact total before ordering (what a pay-first payment is created for): the checkout's pricing, no write.
  const { checkoutQuote: quote } = await guest.request(CheckoutQuoteDocument, {
    input: { cartId: cartCreate.id, shippingMethodId: storeShippingMethods[0].id },
  });
  console.log(`quote: total ${quote.total} ${quote.currency} (tax ${quote.taxTotal}), in stock: ${quote.inStock}`);

  const { checkoutComplete: order } = await guest.request(
    CheckoutCompleteDocument,
    {
      input: {
        cartId: cartCreate.id,
        email: 'sdk-guest@example.com',
        shippingMethodId: storeShippingMethods[0].id,
        paymentMethodId: storePaymentMethods[0].id,
        shippingAddress: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          street: 'Main St 1',
          city: 'Berlin',
          zip: '10115',
          countryCode: 'DE',
        },
      },
    },
    { idempotencyKey: `sdk-example-${cartCreate.id}` },
  );
  console.log(`checkout: ${order.orderNumber} ${order.status} total ${order.total}`);
  if (order.total !== quote.total) throw new Error(`the order totals ${order.total}, the quote said ${quote.total}`);

  // The guest token came back as a cookie; the client sends it as X-Guest-Token.
  // @ts-expect-error required variables cannot be left out
  await guest.request(StoreOrderDocument).catch(() => undefined);
  const { storeOrder } = await guest.request(StoreOrderDocument, { id: order.id });
  console.log(`order read back: ${storeOrder.orderNumber} (${storeOrder.items.length} line)`);

  // A stranger cannot read it: the service's error code arrives as SvcError.code.
  try {
    await new SvcClient({ url }).request(StoreOrderDocument, { id: order.id });
    throw new Error('a stranger read the order');
  } catch (err) {
    if (!(err instanceof SvcError) || err.code !== 'not_found') throw err;
    console.log(`stranger: ${err.status} ${err.code}`);
  }

  // A customer: register, log in (the client keeps the tokens), refresh, read the account.
  const email = `sdk-${Date.now()}@example.com`;
  const customer = new SvcClient({ url });
  await customer.request(CustomerRegisterDocument, {
    input: { email, password: 'sdk-example-password-1', firstName: 'Grace', lastName: 'Hopper' },
  });
  await customer.request(CustomerLoginDocument, { input: { email, password: 'sdk-example-password-1' } });
  const before = customer.credentials.accessToken;
  if (!(await customer.refresh()) || customer.credentials.accessToken === before) throw new Error('refresh failed');
  const { account } = await customer.request(AccountDocument);
  console.log(`customer: ${account.email} signed in, token refreshed`);

  // A stored session whose access token is no longer accepted: the client refreshes once and retries by itself.
  const resumed = new SvcClient({ url, accessToken: 'expired-token', refreshToken: customer.credentials.refreshToken });
  const again = await resumed.request(AccountDocument);
  if (again.account.id !== account.id || resumed.credentials.accessToken === 'expired-token')
    throw new Error('the session was not resumed');
  console.log('session resumed: the refused access token was refreshed and the request retried');
}

main(process.argv[2] ?? 'http://localhost:8080/graphql').catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
