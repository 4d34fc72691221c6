/**
 * The plugin contract (the spec's "Plugin extension interface", contract §8). A plugin is a
 * {@link PluginDefinition}; the host validates its configuration, calls `init` with a {@link PluginContext}
 * of capabilities, and `shutdown` on stop. Plugins import only `src/plugin-api` (a layer rule checks it), own
 * their tables, and reach core data only through what the context offers.
 */
import type { RequestHandler, Router } from 'express';

import type { AccessTable } from '../auth/access';
import type { Ctx } from '../context/ctx';
import type { AfterHookName, BeforeHookName, HookHandler, HookName } from '../context/hooks';
import type { PluginRouteDoc } from '../routing/plugin-routes';
import { AppError } from '../shared/errors';
import type { Role } from '../shared/permissions';
import type { CheckoutFunction } from './checkout';
import type { PluginCommerce } from './commerce';
import type { PluginConfigOf, PluginConfigSchema } from './config-schema';
import type { PluginDatabase, PluginTableName } from './database';
import type { StoreMcpRegistration } from './mcp-tools';
import type { PluginRouteRow } from './route-rows';
import type { UiExtension } from './ui-extensions';

/** Role strings of the spec's `RequireRole` (`api_client` is an API key). */
export type PluginRole = Role;

/** The spec's auth helper as Express middleware and request accessors. */
export interface PluginAuth {
  /** Never blocks: the caller's actor (or a guest) is resolved for every request already. */
  optionalAuth: RequestHandler;
  /** 401 `unauthorized` unless the request carries a valid credential. */
  required: RequestHandler;
  /** 401 without a credential, 403 `forbidden` unless the caller has one of `roles`. */
  requireRole(...roles: PluginRole[]): RequestHandler;
  /** 401/403 unless the caller is staff (JWT or staff API key) holding `permission` (e.g. `plugins.manage`). */
  requirePermission(permission: string): RequestHandler;
  /** The caller's id (admin, customer, or the API key's owner), or null for a guest. */
  userId(req: Express.Request): string | null;
  /** `admin`, `customer`, `api_key`, or null for a guest. */
  userType(req: Express.Request): 'admin' | 'customer' | 'api_key' | null;
}

export interface PluginLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What an in-transaction hook handler gets besides the event: the plugin's tables inside the change's transaction. */
export type InTransactionHandler<T extends PluginTableName> = (
  event: Parameters<HookHandler>[0],
  db: PluginDatabase<T>,
) => Promise<void>;

/** The hook registry as plugins see it. */
export interface PluginHooks<T extends PluginTableName> {
  /** A before-hook handler that throws cancels the operation (422 `hook_rejected` / `checkout_rejected`). */
  before(name: BeforeHookName, handler: HookHandler): void;
  /** An after-hook handler: runs after commit, isolated, never blocking the response. */
  after(name: AfterHookName, handler: HookHandler): void;
  /**
   * Runs inside the transaction of the change that raised `name`, with the plugin's tables in that
   * transaction: what it writes commits or rolls back with the change (an outbox row, say). It must be quick
   * and do no network I/O; a throw rolls the change back.
   */
  inTransaction(name: AfterHookName, handler: InTransactionHandler<T>): void;
  /** Emits a hook the plugin owns (payment.after_complete, payment.after_failed), after commit semantics apply. */
  emit(
    name: Extract<HookName, `payment.${string}`>,
    event: { entity: object; changes?: object; metadata?: object },
  ): Promise<void>;
}

/** Capabilities a plugin's `init` receives. */
export interface PluginContext<C, T extends PluginTableName = never> {
  name: string;
  /** The plugin's configuration slice, validated against its `configSchema` (defaults applied). */
  config: C;
  /** A child logger (`plugin: <name>`); never log secrets. */
  log: PluginLogger;
  /** Routes under `/plugins/<name>/`; the global middleware (request ids, logs, rate limits, CSRF, headers, body limits) applies. */
  router: Router;
  /**
   * Routes under `/api/v1/store/<name>/`, for endpoints the spec puts in the store API. The same global
   * middleware applies; use `auth` for who may call them.
   */
  storeRouter: Router;
  /**
   * Declares that `POST /plugins/<name><path>` (e.g. `/webhook`) receives its body unparsed: `req.body` is the
   * exact bytes as a Buffer (up to `server.max_body_size`), so a signature over the raw body can be checked
   * before anything reads it.
   */
  acceptRawBody(path: string): void;
  /** Core commerce operations for payment providers (orders, payment methods, quotes, payment transactions). */
  commerce: PluginCommerce;
  /**
   * Serves the files of `dir` under `/plugins/<name>/assets/`, brotli- or gzip-encoded for clients that accept it
   * (from `<file>.br`/`.gz` beside a file when present, else compressed once and kept in memory).
   */
  serveAssets(dir: string): void;
  hooks: PluginHooks<T>;
  auth: PluginAuth;
  /** The programmatic checkout (same code path as `POST /api/v1/store/checkout`). */
  checkout: CheckoutFunction;
  /** Mirrors `security.csrf.secure`: use it for the Secure flag of the plugin's cookies. */
  secureCookie: boolean;
  /** The plugin's own tables (declared in `tables`), raw SQL and transactions. */
  db: PluginDatabase<T>;
  /**
   * Sends an HTML page with a fresh nonce CSP (plus every plugin's declared UI-extension origins, and `origins`:
   * ones this page alone talks to, e.g. a configured provider's, added to `script-src`, `frame-src`, `connect-src`).
   */
  sendHtml(res: Express.Response, render: (nonce: string) => string, origins?: readonly string[]): void;
  /**
   * Adds the CLI command `svc <plugin> <name>`: the CLI starts the service (plugins initialised, no public
   * listener), runs `run` once, prints its result as JSON, and stops.
   */
  command(name: string, description: string, run: () => Promise<unknown>): void;
  /** Resolves when the service starts shutting down (stop background loops). */
  readonly stopping: AbortSignal;
  /**
   * Hands the plugin's GraphQL resolvers (so its route rows) what `init` built (a provider client, say): they
   * read it with `pluginRuntime(context, name)`, per service instance.
   */
  expose(runtime: unknown): void;
  /**
   * Runs `task` without waiting for it (a pass of a background loop). Graceful shutdown waits for every task still
   * running before it closes the database, so a pass that began is finished, never cut in the middle.
   */
  runInBackground(task: () => Promise<void>): void;
}

export interface PluginDefinition<
  S extends PluginConfigSchema = PluginConfigSchema,
  T extends PluginTableName = never,
> {
  /** Unique, lower-case letters and digits (it is part of config keys, env names and URLs). */
  name: string;
  /** Semver (`1.2.3`). */
  version: string;
  description: string;
  configSchema: S;
  /** The Prisma models (delegate names) this plugin owns, e.g. `['automationEvent']`. */
  tables?: readonly T[];
  /** UI extensions for storefronts (validated by the host; their origins join the HTML pages' CSP). */
  uiExtensions?: UiExtension[];
  init(ctx: PluginContext<PluginConfigOf<S>, T>): void | Promise<void>;
  shutdown?(): void | Promise<void>;
  /** The spec's `RegisterStoreMCPTools`: called once when the store MCP server starts. */
  registerStoreMcpTools?: StoreMcpRegistration;
  /**
   * Queries and mutations the plugin adds to the GraphQL schema (type-graphql resolver classes), each root field
   * with an access rule, like a domain's. They are part of the schema whether or not the plugin is enabled (the
   * committed SDL is stable); a resolver of a plugin that is not active should answer 503 `service_unavailable`.
   */
  graphql?: { resolvers: Function[]; access: AccessTable };
  /**
   * The raw Express routes `init` mounts on `router` and `storeRouter`, for the OpenAPI document (method, path,
   * summary, who may call). A route left out is still served, just not documented.
   */
  httpRoutes?: PluginRouteDoc[];
  /**
   * Routes declared the way the core declares its own: rows over the plugin's named GraphQL operations (see
   * `graphql`), served by the route runner and described in the OpenAPI document from their operations.
   */
  routes?: PluginRouteRow[];
}

/** Declares a plugin with its config and table types inferred. */
export function definePlugin<S extends PluginConfigSchema, T extends PluginTableName = never>(
  definition: PluginDefinition<S, T>,
): PluginDefinition<S, T> {
  return definition;
}

/**
 * For a plugin's GraphQL resolvers (`@Ctx() context`): throws 503 `service_unavailable` unless plugin `name` is
 * active in the service answering this request. Their fields exist whether or not the plugin is enabled.
 */
export function assertPluginActive(context: unknown, name: string): void {
  const plugins = (context as Pick<Ctx, 'plugins'>).plugins;
  const state = plugins?.list().find((p) => p.name === name)?.state;
  if (state !== 'active') throw new AppError('service_unavailable', `the ${name} plugin is not active`);
}
