import * as op from '../../src/generated/graphql';
import { body, crud, path, query, route } from '../../src/routing/route';

const account = '/api/v1/store/account';
const admin = '/api/v1/admin/customers';

export const customersRoutes = [
  ...crud(
    admin,
    {
      list: op.CustomersDocument,
      create: op.CustomerCreateDocument,
      read: op.CustomerDocument,
      update: op.CustomerUpdateDocument,
      delete: op.CustomerDeleteDocument,
    },
    {
      filters: { search: query('search'), active: query('filter[active]') },
    },
  ),
  route({ method: 'GET', path: account, operation: op.AccountDocument, result: 'account' }),
  route({
    method: 'PUT',
    path: account,
    operation: op.AccountUpdateDocument,
    variables: { input: body() },
    result: 'accountUpdate',
  }),
  route({
    method: 'GET',
    path: `${account}/addresses`,
    operation: op.AccountAddressesDocument,
    result: 'accountAddresses',
  }),
  route({
    method: 'POST',
    path: `${account}/addresses`,
    operation: op.AccountAddressCreateDocument,
    variables: { input: body() },
    result: 'accountAddressCreate',
    status: 201,
  }),
  route({
    method: 'PUT',
    path: `${account}/addresses/{id}`,
    operation: op.AccountAddressUpdateDocument,
    variables: { id: path('id'), input: body() },
    result: 'accountAddressUpdate',
  }),
  route({
    method: 'DELETE',
    path: `${account}/addresses/{id}`,
    operation: op.AccountAddressDeleteDocument,
    variables: { id: path('id') },
    result: 'accountAddressDelete',
    envelope: 'none',
  }),
  route({
    method: 'GET',
    path: `${account}/orders`,
    operation: op.AccountOrdersDocument,
    variables: { page: query('page'), limit: query('limit') },
    result: 'accountOrders',
    envelope: 'list',
  }),
  route({
    method: 'GET',
    path: `${account}/orders/{id}`,
    operation: op.AccountOrderDocument,
    variables: { id: path('id') },
    result: 'accountOrder',
  }),
];
