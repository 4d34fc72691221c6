import type { NextFunction, Request, Response } from 'express';
import type { PrismaClient } from '../generated/prisma/client';
import { ANONYMOUS, type Actor, actorFromClaims, verifyToken } from './actor';
import { type ApiKeyUsage, actorForApiKey } from './api-key-auth';
import type { Role } from '../shared/permissions';
import type { SecurityStore } from '../platform/security-store';
import { ACCESS_COOKIE } from './session-tokens';



export interface AuthDeps {
  secret: Uint8Array;
  prisma: PrismaClient;
  security: SecurityStore;
  apiKeyUsage: ApiKeyUsage;
}

/**
 * Resolves `req.actor`: the `Authorization` header first (`Bearer <jwt>` or `ApiKey <key>`), then the
 * `svc_access_token` cookie. It never answers by itself: a missing, bad or revoked credential leaves an
 * anonymous actor carrying why, and the access rule of the field decides between 401 and a guest.
 */
export function authenticate(deps: AuthDeps) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      req.actor = await resolveActor({ authorization: req.get('authorization'), accessCookie: req.cookies?.[ACCESS_COOKIE] }, deps);
      next();
    } catch (err) {
      next(err);
    }
  };
}

const INVALID = 'invalid or expired token';

export async function resolveActor(input: { authorization?: string; accessCookie?: string }, deps: AuthDeps): Promise<Actor> {
  if (input.authorization) {
    const [scheme, credential] = input.authorization.trim().split(/\s+/, 2);
    const kind = scheme?.toLowerCase();
    if (kind === 'bearer' && credential) return actorForJwt(credential, 'jwt', deps);
    if (kind === 'apikey' && credential) return actorForApiKey(credential, deps.prisma, deps.apiKeyUsage);
    return { kind: 'anonymous', authError: 'unsupported authorization scheme' };
  }
  if (input.accessCookie) return actorForJwt(input.accessCookie, 'cookie', deps);
  return ANONYMOUS;
}

/**
 * A signed, unexpired access token is not enough: its `jti` must not be blacklisted (logout), and the
 * account must still exist and be active. That costs one primary-key read per request; in exchange a
 * deleted or deactivated account, or a demoted admin, loses access at once on every instance.
 */
async function actorForJwt(token: string, via: 'jwt' | 'cookie', deps: AuthDeps): Promise<Actor> {
  const claims = await verifyToken(token, deps.secret, 'access');
  if (!claims) return { kind: 'anonymous', authError: INVALID };
  if (await deps.security.isJtiRevoked(claims.jti)) return { kind: 'anonymous', authError: 'token has been revoked' };
  const account: { email: string; active: boolean; role: Role } | null =
    claims.utype === 'admin'
      ? await deps.prisma.adminUser.findUnique({ where: { id: claims.uid }, select: { email: true, role: true, active: true } })
      : await deps.prisma.customer.findUnique({ where: { id: claims.uid }, select: { email: true, active: true } }).then((c) => c && { ...c, role: 'customer' as const });
  if (!account?.active) return { kind: 'anonymous', authError: INVALID };
  return actorFromClaims(claims, via, account);
}
