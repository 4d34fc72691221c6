import type { NextFunction, Request, Response } from 'express';

import { type AuthDeps, resolveActor } from '../auth/resolve-actor';
import { ACCESS_COOKIE } from '../auth/session-tokens';

/**
 * Resolves `req.actor`: the `Authorization` header first (`Bearer <jwt>` or `ApiKey <key>`), then the
 * `svc_access_token` cookie. It never answers by itself: a missing, bad or revoked credential leaves an
 * anonymous actor carrying why, and the access rule of the field decides between 401 and a guest.
 */
export function authenticate(deps: AuthDeps) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      req.actor = await resolveActor(
        { authorization: req.get('authorization'), accessCookie: req.cookies?.[ACCESS_COOKIE] },
        deps,
      );
      next();
    } catch (err) {
      next(err);
    }
  };
}
