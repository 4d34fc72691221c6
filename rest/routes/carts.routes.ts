import * as op from '../../src/generated/graphql';
import { body, path, route } from '../../src/routing/route';

const cart = '/api/v1/store/cart';

export const cartsRoutes = [
  route({
    method: 'POST',
    path: cart,
    operation: op.CartCreateDocument,
    variables: { input: body() },
    result: 'cartCreate',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${cart}/{id}`,
    tokens: ['cart_token'],
    operation: op.CartDocument,
    variables: { id: path('id') },
    result: 'cart',
  }),
  route({
    method: 'DELETE',
    path: `${cart}/{id}`,
    tokens: ['cart_token'],
    operation: op.CartDeleteDocument,
    variables: { cartId: path('id') },
    result: 'cartDelete',
    envelope: 'none',
  }),
  route({
    method: 'POST',
    path: `${cart}/{id}/items`,
    tokens: ['cart_token'],
    operation: op.CartItemAddDocument,
    variables: { cartId: path('id'), input: body() },
    result: 'cartItemAdd',
    status: 201,
  }),
  route({
    method: 'PUT',
    path: `${cart}/{id}/items/{itemId}`,
    tokens: ['cart_token'],
    operation: op.CartItemUpdateDocument,
    variables: { cartId: path('id'), itemId: path('itemId'), input: body() },
    result: 'cartItemUpdate',
  }),
  route({
    method: 'DELETE',
    path: `${cart}/{id}/items/{itemId}`,
    tokens: ['cart_token'],
    operation: op.CartItemRemoveDocument,
    variables: { cartId: path('id'), itemId: path('itemId') },
    result: 'cartItemRemove',
  }),
  route({
    method: 'POST',
    path: `${cart}/{id}/merge`,
    tokens: ['cart_token'],
    operation: op.CartMergeDocument,
    variables: { cartId: path('id') },
    result: 'cartMerge',
  }),
  // 200 `{data: null}` when the customer has no current cart: "no cart yet" is an answer, not a missing resource.
  route({
    method: 'GET',
    path: '/api/v1/store/account/cart',
    operation: op.AccountCartDocument,
    result: 'accountCart',
  }),
];
