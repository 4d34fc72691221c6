import { AppError } from '../shared/errors';
import type { Permission, Role } from '../shared/permissions';

/** Who is calling. Shield rules decide on `kind` and `permissions`; services read `id` for ownership. */
export type Actor =
  | { kind: 'anonymous'; authError?: string }
  | {
      kind: 'admin' | 'customer';
      id: string;
      email: string;
      role: Role;
      permissions: ReadonlySet<Permission>;
      jti?: string;
      exp?: number;
      via: 'jwt' | 'cookie';
    }
  | {
      kind: 'api_key';
      id: string;
      keyId: string;
      /** The key's name when the request was authenticated: histories label what the key did with it. */
      keyName: string;
      ownerType: 'admin' | 'customer';
      role: 'api_client';
      permissions: ReadonlySet<Permission>;
    };

export const ANONYMOUS: Actor = { kind: 'anonymous' };

/** The id of the admin actor the host acts as for a plugin (plugin-api/commerce.ts): histories name it "System". */
export const PLUGIN_HOST_ID = 'plugin-host';

export function hasPermission(actor: Actor, permission: Permission): boolean {
  return actor.kind !== 'anonymous' && actor.permissions.has(permission);
}

/** The customer an actor acts as: a customer JWT, or a customer API key's owner; null otherwise. */
export function customerIdOf(actor: Actor): string | null {
  if (actor.kind === 'customer') return actor.id;
  if (actor.kind === 'api_key' && actor.ownerType === 'customer') return actor.id;
  return null;
}

/** The signed-in customer's id, or 401 (the shield lets only customers through; this keeps services honest). */
export function requireCustomerId(actor: Actor): string {
  const id = customerIdOf(actor);
  if (!id) throw new AppError('unauthorized');
  return id;
}
