import { randomUUID } from 'node:crypto';

import { jwtVerify, SignJWT } from 'jose';

import type { Actor } from '../context/actor';
import { type Role, ROLE_PERMISSIONS, STAFF_ROLES } from '../shared/permissions';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;

export interface TokenSubject {
  id: string;
  email: string;
  utype: 'admin' | 'customer';
  role: Role;
}

/** Signs a token with the spec's claims (`uid, email, utype, role, type, jti, exp`), HS256. */
export async function signToken(
  subject: TokenSubject,
  type: 'access' | 'refresh',
  secret: Uint8Array,
  opts: { jti?: string; seconds?: number } = {},
) {
  const jti = opts.jti ?? randomUUID();
  const seconds = opts.seconds ?? (type === 'access' ? ACCESS_TOKEN_SECONDS : REFRESH_TOKEN_SECONDS);
  const token = await new SignJWT({
    uid: subject.id,
    email: subject.email,
    utype: subject.utype,
    role: subject.role,
    type,
    jti,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(secret);
  return { token, jti };
}

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

const ROLES = new Set<string>([...STAFF_ROLES, 'customer']);

/** Verifies an HS256 token and checks every claim the spec lists; returns null when anything is off. */
export async function verifyToken(
  token: string,
  secret: Uint8Array,
  expectedType: 'access' | 'refresh',
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const c = payload as Partial<TokenClaims>;
    const valid =
      typeof c.uid === 'string' &&
      typeof c.email === 'string' &&
      (c.utype === 'admin' || c.utype === 'customer') &&
      typeof c.role === 'string' &&
      ROLES.has(c.role) &&
      c.type === expectedType &&
      typeof c.jti === 'string' &&
      typeof c.exp === 'number' &&
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
export function actorFromClaims(
  claims: TokenClaims,
  via: 'jwt' | 'cookie',
  current: { email: string; role: Role } = claims,
): Actor {
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
