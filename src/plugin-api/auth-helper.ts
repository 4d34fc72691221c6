import type { NextFunction, Request, Response } from 'express';

import type { Actor } from '../context/actor';
import { sendError } from '../http/send';
import { AppError } from '../shared/errors';
import type { Permission } from '../shared/permissions';
import type { PluginAuth, PluginRole } from './contract';

function roleOf(actor: Actor): PluginRole | null {
  if (actor.kind === 'anonymous') return null;
  return actor.kind === 'api_key' ? 'api_client' : actor.role;
}

const guard =
  (check: (actor: Actor) => AppError | null) =>
  (req: Request, res: Response, next: NextFunction): void => {
    const denied = check(req.actor);
    if (denied) return sendError(res, denied);
    next();
  };

const unauthorized = (actor: Actor) =>
  actor.kind === 'anonymous' ? new AppError('unauthorized', actor.authError ?? 'authentication required') : null;

/**
 * The spec's auth helper. Every request's actor is already resolved by the global authentication middleware
 * (which never blocks), so `optionalAuth` passes through and the others only decide.
 */
export const pluginAuth: PluginAuth = {
  optionalAuth: (_req, _res, next) => next(),
  required: guard(unauthorized),
  requireRole: (...roles) =>
    guard((actor) => unauthorized(actor) ?? (roles.includes(roleOf(actor)!) ? null : new AppError('forbidden'))),
  requirePermission: (permission) =>
    guard((actor) => {
      const missing = unauthorized(actor);
      if (missing) return missing;
      const staff = actor.kind === 'admin' || (actor.kind === 'api_key' && actor.ownerType === 'admin');
      if (!staff) return new AppError('forbidden');
      return actor.permissions.has(permission as Permission)
        ? null
        : new AppError('forbidden', `missing permission ${permission}`);
    }),
  userId: (req) =>
    (req as Request).actor.kind === 'anonymous' ? null : (req as Request & { actor: { id: string } }).actor.id,
  userType: (req) => {
    const actor = (req as Request).actor;
    return actor.kind === 'anonymous' ? null : actor.kind;
  },
};
