import * as op from '../../src/generated/graphql';
import { body, query, route } from '../route';

const register = {
  operation: op.CustomerRegisterDocument,
  errors: ['email_taken' as const, 'hook_rejected' as const],
  variables: { input: body() },
  result: 'customerRegister' as const,
  status: 201,
};

export const authRoutes = [
  route({
    method: 'POST',
    path: '/api/v1/auth/login',
    operation: op.LoginDocument,
    errors: ['invalid_credentials', 'account_locked'],
    variables: { input: body(), cookie: query('cookie') },
    result: 'login',
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/refresh',
    operation: op.TokenRefreshDocument,
    errors: ['invalid_token'],
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
    errors: ['invalid_credentials', 'account_locked'],
    variables: { input: body(), cookie: query('cookie') },
    result: 'customerLogin',
  }),
  route({ method: 'POST', path: '/api/v1/store/auth/register', ...register }),
  // The spec's rate-limit table names the registration route this way; both are served.
  route({ method: 'POST', path: '/api/v1/store/register', ...register }),
];
