import * as op from '../../src/generated/graphql';
import { body, query, route } from '../../src/routing/route';

const register = {
  operation: op.CustomerRegisterDocument,
  variables: { input: body() },
  result: 'customerRegister' as const,
  status: 201,
};

/** Contract §11: an emailed link's unknown, used or expired token is 400 `invalid_token` (a refresh token's is 401). */
const TOKEN_ERRORS = { invalid_token: 400 } as const;

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
  // Contract §11. The request routes answer 202 whatever the email (nothing to enumerate).
  route({
    method: 'POST',
    path: '/api/v1/store/auth/password-reset',
    operation: op.CustomerPasswordResetRequestDocument,
    variables: { input: body() },
    result: 'customerPasswordResetRequest',
    status: 202,
  }),
  route({
    method: 'POST',
    path: '/api/v1/store/auth/password-reset/confirm',
    operation: op.CustomerPasswordResetConfirmDocument,
    variables: { input: body() },
    result: 'customerPasswordResetConfirm',
    errorStatus: TOKEN_ERRORS,
  }),
  route({
    method: 'POST',
    path: '/api/v1/store/auth/verify-email',
    operation: op.CustomerEmailVerifyDocument,
    variables: { input: body() },
    result: 'customerEmailVerify',
    errorStatus: TOKEN_ERRORS,
  }),
  route({
    method: 'POST',
    path: '/api/v1/store/auth/verify-email/resend',
    operation: op.CustomerEmailVerificationResendDocument,
    variables: { input: body() },
    result: 'customerEmailVerificationResend',
    status: 202,
  }),
  route({
    method: 'PUT',
    path: '/api/v1/store/account/password',
    operation: op.AccountPasswordChangeDocument,
    variables: { input: body() },
    result: 'accountPasswordChange',
    // Contract §11: a wrong current password is the request's fault (400), the caller is signed in.
    errorStatus: { invalid_credentials: 400 },
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/password-reset',
    operation: op.StaffPasswordResetRequestDocument,
    variables: { input: body() },
    result: 'staffPasswordResetRequest',
    status: 202,
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/password-reset/confirm',
    operation: op.StaffPasswordResetConfirmDocument,
    variables: { input: body() },
    result: 'staffPasswordResetConfirm',
    errorStatus: TOKEN_ERRORS,
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/accept-invite',
    operation: op.StaffInviteAcceptDocument,
    variables: { input: body(), cookie: query('cookie') },
    result: 'staffInviteAccept',
    errorStatus: TOKEN_ERRORS,
  }),
  // The spec's rate-limit table names the registration route this way; both are served.
  route({ method: 'POST', path: '/api/v1/store/register', ...register }),
];
