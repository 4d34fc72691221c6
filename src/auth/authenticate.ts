import type { NextFunction, Request, Response } from 'express';
import { ANONYMOUS, type Actor, actorFromClaims, verifyToken } from './actor';

/**
 * Resolves `req.actor` from `Authorization: Bearer <access token>`. It never answers by itself: a missing
 * or bad credential leaves an anonymous actor (carrying why), and the shield rule of the field decides
 * between 401 and allowing a guest.
 */
export function authenticate(secret: Uint8Array) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    req.actor = await resolveActor(req.get('authorization'), secret);
    next();
  };
}

export async function resolveActor(header: string | undefined, secret: Uint8Array): Promise<Actor> {
  if (!header) return ANONYMOUS;
  const [scheme, credential] = header.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() === 'bearer' && credential) {
    const claims = await verifyToken(credential, secret, 'access');
    return claims ? actorFromClaims(claims, 'jwt') : { kind: 'anonymous', authError: 'invalid or expired token' };
  }
  return { kind: 'anonymous', authError: 'unsupported authorization scheme' };
}
