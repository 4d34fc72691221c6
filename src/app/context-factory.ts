import type { Request } from 'express';
import type { Actor } from '../auth/actor';
import type { AppServices, Ctx } from './context';
import { createLoaders } from './loaders';
import type { UploadedFile } from '../shared/uploads';

/** A fresh per-request context: its own DataLoaders, the request's actor and logger. */
export function createContext(app: AppServices, request: { id: string; actor: Actor; log: Request['log']; headers?: Request['headers']; uploads?: Map<string, UploadedFile> }): Ctx {
  return {
    ...app,
    requestId: request.id,
    actor: request.actor,
    log: request.log,
    db: app.prisma,
    acceptLanguage: request.headers?.['accept-language'],
    uploads: request.uploads,
    loaders: createLoaders(app.prisma, { defaultLocale: app.config['i18n.default_locale'] }),
  };
}
