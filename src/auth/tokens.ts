import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Role } from '../shared/permissions';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;

export interface TokenSubject {
  id: string;
  email: string;
  utype: 'admin' | 'customer';
  role: Role;
}

/** Signs a token with the spec's claims (`uid, email, utype, role, type, jti, exp`), HS256. */
export async function signToken(subject: TokenSubject, type: 'access' | 'refresh', secret: Uint8Array, opts: { jti?: string; seconds?: number } = {}) {
  const jti = opts.jti ?? randomUUID();
  const seconds = opts.seconds ?? (type === 'access' ? ACCESS_TOKEN_SECONDS : REFRESH_TOKEN_SECONDS);
  const token = await new SignJWT({ uid: subject.id, email: subject.email, utype: subject.utype, role: subject.role, type, jti })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(secret);
  return { token, jti };
}
