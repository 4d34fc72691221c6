import type { Request } from 'express';
import type { Actor } from '../auth/actor';
import type { AppServices, Ctx, RequestInfo } from './ctx';
import { ResponseEffects } from './effects';
import { createLoaders } from './loaders';
import type { UploadedFile } from '../shared/uploads';

/** A fresh per-request context: its own DataLoaders, the request's actor, logger and response effects. */
export function createContext(
  app: AppServices,
  request: {
    id: string;
    actor: Actor;
    log: Request['log'];
    clientIp?: string;
    cookies?: RequestInfo['cookies'];
    headers?: Request['headers'];
    uploads?: Map<string, UploadedFile>;
  },
  effects = new ResponseEffects(),
): Ctx {
  return {
    ...app,
    requestId: request.id,
    actor: request.actor,
    log: request.log,
    db: app.prisma,
    acceptLanguage: request.headers?.['accept-language'],
    uploads: request.uploads,
    loaders: createLoaders(app.prisma, { defaultLocale: app.config['i18n.default_locale'], mediaUrl: (key) => app.mediaStorage.url(key) }),
    request: {
      ip: request.clientIp ?? 'unknown',
      cookies: request.cookies ?? {},
      headers: Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v])),
    },
    effects,
  };
}
