import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

import type { Ctx } from '../context/ctx';
import { Prisma } from '../generated/prisma/client';
import type { AccountTokenPurpose, AdminRole } from '../generated/prisma/enums';
import { AppError } from '../shared/errors';

/**
 * Single-use account tokens (contract §11): password resets, email verification and staff invites. The token is
 * 256 random bits (base64url, 43 characters) that only the email carries; the database keeps its SHA-256, so a
 * leaked table or backup yields no working link. Looked up by that hash (a unique index), compared again in
 * constant time, consumed by one guarded UPDATE: of two concurrent uses exactly one wins. Never logged.
 */
export interface IssuedToken {
  id: string;
  /** The raw token, for the email's link only. */
  token: string;
  hash: string;
}

const TOKEN_BYTES = 32;
/** What a well-formed token looks like; anything else is refused without touching the database. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * A fresh token and its hash. Also called on the paths that store nothing (an unknown email asking for a reset),
 * so they do comparable work and take comparable time.
 */
export function newAccountToken(): IssuedToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { id: randomUUID(), token, hash: hashAccountToken(token) };
}

/** The page `base` with the token in its fragment: browsers never send a fragment to a server or in a `Referer`. */
export function tokenLink(base: string, token: string): string {
  return `${base.replace(/#.*$/, '')}#token=${token}`;
}

/** `server.public_url` without its trailing slash, or the local address of the service. */
export function publicBaseUrl(config: Ctx['config']): string {
  return (config['server.public_url'] || `http://localhost:${config['server.port']}`).replace(/\/+$/, '');
}

export interface StoredToken {
  purpose: AccountTokenPurpose;
  customerId?: string | null;
  adminUserId?: string | null;
  email: string;
  role?: AdminRole | null;
  createdBy?: string | null;
  /** Lifetime, judged by the database's clock like the consumption. */
  ttlSeconds: number;
}

/** Rows a token write deletes of those expired more than a day ago: the table keeps only recent history. */
const PRUNE_BATCH = 100;

/**
 * Stores a token's hash (in the caller's transaction, with the email that carries the token). On the way it
 * deletes a bounded batch of tokens that expired more than a day ago (locked rows skipped), so the table never
 * grows with dead links and needs no job of its own.
 */
export async function storeAccountToken(ctx: Ctx, issued: IssuedToken, row: StoredToken): Promise<void> {
  await ctx.db.$executeRaw(Prisma.sql`
    DELETE FROM account_tokens WHERE id IN (
      SELECT id FROM account_tokens WHERE expires_at < now() - interval '1 day'
      LIMIT ${PRUNE_BATCH} FOR UPDATE SKIP LOCKED)`);
  await ctx.db.$executeRaw(Prisma.sql`
    INSERT INTO account_tokens (id, purpose, customer_id, admin_user_id, email, role, created_by, token_hash, expires_at)
    VALUES (${issued.id}::uuid, ${row.purpose}::account_token_purpose, ${row.customerId ?? null}::uuid,
      ${row.adminUserId ?? null}::uuid, ${row.email}, ${row.role ?? null}::admin_role, ${row.createdBy ?? null}::uuid,
      ${issued.hash}, now() + make_interval(secs => ${row.ttlSeconds}::double precision))`);
}

export interface ConsumedToken {
  id: string;
  customerId: string | null;
  adminUserId: string | null;
  email: string;
  role: AdminRole | null;
  tokenHash: string;
}

/** One clear sentence for every way a token can fail: unknown, used or expired look the same from outside. */
export const invalidAccountToken = (what: string) =>
  new AppError('invalid_token', `this ${what} link is invalid, expired or already used; please ask for a new one`, {
    field: 'token',
  });

/**
 * Consumes a token of `purpose` (in the caller's transaction): one guarded UPDATE, so a token works once even
 * when two requests present it at the same moment, and never after `expires_at`. Null when it is unknown, used,
 * expired or of another purpose.
 */
export async function consumeAccountToken(
  ctx: Ctx,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<ConsumedToken | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const hash = hashAccountToken(token);
  const [row] = await ctx.db.$queryRaw<ConsumedToken[]>(Prisma.sql`
    UPDATE account_tokens SET used_at = now()
    WHERE token_hash = ${hash} AND purpose = ${purpose}::account_token_purpose
      AND used_at IS NULL AND expires_at > now()
    RETURNING id::text AS id, customer_id::text AS "customerId", admin_user_id::text AS "adminUserId", email,
      role::text AS role, token_hash AS "tokenHash"`);
  // The index found the row by hash; the comparison that decides is constant-time all the same.
  if (!row || !timingSafeEqual(Buffer.from(row.tokenHash, 'utf8'), Buffer.from(hash, 'utf8'))) return null;
  return row;
}

/** Marks the other live tokens of an account's `purpose` used: a new password makes older reset links void. */
export async function retireAccountTokens(
  ctx: Ctx,
  purpose: AccountTokenPurpose,
  owner: { customerId?: string; adminUserId?: string; email?: string },
): Promise<void> {
  const where = owner.customerId
    ? Prisma.sql`customer_id = ${owner.customerId}::uuid`
    : owner.adminUserId
      ? Prisma.sql`admin_user_id = ${owner.adminUserId}::uuid`
      : Prisma.sql`email = ${owner.email ?? ''}`;
  await ctx.db.$executeRaw(Prisma.sql`
    UPDATE account_tokens SET used_at = now()
    WHERE purpose = ${purpose}::account_token_purpose AND used_at IS NULL AND ${where}`);
}

/**
 * The per-address half of the `account_email` budget (the per-IP half is the field's `@RateLimit`): a reset
 * request or a resend for one address, from however many IPs. Taken whether or not the address has an account,
 * so a 429 tells nothing either. Lives here, not in a route, so REST, GraphQL and MCP share one count.
 */
export async function takeEmailBudget(ctx: Ctx, purpose: string, email: string): Promise<void> {
  const verdict = await ctx.security.consume('account_email', `${purpose}:${email}`);
  if (!verdict.allowed)
    throw new AppError('rate_limited', 'too many requests', { headers: { 'Retry-After': String(verdict.retryAfter) } });
}
