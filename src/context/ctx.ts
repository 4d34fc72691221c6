import type { PrismaClient } from '../generated/prisma/client';
import type { BackgroundTasks } from '../platform/background';
import type { CatalogGeneration } from '../platform/cache/catalog-generation';
import type { Config } from '../platform/config/keys';
import type { RecentWrites } from '../platform/db/recent-writes';
import type { ReplicaStatus } from '../platform/db/replicas';
import type { Logger } from '../platform/logger';
import type { PasswordHasher } from '../platform/passwords';
import type { SecurityStore } from '../platform/security-store';
import type { MediaStorage } from '../platform/storage/media-storage';
import type { UploadedFile } from '../shared/uploads';
import type { Actor } from './actor';
import type { DbClient } from './db-client';
import type { ResponseEffects } from './effects';
import type { HookRegistry } from './hooks';
import type { Loaders } from './loaders';
import type { PluginDirectory } from './plugins';
import type { RawJsonParts } from './raw-json';

export type { DbClient } from './db-client';

/**
 * Where a request reads (`database.replica_urls`). Set on the services only when replicas are configured: the
 * operation runner then asks `routeOperation` (read-routing.ts); without replicas nothing here runs.
 */
export interface ReadRouting {
  /** The same database's client whose plain reads outside a transaction go to a replica in rotation. */
  prisma: PrismaClient;
  recentWrites: RecentWrites;
  /** When this instance last heard of a committed write to store data (its own, or another's over Redis). */
  lastStoreWriteAt: number;
  /**
   * Reads the shared catalog generation (Redis) and counts a newer one than this instance heard of as a store
   * write just now: pub/sub may deliver another instance's bump after its writer was answered.
   */
  refreshStoreWrites(): Promise<void>;
  /** The access tokens' lifetime (their issue time is `exp` minus this). */
  accessTokenSeconds: number;
  replicas(): ReplicaStatus[];
}

/** What lives for the whole process and every request shares. */
export interface AppServices {
  prisma: PrismaClient;
  hooks: HookRegistry;
  background: BackgroundTasks;
  config: Config;
  log: Logger;
  /** Bumped after every committed write to store data; the response cache files answers under it. */
  catalogGeneration: CatalogGeneration;
  /** Rate limits, login locks and the token blacklist (memory, or Redis when configured). */
  security: SecurityStore;
  passwords: PasswordHasher;
  jwtSecret: Uint8Array;
  /** Uploaded media: local files or an S3 bucket (`media.storage`), built once at start. */
  mediaStorage: MediaStorage;
  /** The plugins' states and UI extensions (filled by the plugin host at start). */
  plugins: PluginDirectory;
  /**
   * A fresh set of every domain's DataLoaders (the composition root knows the domains; this layer does not),
   * reading through `prisma` when given (a request that reads from a replica), else the primary client.
   */
  createLoaders(prisma?: PrismaClient): Loaders;
  /** Set only with `database.replica_urls`: where each operation reads (see read-routing.ts). */
  readRouting?: ReadRouting;
  /** Set when the service starts shutting down: health answers 503 `stopping` so load balancers move on. */
  lifecycle?: { stopping: boolean };
}

/**
 * What services may know about the request behind an operation. Typed fields, filled by each adapter from
 * its own transport (REST and GraphQL from headers and cookies, MCP from tool arguments, the plugin checkout
 * function from its options), so no domain reads a header by name and no adapter fakes one.
 */
export interface RequestInfo {
  /** Client IP per contract §4 (`server.trusted_proxies`): the rate-limit key. */
  ip: string;
  cookies: Record<string, string | undefined>;
  /** An anonymous cart's token (`X-Cart-Token`; MCP's `cart_token`). */
  cartToken?: string;
  /**
   * A guest order's token (`X-Guest-Token`), else the `svc_guest_token` cookie, which lists the tokens of the
   * browser's guest orders: read the tokens with `guestTokensOf` (guest-tokens.ts).
   */
  guestToken?: string;
  /** The client's `Idempotency-Key` as sent; read it through `idempotencyKey()`, which checks it. */
  idempotencyKey?: string;
  /** `<protocol>://<host>` of the HTTP request behind the operation (absolute links a plugin answers), if any. */
  origin?: string;
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
  request: RequestInfo;
  /** Cookies and headers the operation wants on the HTTP response; REST and GraphQL both apply them. */
  effects: ResponseEffects;
  /** The request's `Accept-Language` header (store lookups by slug, localized names). */
  acceptLanguage?: string;
  /** File parts of a multipart REST request, by field name (see src/routing/multipart.ts). */
  uploads?: Map<string, UploadedFile>;
  /** Aborted when the client goes away before its answer (long operations, e.g. imports, stop early). */
  signal?: AbortSignal;
  afterCommit?: Array<() => Promise<void>>;
  /** Extra fields of the request's log line (the operation that ran), when an HTTP request is behind it. */
  logFields?: Record<string, unknown>;
  /**
   * Set by the GraphQL endpoint only: resolvers that compiled their selection into SQL file the JSON text
   * PostgreSQL built here instead of returning objects (see raw-json.ts).
   */
  rawJson?: RawJsonParts;
}
