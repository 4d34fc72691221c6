import type { Actor } from '../auth/actor';
import type { HookRegistry } from '../plugin-api/hooks';
import type { PrismaClient } from '../generated/prisma/client';
import type { Prisma } from '../generated/prisma/client';
import type { BackgroundTasks } from './background';
import type { Config } from './config/keys';
import type { Loaders } from './loaders';
import type { UploadedFile } from '../shared/uploads';
import type { Logger } from './logger';

/** The Prisma client, or the open transaction when a use case runs inside one. */
export type DbClient = PrismaClient | Prisma.TransactionClient;

/** What lives for the whole process and every request shares. */
export interface AppServices {
  prisma: PrismaClient;
  hooks: HookRegistry;
  background: BackgroundTasks;
  config: Config;
  log: Logger;
}

/**
 * The first argument of every service method. `db` is the client or the open transaction, so a use case can
 * span services in one transaction; `afterCommit` is set inside a transaction and collects work (after-hooks)
 * that must only run once it has committed.
 */
export interface Ctx extends AppServices {
  requestId: string;
  actor: Actor;
  db: DbClient;
  loaders: Loaders;
  /** The request's `Accept-Language` header (store lookups by slug, localized names). */
  acceptLanguage?: string;
  /** File parts of a multipart REST request, by field name (see rest/multipart.ts). */
  uploads?: Map<string, UploadedFile>;
  afterCommit?: Array<() => Promise<void>>;
}
