import { randomBytes } from 'node:crypto';

import { hashApiKey } from '../../auth/api-key-auth';
import type { Actor } from '../../context/actor';
import type { Ctx } from '../../context/ctx';
import { inTransaction } from '../../context/transaction';
import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';
import { findPage, type Page } from '../../shared/pagination';
import { ADMIN_PERMISSIONS, expandGrants, type Permission, STORE_PERMISSIONS } from '../../shared/permissions';
import type { ApiKeyCreateInput } from './api-key.type';

type Owner = 'admin' | 'customer';

/**
 * What a key of `owner` may be granted: every permission of its surface and each group's `<group>.*` (the
 * grants `expandGrants` accepts), sorted. The 400 for an unknown grant lists them, and so do the queries
 * `apiKeyPermissions` / `customerApiKeyPermissions`, so nobody has to read src/shared/permissions.ts.
 */
export function grantable(owner: Owner): string[] {
  const universe = owner === 'admin' ? ADMIN_PERMISSIONS : STORE_PERMISSIONS;
  const groups = new Set(universe.map((p) => `${p.slice(0, p.lastIndexOf('.'))}.*`));
  return [...universe, ...groups].sort();
}
const LIMITS: Record<Owner, number> = { admin: 10, customer: 5 };
const PREFIX: Record<Owner, 'ck' | 'sk'> = { admin: 'ck', customer: 'sk' };

/** The account a key operation acts for: the signed-in user, or the owner of the API key in use. */
function ownerOf(actor: Actor, owner: Owner): string {
  if (actor.kind === owner || (actor.kind === 'api_key' && actor.ownerType === owner))
    return (actor as { id: string }).id;
  throw new AppError('forbidden');
}

const ownerWhere = (owner: Owner, id: string) => (owner === 'admin' ? { adminUserId: id } : { customerId: id });

/**
 * Creates a key for the caller. Grants must name known permissions of the surface (400 `validation_error`,
 * rule `oneof`) and stay within what the caller holds (403 `forbidden`). The owner row is locked while
 * counting, so concurrent creations cannot pass the per-user limit (409 `limit_exceeded`).
 */
export async function createApiKey(ctx: Ctx, owner: Owner, input: ApiKeyCreateInput) {
  const ownerId = ownerOf(ctx.actor, owner);
  const universe = owner === 'admin' ? ADMIN_PERMISSIONS : STORE_PERMISSIONS;
  const allowed = grantable(owner);
  const problems = input.permissions.flatMap((grant, i) =>
    expandGrants([grant], universe).unknown.length ? [{ field: `permissions[${i}]`, detail: 'oneof', allowed }] : [],
  );
  if (problems.length) throw AppError.validation(problems);
  const { permissions } = expandGrants(input.permissions, universe);
  const held = (ctx.actor as Exclude<Actor, { kind: 'anonymous' }>).permissions;
  const beyond = [...permissions].filter((p) => !held.has(p as Permission));
  if (beyond.length) throw new AppError('forbidden', `cannot grant permissions you do not hold: ${beyond.join(', ')}`);
  const raw = `${PREFIX[owner]}_${randomBytes(32).toString('hex')}`;
  return inTransaction(ctx, async (tx) => {
    const table = owner === 'admin' ? Prisma.sql`admin_users` : Prisma.sql`customers`;
    await tx.db.$queryRaw(Prisma.sql`SELECT 1 FROM ${table} WHERE id = ${ownerId}::uuid FOR UPDATE`);
    const active = await tx.db.apiKey.count({ where: { ...ownerWhere(owner, ownerId), revokedAt: null } });
    if (active >= LIMITS[owner])
      throw new AppError('limit_exceeded', `at most ${LIMITS[owner]} active API keys per user`);
    const key = await tx.db.apiKey.create({
      data: {
        name: input.name,
        keyHash: hashApiKey(raw),
        prefix: PREFIX[owner],
        ...ownerWhere(owner, ownerId),
        permissions: [...new Set(input.permissions)],
      },
    });
    return { ...key, key: raw };
  });
}

/** The caller's active keys, newest first; `all` (super_admin only) lists every staff key. */
function listWhere(ctx: Ctx, owner: Owner, opts: { all?: boolean | null }) {
  const ownerId = ownerOf(ctx.actor, owner);
  if (opts.all && !(ctx.actor.kind === 'admin' && ctx.actor.role === 'super_admin'))
    throw new AppError('forbidden', 'only a super_admin may list every key');
  return opts.all ? { prefix: 'ck' as const, revokedAt: null } : { ...ownerWhere(owner, ownerId), revokedAt: null };
}

const NEWEST_FIRST = [{ createdAt: 'desc' as const }, { id: 'asc' as const }];

/** The caller's active keys (a customer has at most 10, so their list is not paged). */
export async function listApiKeys(ctx: Ctx, owner: Owner, opts: { all?: boolean | null } = {}) {
  return ctx.db.apiKey.findMany({ where: listWhere(ctx, owner, opts), orderBy: NEWEST_FIRST });
}

/** The staff list in the spec's list envelope (`all` can name every staff key). */
export function listApiKeyPage(ctx: Ctx, opts: { all?: boolean | null }, page: Page) {
  const where = listWhere(ctx, 'admin', opts);
  return findPage(
    page,
    (w) => ctx.db.apiKey.findMany({ where, orderBy: NEWEST_FIRST, ...w }),
    () => ctx.db.apiKey.count({ where }),
  );
}

/** Revokes one of the caller's keys (any staff key for a super_admin); someone else's key is 404. */
export async function revokeApiKey(ctx: Ctx, owner: Owner, id: string): Promise<boolean> {
  const ownerId = ownerOf(ctx.actor, owner);
  const superAdmin = ctx.actor.kind === 'admin' && ctx.actor.role === 'super_admin';
  const where =
    owner === 'admin' && superAdmin
      ? { id, prefix: 'ck' as const, revokedAt: null }
      : { id, ...ownerWhere(owner, ownerId), revokedAt: null };
  const { count } = await ctx.db.apiKey.updateMany({ where, data: { revokedAt: new Date() } });
  if (count === 0) throw AppError.notFound('api key');
  return true;
}
