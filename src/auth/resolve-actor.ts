import { type Actor, ANONYMOUS } from '../context/actor';
import type { PrismaClient } from '../generated/prisma/client';
import type { SecurityStore } from '../platform/security-store';
import type { Role } from '../shared/permissions';
import { actorForApiKey, type ApiKeyUsage } from './api-key-auth';
import { actorFromClaims, verifyToken } from './tokens';

export interface AuthDeps {
  secret: Uint8Array;
  prisma: PrismaClient;
  security: SecurityStore;
  apiKeyUsage: ApiKeyUsage;
}

const INVALID = 'invalid or expired token';

/**
 * The actor behind a request's credentials: the `Authorization` header first (`Bearer <jwt>` or
 * `ApiKey <key>`), then the access cookie. A missing, bad or revoked credential gives an anonymous actor
 * carrying why; the access rule of the field decides between 401 and a guest.
 */
export async function resolveActor(
  input: { authorization?: string; accessCookie?: string },
  deps: AuthDeps,
): Promise<Actor> {
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
      ? await deps.prisma.adminUser.findUnique({
          where: { id: claims.uid },
          select: { email: true, role: true, active: true },
        })
      : await deps.prisma.customer
          .findUnique({ where: { id: claims.uid }, select: { email: true, active: true } })
          .then((c) => c && { ...c, role: 'customer' as const });
  if (!account?.active) return { kind: 'anonymous', authError: INVALID };
  return actorFromClaims(claims, via, account);
}
