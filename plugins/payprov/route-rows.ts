import { parse } from 'graphql';

import { body, path, type PluginRouteRow, route } from '../../src/plugin-api';

/**
 * The store routes as rows over the plugin's own GraphQL fields (graphql.ts), like the core's routes: the aliases
 * give the spec's snake_case names, the route runner checks access and reads the bodies with the core's rules
 * (every bad field at once, the null rule), and the OpenAPI document takes both schemas from these operations.
 * The MCP tools' store calls run the same rows in process.
 */
const OPERATIONS = parse(`
  mutation PayprovCreatePaymentIntent($input: PayprovPaymentIntentInput!) {
    payprovCreatePaymentIntent(input: $input) { ...PayprovIntentRest }
  }

  query PayprovPaymentStatus($paymentIntentId: String!) {
    payprovPaymentStatus(paymentIntentId: $paymentIntentId) {
      status
      payment_link_status: paymentLinkStatus
    }
  }

  mutation PayprovCreatePaymentLink($input: PayprovPaymentLinkInput!) {
    payprovCreatePaymentLink(input: $input) {
      payment_url: paymentUrl
      payment_intent_id: paymentIntentId
      expires_at: expiresAt
    }
  }

  query PayprovPaymentLink($token: String!) {
    payprovPaymentLink(token: $token) {
      client_secret: clientSecret
      publishable_key: publishableKey
      amount
      currency
      email
    }
  }

  mutation PayprovCompletePaymentLink($token: String!, $input: PayprovCompleteLinkInput!) {
    payprovCompletePaymentLink(token: $token, input: $input) {
      status
      payment_intent_id: paymentIntentId
      order_id: orderId
      order_number: orderNumber
    }
  }

  fragment PayprovIntentRest on PayprovIntent {
    id
    client_secret: clientSecret
    publishable_key: publishableKey
    amount
    currency
  }
`);

/** One operation of the document above (with the fragments it may use), as a route's operation. */
function operation(name: string) {
  return {
    ...OPERATIONS,
    definitions: OPERATIONS.definitions.filter(
      (d) =>
        (d.kind === 'FragmentDefinition' && name === 'PayprovCreatePaymentIntent') ||
        (d.kind === 'OperationDefinition' && d.name?.value === name),
    ),
  };
}

export const PAYPROV_ROUTE_ROWS: PluginRouteRow[] = [
  {
    mount: 'store',
    ...route({
      method: 'POST',
      path: '/payment-intent',
      operation: operation('PayprovCreatePaymentIntent'),
      variables: { input: body() },
      result: 'payprovCreatePaymentIntent',
      status: 201,
      tokens: ['cart_token', 'guest_token'],
      headers: ['idempotency-key'],
    }),
  },
  {
    mount: 'store',
    ...route({
      method: 'GET',
      path: '/payment-status/{paymentIntentId}',
      operation: operation('PayprovPaymentStatus'),
      variables: { paymentIntentId: path('paymentIntentId') },
      result: 'payprovPaymentStatus',
      tokens: ['guest_token'],
    }),
  },
  {
    mount: 'store',
    ...route({
      method: 'POST',
      path: '/payment-link',
      operation: operation('PayprovCreatePaymentLink'),
      variables: { input: body() },
      result: 'payprovCreatePaymentLink',
      status: 201,
      tokens: ['cart_token'],
    }),
  },
  {
    mount: 'store',
    ...route({
      method: 'GET',
      path: '/payment-link/{token}',
      operation: operation('PayprovPaymentLink'),
      variables: { token: path('token') },
      result: 'payprovPaymentLink',
    }),
  },
  {
    mount: 'store',
    ...route({
      method: 'POST',
      path: '/payment-link/{token}/complete',
      operation: operation('PayprovCompletePaymentLink'),
      variables: { token: path('token'), input: body() },
      result: 'payprovCompletePaymentLink',
    }),
  },
];
