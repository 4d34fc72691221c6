import {
  clearSessionCookies,
  REFRESH_COOKIE,
  revokeUserSessions,
  rotateRefreshToken,
  setSessionCookies,
  startSession,
  type TokenPair,
} from '../../auth/session-tokens';
import type { TokenSubject } from '../../auth/tokens';
import { verifyToken } from '../../auth/tokens';
import type { Ctx } from '../../context/ctx';
import { normalizeEmail } from '../../platform/passwords';
import { LOGIN_LOCK_SECONDS, type LoginAccount } from '../../platform/security-store';
import { AppError } from '../../shared/errors';
import type { LoginInput, LogoutInput, RefreshInput } from './session.inputs';

/**
 * What login and refresh answer. In cookie mode (`cookie: true`, browsers) the tokens go into the HttpOnly
 * cookies only and the answer carries none (contract §4): a script on the page must not read what HttpOnly
 * hides. Otherwise the spec's token pair.
 */
export type SessionAnswer = Omit<TokenPair, 'accessToken' | 'refreshToken'> & {
  accessToken: string | null;
  refreshToken: string | null;
};

export function answer(ctx: Ctx, pair: TokenPair, cookie: boolean | null | undefined): SessionAnswer {
  if (!cookie) return pair;
  setSessionCookies(ctx, pair);
  return { ...pair, accessToken: null, refreshToken: null };
}

const locked = () =>
  new AppError('account_locked', 'too many failed login attempts, please try again later', {
    headers: { 'Retry-After': String(LOGIN_LOCK_SECONDS) },
  });

/** The account behind a token, as stored now; null when it is gone or inactive. */
export async function loadSubject(
  ctx: Ctx,
  userType: 'admin' | 'customer',
  userId: string,
): Promise<TokenSubject | null> {
  if (userType === 'admin') {
    const u = await ctx.db.adminUser.findUnique({
      where: { id: userId },
      select: { id: true, email: true, role: true, active: true },
    });
    return u?.active ? { id: u.id, email: u.email, utype: 'admin', role: u.role } : null;
  }
  const c = await ctx.db.customer.findUnique({
    where: { id: userId },
    select: { id: true, email: true, active: true },
  });
  return c?.active ? { id: c.id, email: c.email, utype: 'customer', role: 'customer' } : null;
}

/**
 * Password login. `scope: 'any'` tries admin users, then customers (`/auth/login`); `'customer'` only
 * customers (`/store/auth/login`). Order of checks (after the per-IP login budget its resolver's `@RateLimit` declares): the account's lock, then one full
 * argon2id comparison whatever happens (a dummy hash for unknown emails), so neither timing nor error code
 * tells whether an email exists or its account is inactive. The fifth failure locks the account for an hour.
 *
 * The lock belongs to the account the attempt is against: the staff account whenever `/auth/login` finds one
 * (it then never falls through to a customer of the same email), else the customer account (an unknown email
 * counts as one). So a customer registered with a staff member's email neither resets nor feeds the staff
 * account's count, and the staff account's successes leave the customer's count alone.
 */
export async function login(
  ctx: Ctx,
  input: LoginInput,
  opts: { scope: 'any' | 'customer'; cookie?: boolean | null },
): Promise<SessionAnswer> {
  const email = normalizeEmail(input.email);
  const admin = opts.scope === 'any' ? await ctx.db.adminUser.findUnique({ where: { email } }) : null;
  const target: LoginAccount = { kind: admin ? 'admin' : 'customer', email };
  if (await ctx.security.isLoginLocked(target)) throw locked();
  const customer = admin ? null : await ctx.db.customer.findUnique({ where: { email } });
  const account = admin ?? customer;
  const matches = await ctx.passwords.verify(account?.passwordHash ?? null, input.password);
  if (!account || !matches || !account.active) {
    await ctx.security.recordLoginFailure(target);
    throw new AppError('invalid_credentials', 'invalid email or password');
  }
  await ctx.security.clearLoginFailures(target);
  // Only after the password matched: the refusal tells nothing to someone who does not know it.
  if (customer && ctx.config['auth.require_email_verification'] && !customer.emailVerifiedAt)
    throw new AppError('email_not_verified', 'please confirm your email address first: follow the link we emailed you');
  const subject: TokenSubject = admin
    ? { id: admin.id, email, utype: 'admin', role: admin.role }
    : { id: account.id, email, utype: 'customer', role: 'customer' };
  return answer(ctx, await startSession(ctx, subject), opts.cookie);
}

/**
 * Rotates the refresh token given in the body, or else in the `svc_refresh_token` cookie. A session past
 * `auth.session_max_age_days` answers `session_expired`; in cookie mode its cookies are cleared with it.
 */
export async function refresh(
  ctx: Ctx,
  input: RefreshInput | null | undefined,
  opts: { cookie?: boolean | null },
): Promise<SessionAnswer> {
  const token = input?.refreshToken ?? ctx.request.cookies[REFRESH_COOKIE];
  if (!token) throw new AppError('invalid_token', 'invalid refresh token');
  try {
    return answer(ctx, await rotateRefreshToken(ctx, token, loadSubject), opts.cookie);
  } catch (err) {
    if (opts.cookie && err instanceof AppError && err.code === 'session_expired') clearSessionCookies(ctx);
    throw err;
  }
}

/**
 * Ends the caller's sessions, whatever was presented (always succeeds): the access token's `jti` is
 * blacklisted until it expires, and every refresh token of the user — named by the access token or by the
 * refresh token in the body or cookie — is revoked. Session cookies are cleared.
 */
export async function logout(ctx: Ctx, input: LogoutInput | null | undefined): Promise<{ message: string }> {
  const users = new Map<string, { type: 'admin' | 'customer'; id: string }>();
  const actor = ctx.actor;
  if ((actor.kind === 'admin' || actor.kind === 'customer') && actor.jti && actor.exp) {
    await ctx.security.revokeJti(actor.jti, actor.exp);
    users.set(`${actor.kind}:${actor.id}`, { type: actor.kind, id: actor.id });
  }
  const refreshToken = input?.refreshToken ?? ctx.request.cookies[REFRESH_COOKIE];
  const claims = refreshToken ? await verifyToken(refreshToken, ctx.jwtSecret, 'refresh') : null;
  if (claims) users.set(`${claims.utype}:${claims.uid}`, { type: claims.utype, id: claims.uid });
  for (const user of users.values()) await revokeUserSessions(ctx, user.type, user.id);
  clearSessionCookies(ctx);
  return { message: 'logged out' };
}
