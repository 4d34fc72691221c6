import { jwtVerify } from 'jose';
import { AppError } from '../shared/errors';
import { type Permission, ROLE_PERMISSIONS, type Role } from '../shared/permissions';

/** Who is calling. Shield rules decide on `kind` and `permissions`; services read `id` for ownership. */
export type Actor =
  | { kind: 'anonymous'; authError?: string }
  | { kind: 'admin' | 'customer'; id: string; email: string; role: Role; permissions: ReadonlySet<Permission>; jti?: string; exp?: number; via: 'jwt' | 'cookie' }
  | { kind: 'api_key'; id: string; keyId: string; ownerType: 'admin' | 'customer'; role: 'api_client'; permissions: ReadonlySet<Permission> };

export const ANONYMOUS: Actor = { kind: 'anonymous' };

/** Claims of the spec's access and refresh tokens. */
export interface TokenClaims {
  uid: string;
  email: string;
  utype: 'admin' | 'customer';
  role: Role;
  type: 'access' | 'refresh';
  jti: string;
  exp: number;
}

const ROLES = new Set<string>(['super_admin', 'admin', 'manager', 'customer']);

/** Verifies an HS256 token and checks every claim the spec lists; returns null when anything is off. */
export async function verifyToken(token: string, secret: Uint8Array, expectedType: 'access' | 'refresh'): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const c = payload as Partial<TokenClaims>;
    const valid =
      typeof c.uid === 'string' && typeof c.email === 'string' && (c.utype === 'admin' || c.utype === 'customer') &&
      typeof c.role === 'string' && ROLES.has(c.role) && c.type === expectedType && typeof c.jti === 'string' && typeof c.exp === 'number' &&
      (c.utype === 'customer') === (c.role === 'customer');
    return valid ? (c as TokenClaims) : null;
  } catch {
    return null;
  }
}

/**
 * Builds the actor of a verified access token. `current` is the account as stored now: its role, not the
 * token's, decides (a demoted admin loses permissions at once).
 */
export function actorFromClaims(claims: TokenClaims, via: 'jwt' | 'cookie', current: { email: string; role: Role } = claims): Actor {
  return {
    kind: claims.utype,
    id: claims.uid,
    email: current.email,
    role: current.role,
    permissions: ROLE_PERMISSIONS[current.role],
    jti: claims.jti,
    exp: claims.exp,
    via,
  };
}

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
