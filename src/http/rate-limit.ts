import type { NextFunction, Request, Response } from 'express';

import { rateLimited } from '../context/limits';
import type { SecurityStore } from '../platform/security-store';
import { recordRateLimited } from '../platform/telemetry';
import { sendErrorFor } from './send';

/** The global per-IP limit on every API request (`/api/v1/*`, `/graphql`). */
export function globalRateLimit(store: SecurityStore) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const verdict = await store.consume('global', req.clientIp);
      if (!verdict.allowed) {
        recordRateLimited('global');
        return sendErrorFor(req, res, rateLimited(verdict.retryAfter));
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}
