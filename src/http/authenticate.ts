import type { NextFunction, Request, Response } from 'express';

import { type AuthDeps, resolveActor } from '../auth/resolve-actor';
import { ACCESS_COOKIE } from '../auth/session-tokens';
import { ANONYMOUS } from '../context/actor';

/**
 * Resolves `req.actor`: the `Authorization` header first (`Bearer <jwt>` or `ApiKey <key>`), then the
 * `svc_access_token` cookie. It never answers by itself: a missing, bad or revoked credential leaves an
 * anonymous actor carrying why, and the access rule of the field decides between 401 and a guest.
 */
export function authenticate(deps: AuthDeps) {
  const withCredential = async (req: Request, next: NextFunction, input: Parameters<typeof resolveActor>[0]) => {
    try {
      req.actor = await resolveActor(input, deps);
      next();
    } catch (err) {
      next(err);
    }
  };
  return (req: Request, _res: Response, next: NextFunction) => {
    const authorization = req.get('authorization');
    const accessCookie = req.cookies?.[ACCESS_COOKIE];
    // Most store reads carry no credential: answered at once, with no promise to wait for and no turn of the
    // microtask queue (each also costs an async hook when tracing is on).
    if (!authorization && !accessCookie) {
      req.actor = ANONYMOUS;
      return next();
    }
    void withCredential(req, next, { authorization, accessCookie });
  };
}
