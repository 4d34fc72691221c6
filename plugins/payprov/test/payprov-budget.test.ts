import { type PayprovShop, startPayprovShop } from '../../../test/fixtures/payprov';
import { callJson, connectMcp } from '../../../test/harness/mcp-client';

/**
 * Creating payment intents has its own per-IP budget (issue 53: 49 provider intents in 0.6 s from one IP):
 * `security.rate_limit.payment_intent.requests_per_minute`, shared by REST, GraphQL, MCP and payment links, with
 * the contract's 429 `rate_limited` and `Retry-After` above it, and no provider call for a refused request.
 */
let s: PayprovShop;
beforeAll(async () => {
  s = await startPayprovShop({}, { 'security.rate_limit.payment_intent.requests_per_minute': 3 });
});
afterAll(() => s?.close());

const INTENTS = '/api/v1/store/payprov/payment-intent';

it('answers 429 rate_limited with Retry-After past the budget on every surface, before the provider', async () => {
  const body = { amount: 1490, currency: 'EUR', payment_method_id: s.method.id };
  for (let i = 0; i < 3; i++) expect((await s.buyer.post(INTENTS, body)).status).toBe(201);
  const creates = s.fake.calls.filter((c) => c.op === 'create').length;

  const rest = await s.buyer.post(INTENTS, body);
  expect(rest.status).toBe(429);
  expect(rest.body.errors[0]).toMatchObject({ code: 'rate_limited' });
  expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
  // An anonymous caller without a cart token, an empty body: the budget is taken before the input is read.
  expect((await s.t.asGuest().post(INTENTS, {})).status).toBe(429);

  const gql = await s.buyer.post('/graphql', {
    query: 'mutation($input: PayprovPaymentIntentInput!) { payprovCreatePaymentIntent(input: $input) { id } }',
    variables: { input: { amount: 1490, currency: 'EUR', paymentMethodId: s.method.id } },
  });
  expect(gql.body.errors[0].extensions).toMatchObject({ code: 'rate_limited' });

  const mcp = await connectMcp(s.t.url, 'store');
  const tool = await callJson(mcp, 'store_payprov_create_preorder_payment_intent', {
    ...body,
    cart_token: s.buyerToken,
  });
  await mcp.close();
  expect(tool).toMatchObject({ isError: true, body: { error: { code: 'rate_limited' } } });

  // Payment links create an intent too: the same budget.
  const link = await s.buyer.post('/api/v1/store/payprov/payment-link', {});
  expect(link.status).toBe(429);
  expect(s.fake.calls.filter((c) => c.op === 'create').length).toBe(creates);
  // Other store routes keep their own budgets.
  expect((await s.t.asGuest().get('/api/v1/store/products')).status).toBe(200);
});
