import * as op from '../../src/generated/graphql';
import { body, path, query, route } from '../route';

const account = '/api/v1/store/account';

export const customersRoutes = [
  route({ method: 'GET', path: `${account}/addresses`, operation: op.AccountAddressesDocument, result: (d) => d.accountAddresses }),
  route({ method: 'POST', path: `${account}/addresses`, operation: op.AccountAddressCreateDocument, variables: { input: body() }, result: (d) => d.accountAddressCreate, status: 201 }),
  route({ method: 'PUT', path: `${account}/addresses/{id}`, operation: op.AccountAddressUpdateDocument, variables: { id: path('id'), input: body() }, result: (d) => d.accountAddressUpdate }),
  route({ method: 'DELETE', path: `${account}/addresses/{id}`, operation: op.AccountAddressDeleteDocument, variables: { id: path('id') }, result: (d) => d.accountAddressDelete, envelope: 'none' }),
  route({ method: 'GET', path: `${account}/orders`, operation: op.AccountOrdersDocument, variables: { page: query('page'), limit: query('limit') }, result: (d) => d.accountOrders, envelope: 'list' }),
  route({ method: 'GET', path: `${account}/orders/{id}`, operation: op.AccountOrderDocument, variables: { id: path('id') }, result: (d) => d.accountOrder }),
];
