import type { Actor } from './actor';
import type { AppServices, Ctx, RequestInfo } from './ctx';
import { ResponseEffects } from './effects';
import type { Logger } from '../platform/logger';
import type { UploadedFile } from '../shared/uploads';

/** A fresh per-request context: its own DataLoaders, the request's actor, logger and response effects. */
export function createContext(
  app: AppServices,
  request: {
    id: string;
    actor: Actor;
    log: Logger;
    clientIp?: string;
    cookies?: RequestInfo['cookies'];
    headers?: Record<string, string | string[] | undefined>;
    uploads?: Map<string, UploadedFile>;
    signal?: AbortSignal;
  },
  effects = new ResponseEffects(),
): Ctx {
  return {
    ...app,
    requestId: request.id,
    actor: request.actor,
    log: request.log,
    db: app.prisma,
    acceptLanguage: [request.headers?.['accept-language']].flat()[0],
    uploads: request.uploads,
    signal: request.signal,
    loaders: app.createLoaders(),
    request: {
      ip: request.clientIp ?? 'unknown',
      cookies: request.cookies ?? {},
      headers: Object.fromEntries(
        Object.entries(request.headers ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
      ),
    },
    effects,
  };
}
