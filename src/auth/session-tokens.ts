import { randomUUID } from 'node:crypto';

import type { Ctx } from '../context/ctx';
import { inTransaction } from '../context/transaction';
import { Prisma } from '../generated/prisma/client';
import { AppError } from '../shared/errors';
import { verifyToken } from './tokens';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, signToken, type TokenSubject } from './tokens';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  tokenType: 'Bearer';
}

export const ACCESS_COOKIE = 'svc_access_token';
export const REFRESH_COOKIE = 'svc_refresh_token';

/** The family a refresh token belongs to (one per login) and when that login happened. */
interface Family {
  id: string;
  /** Absent for a new login: the row's default, the database's `now()`. */
  startedAt?: Date;
}

/**
 * Signs an access token and a refresh token. The refresh token's `jti` is the id of its `refresh_tokens`
 * row, which records its family so a replay can revoke every descendant, and the family's start so the session
 * ends `auth.session_max_age_days` after its login however often it is refreshed.
 */
async function issuePair(ctx: Ctx, subject: TokenSubject, family: Family): Promise<TokenPair> {
  const refreshId = randomUUID();
  await ctx.db.refreshToken.create({
    data: {
      id: refreshId,
      familyId: family.id,
      sessionStartedAt: family.startedAt,
      userId: subject.id,
      userType: subject.utype as 'admin' | 'customer',
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
    },
  });
  const [access, refresh] = await Promise.all([
    // The access token's jti is its refresh token's (row) id: unique per pair, and it names the session the
    // access token belongs to (a password change keeps that one), with no claim beyond the spec's.
    signToken(subject, 'access', ctx.jwtSecret, { jti: refreshId }),
    signToken(subject, 'refresh', ctx.jwtSecret, { jti: refreshId }),
  ]);
  return {
    accessToken: access.token,
    refreshToken: refresh.token,
    expiresIn: ACCESS_TOKEN_SECONDS,
    tokenType: 'Bearer',
  };
}

/**
 * A new session (token family) for a user who just proved their password. The user's expired refresh rows
 * are dropped on the way, so the table holds live sessions (and their recent history) only.
 */
export async function startSession(ctx: Ctx, subject: TokenSubject): Promise<TokenPair> {
  await ctx.db.refreshToken.deleteMany({
    where: { userType: subject.utype as 'admin' | 'customer', userId: subject.id, expiresAt: { lt: new Date() } },
  });
  return issuePair(ctx, subject, { id: randomUUID() });
}

/** Reads the account behind a token as stored now (inside the rotation's transaction); null when gone or inactive. */
export type SubjectLoader = (ctx: Ctx, userType: 'admin' | 'customer', userId: string) => Promise<TokenSubject | null>;

const invalidRefresh = () => new AppError('invalid_token', 'invalid refresh token');
const sessionExpired = () =>
  new AppError('session_expired', 'the session has reached its maximum age, please log in again');

/**
 * Rotates a refresh token. The token is consumed by one guarded UPDATE (`… WHERE consumed_at IS NULL AND
 * revoked_at IS NULL`), so of two concurrent refreshes exactly one wins. Presenting a token that was already
 * consumed revokes its whole family (the spec: the legitimate holder must log in again too). A session older
 * than `auth.session_max_age_days` is refused with `session_expired` (the consumption is rolled back, nothing
 * else changes: every later try answers the same).
 */
export async function rotateRefreshToken(ctx: Ctx, token: string, loadSubject: SubjectLoader): Promise<TokenPair> {
  const claims = await verifyToken(token, ctx.jwtSecret, 'refresh');
  if (!claims) throw invalidRefresh();
  try {
    // Consume and re-issue in one transaction: a concurrent replay waits for it, then sees (and burns) the new token too.
    return await inTransaction(ctx, (tx) => consumeAndIssue(tx, claims.jti, loadSubject));
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_token') await revokeFamilyOfConsumed(ctx, claims.jti);
    throw err;
  }
}

async function revokeFamilyOfConsumed(ctx: Ctx, jti: string): Promise<void> {
  // Replay of a consumed token: burn the family. (A revoked or expired token is simply refused.)
  await ctx.db.$executeRaw(Prisma.sql`
    UPDATE refresh_tokens SET revoked_at = now()
    WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE id = ${jti}::uuid AND consumed_at IS NOT NULL)`);
}

async function consumeAndIssue(ctx: Ctx, jti: string, loadSubject: SubjectLoader): Promise<TokenPair> {
  const maxAgeDays = ctx.config['auth.session_max_age_days'];
  // The age is judged by the database's clock, like the expiry. A row is never older than its session, so a row
  // created before the bound is past it too, whichever of the two times says so (LEAST costs nothing).
  const consumed = await ctx.db.$queryRaw<
    Array<{
      family_id: string;
      user_id: string;
      user_type: 'admin' | 'customer';
      session_started_at: Date;
      too_old: boolean;
    }>
  >(Prisma.sql`
    UPDATE refresh_tokens SET consumed_at = now()
    WHERE id = ${jti}::uuid AND consumed_at IS NULL AND revoked_at IS NULL AND expires_at > now()
    RETURNING family_id, user_id, user_type::text AS user_type, session_started_at,
      LEAST(session_started_at, created_at) <= now() - make_interval(days => ${maxAgeDays}::int) AS too_old`);
  const row = consumed[0];
  if (!row) throw invalidRefresh();
  if (row.too_old) throw sessionExpired();
  const subject = await loadSubject(ctx, row.user_type, row.user_id);
  if (!subject) throw invalidRefresh(); // the account was deleted or deactivated
  return issuePair(ctx, subject, { id: row.family_id, startedAt: row.session_started_at });
}

/** Revokes every live refresh token of a user (logout, deactivation, deletion, password change). */
export async function revokeUserSessions(ctx: Ctx, userType: 'admin' | 'customer', userId: string): Promise<void> {
  await ctx.db.refreshToken.updateMany({
    where: { userType, userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
}

/**
 * Revokes every live refresh token of a user but those of the session an access token belongs to (`accessJti`:
 * the id of the refresh token issued with it, see issuePair), so a password change keeps the session it was made
 * in and ends the others. Without one (an API key) every session ends.
 */
export async function revokeOtherSessions(
  ctx: Ctx,
  userType: 'admin' | 'customer',
  userId: string,
  accessJti: string | undefined,
): Promise<void> {
  const current = accessJti
    ? await ctx.db.refreshToken.findFirst({ where: { id: accessJti, userType, userId }, select: { familyId: true } })
    : null;
  await ctx.db.refreshToken.updateMany({
    where: { userType, userId, revokedAt: null, ...(current ? { familyId: { not: current.familyId } } : {}) },
    data: { revokedAt: new Date() },
  });
}

/** Sets the browser session cookies of contract §4 (`?cookie=true` on login and refresh). */
export function setSessionCookies(ctx: Ctx, pair: TokenPair): void {
  const secure = ctx.config['security.csrf.secure'];
  ctx.effects.setCookie(ACCESS_COOKIE, pair.accessToken, {
    httpOnly: true,
    path: '/',
    maxAge: ACCESS_TOKEN_SECONDS,
    sameSite: 'lax',
    secure,
  });
  ctx.effects.setCookie(REFRESH_COOKIE, pair.refreshToken, {
    httpOnly: true,
    path: '/api/v1/auth',
    maxAge: REFRESH_TOKEN_SECONDS,
    sameSite: 'lax',
    secure,
  });
}

export function clearSessionCookies(ctx: Ctx): void {
  const secure = ctx.config['security.csrf.secure'];
  ctx.effects.clearCookie(ACCESS_COOKIE, { httpOnly: true, path: '/', sameSite: 'lax', secure });
  ctx.effects.clearCookie(REFRESH_COOKIE, { httpOnly: true, path: '/api/v1/auth', sameSite: 'lax', secure });
}
