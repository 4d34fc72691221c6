import type { NextFunction, Request, Response } from 'express';

import { rateLimited } from '../context/limits';
import type { SecurityStore } from '../platform/security-store';
import { recordRateLimited } from '../platform/telemetry';
import { sendErrorFor } from './send';

/**
 * What the global per-IP limit counts: the API surfaces the README names (`/api/v1/*`, `/graphql`), the MCP
 * endpoint and plugin routes (`/plugins/<name>/…`, which run code and may reach the database or a provider).
 * Static files are not API calls and are left out: the admin's pages and chunks, uploads, GraphiQL's page and a
 * plugin's `/plugins/<name>/assets/…` (one admin screen loads dozens of them; counting them made the dashboard
 * trip its own limit, issue 52). A static path still answers only what is on disk, so it costs no more than a 404.
 */
const COUNTED = /^\/(?:api\/v1|graphql|mcp)(?:\/|$)/;
const PLUGIN_ROUTE = /^\/plugins\/[^/]+(?:\/|$)/;
const PLUGIN_ASSET = /^\/plugins\/[^/]+\/assets\//;

export function countsTowardsGlobalLimit(method: string, path: string): boolean {
  if (COUNTED.test(path)) return true;
  if (!PLUGIN_ROUTE.test(path)) return false;
  return !((method === 'GET' || method === 'HEAD') && PLUGIN_ASSET.test(path));
}

/** The global per-IP limit on every API request (see `countsTowardsGlobalLimit`). */
export function globalRateLimit(store: SecurityStore) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!countsTowardsGlobalLimit(req.method, req.path)) return next();
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
