import { createHash } from 'node:crypto';

import type { Actor } from '../context/actor';
import type { PrismaClient } from '../generated/prisma/client';
import type { BackgroundTasks } from '../platform/background';
import { queryScope } from '../platform/db/query-stats';
import {
  ADMIN_PERMISSIONS,
  expandGrants,
  type Permission,
  ROLE_PERMISSIONS,
  STORE_PERMISSIONS,
} from '../shared/permissions';

export const API_KEY_FORMAT = /^(ck|sk)_[0-9a-f]{64}$/;

export function hashApiKey(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

/**
 * Records `last_used_at` without a write per request: each key is written at most once per interval per
 * instance, in the background, so a busy integration costs one UPDATE a minute, not one per call.
 */
export class ApiKeyUsage {
  private readonly lastWrite = new Map<string, number>();
  constructor(
    private readonly prisma: PrismaClient,
    private readonly background: BackgroundTasks,
    private readonly intervalMs = 60_000,
  ) {}

  touch(keyId: string): void {
    const now = Date.now();
    if (now - (this.lastWrite.get(keyId) ?? 0) < this.intervalMs) return;
    this.lastWrite.set(keyId, now);
    // Outside the request's statement count: the write is bookkeeping, not part of the operation.
    queryScope.exit(() =>
      this.background.run(async () => {
        await this.prisma.apiKey.update({ where: { id: keyId }, data: { lastUsedAt: new Date(now) } });
      }),
    );
  }
}

/** The permissions a key acts with now: its grants, within what its owner's current role allows. */
export function effectivePermissions(
  grants: string[],
  owner: 'admin' | 'customer',
  ownerRole: keyof typeof ROLE_PERMISSIONS,
): Set<Permission> {
  const universe = owner === 'admin' ? ADMIN_PERMISSIONS : STORE_PERMISSIONS;
  const { permissions } = expandGrants(grants, universe);
  const allowed = ROLE_PERMISSIONS[ownerRole];
  return new Set([...permissions].filter((p) => allowed.has(p as Permission)) as Permission[]);
}

/**
 * Resolves `ApiKey <key>`. Only the SHA-256 of the key is stored; the lookup goes through the unique index on
 * that hash, so no raw secret is ever compared. Revoked keys and keys of inactive owners are rejected.
 */
export async function actorForApiKey(raw: string, prisma: PrismaClient, usage: ApiKeyUsage): Promise<Actor> {
  const invalid: Actor = { kind: 'anonymous', authError: 'invalid api key' };
  if (!API_KEY_FORMAT.test(raw)) return invalid;
  const key = await prisma.apiKey.findUnique({
    where: { keyHash: hashApiKey(raw) },
    select: {
      id: true,
      name: true,
      permissions: true,
      revokedAt: true,
      adminUser: { select: { id: true, role: true, active: true } },
      customer: { select: { id: true, active: true } },
    },
  });
  if (!key || key.revokedAt) return invalid;
  const owner = key.adminUser ?? key.customer;
  if (!owner?.active) return invalid;
  usage.touch(key.id);
  const ownerType = key.adminUser ? 'admin' : 'customer';
  const role = key.adminUser ? key.adminUser.role : 'customer';
  return {
    kind: 'api_key',
    id: owner.id,
    keyId: key.id,
    keyName: key.name,
    ownerType,
    role: 'api_client',
    permissions: effectivePermissions(key.permissions, ownerType, role),
  };
}
