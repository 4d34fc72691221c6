import * as op from '../../src/generated/graphql';
import { body, query, route } from '../../src/routing/route';

const register = {
  operation: op.CustomerRegisterDocument,
  variables: { input: body() },
  result: 'customerRegister' as const,
  status: 201,
};

export const authRoutes = [
  route({
    method: 'POST',
    path: '/api/v1/auth/login',
    operation: op.LoginDocument,
    variables: { input: body(), cookie: query('cookie') },
    result: 'login',
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/refresh',
    operation: op.TokenRefreshDocument,
    variables: { input: body(), cookie: query('cookie') },
    result: 'tokenRefresh',
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/logout',
    operation: op.LogoutDocument,
    variables: { input: body() },
    result: 'logout',
  }),
  route({
    method: 'POST',
    path: '/api/v1/store/auth/login',
    operation: op.CustomerLoginDocument,
    variables: { input: body(), cookie: query('cookie') },
    result: 'customerLogin',
  }),
  route({ method: 'POST', path: '/api/v1/store/auth/register', ...register }),
  // The spec's rate-limit table names the registration route this way; both are served.
  route({ method: 'POST', path: '/api/v1/store/register', ...register }),
];
