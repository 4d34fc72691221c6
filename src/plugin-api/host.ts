import express, { type Router } from 'express';
import type { GraphQLSchema } from 'graphql';

import type { AppServices } from '../context/ctx';
import type { Ctx } from '../context/ctx';
import type { PluginDirectory, PluginStatus, PluginUiExtension } from '../context/plugins';
import { compressionSettings } from '../http/compression/dynamic';
import { StaticFiles } from '../http/compression/static-files';
import { sendHtmlPage } from '../http/html-page';
import { ConfigError } from '../platform/config/load';
import { nameHttpRoute } from '../platform/telemetry';
import type { CompiledRoute } from '../routing/compile';
import { AppError } from '../shared/errors';
import { pluginAuth } from './auth-helper';
import type { CheckoutFunction } from './checkout';
import { createPluginCommerce } from './commerce';
import { readPluginConfig, redactPluginConfig } from './config-schema';
import type { PluginContext, PluginDefinition, PluginHooks } from './contract';
import { isPluginTable, pluginDatabase, type PluginTableName } from './database';
import { type MountedRoute, routesOf, withMethodNotAllowed } from './route-methods';
import { compileRouteRows, mountRouteRows } from './route-rows';
import { uiExtensionProblems } from './ui-extensions';

const NAME = /^[a-z][a-z0-9]{1,31}$/;
const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

type AnyPlugin = PluginDefinition<any, any>;

interface Loaded {
  definition: AnyPlugin;
  config: Record<string, unknown>;
  status: PluginStatus;
  router: Router;
  storeRouter: Router;
  /** Hook registrations made during `init`, applied only once `init` succeeded. */
  pending: Array<() => void>;
  /** The plugin's route rows, compiled with their full paths at start. */
  rows: CompiledRoute[];
  /** What `init` exposed to the plugin's resolvers (`ctx.expose`). */
  runtime?: unknown;
}

export interface PluginHostOptions {
  /** How long `init` and `shutdown` may take each (ms). */
  initTimeoutMs?: number;
  shutdownTimeoutMs?: number;
  /**
   * Whether this instance runs background work (`server.background_jobs`; always on in `svc worker`). Off, each
   * plugin's `stopping` signal is aborted as soon as its `init` returns, so the loops it started there (the
   * automation relay, the payprov reconciler) stop before their first round while its hooks and routes stay on.
   */
  backgroundJobs?: boolean;
}

/** Rejects with a timeout error when `work` does not settle within `ms`. */
async function withTimeout<T>(work: () => T | Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([Promise.resolve().then(work), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Loads plugins (contract §8): validates each one's configuration at construction (a bad key aborts start),
 * runs `init` with a time limit (a plugin that throws or times out is logged, listed as `failed`, and its
 * routes and hooks stay off; the service still starts), and `shutdown` in reverse order on stop.
 */
export class PluginHost implements PluginDirectory {
  /** Mounted at `/plugins` by the HTTP app; each plugin's routes live under `/plugins/<name>/`. */
  readonly router: Router = express.Router();
  /** Mounted at `/api/v1/store` by the HTTP app; each plugin's store routes live under `/api/v1/store/<name>/`. */
  readonly storeRouter: Router = express.Router();
  /** CLI commands plugins added (`svc <plugin> <name>`), by `<plugin> <name>`. */
  private readonly commands = new Map<string, { description: string; run: () => Promise<unknown> }>();
  /** Full paths whose POST bodies reach the plugin unparsed (see `acceptRawBody`). */
  private readonly rawBodyPaths = new Set<string>();
  private readonly plugins: Loaded[] = [];
  private readonly stop = new AbortController();
  private readonly initTimeoutMs: number;
  private readonly shutdownTimeoutMs: number;
  private readonly backgroundJobs: boolean;

  constructor(
    definitions: AnyPlugin[],
    private readonly services: AppServices,
    options: PluginHostOptions = {},
  ) {
    this.initTimeoutMs = options.initTimeoutMs ?? 10_000;
    this.shutdownTimeoutMs = options.shutdownTimeoutMs ?? 10_000;
    this.backgroundJobs = options.backgroundJobs ?? true;
    const raw = services.config.plugins ?? {};
    const known = new Set(definitions.map((d) => d.name));
    for (const name of Object.keys(raw)) {
      if (!known.has(name))
        throw new ConfigError(`plugins.${name}: no such plugin (known: ${[...known].join(', ') || 'none'})`);
    }
    for (const definition of definitions) {
      if (!NAME.test(definition.name))
        throw new Error(`plugin name ${JSON.stringify(definition.name)}: lower-case letters and digits`);
      if (this.plugins.some((p) => p.definition.name === definition.name))
        throw new Error(`plugin ${definition.name}: registered twice`);
      const settings = raw[definition.name];
      const config = settings
        ? readPluginConfig(definition.name, definition.configSchema, settings)
        : { enabled: false };
      const status: PluginStatus = {
        name: definition.name,
        version: definition.version,
        description: definition.description,
        state: config.enabled ? 'active' : 'disabled',
        error: null,
      };
      const router = express.Router();
      const storeRouter = express.Router();
      const loaded: Loaded = { definition, config, status, router, storeRouter, pending: [], rows: [] };
      // Routes answer only while the plugin is active (a failed init leaves them off); a known path with
      // another method is a 405 with `Allow`, as on the core routes.
      // Traced requests name their HTTP span after the plugin's mount (bounded: no ids from the path).
      const mount = (on: Router, routes: Router) => {
        const serve = withMethodNotAllowed(routes);
        on.use(`/${definition.name}`, (req, res, next) => {
          if (status.state !== 'active') return next();
          nameHttpRoute(`${req.baseUrl}/*`);
          serve(req, res, next);
        });
      };
      mount(this.router, router);
      mount(this.storeRouter, storeRouter);
      this.plugins.push(loaded);
    }
  }

  list(): PluginStatus[] {
    return this.plugins.map((p) => ({ ...p.status }));
  }

  extensions(): PluginUiExtension[] {
    return this.plugins
      .filter((p) => p.status.state === 'active')
      .flatMap((p) => (p.definition.uiExtensions ?? []).map((ext) => ({ plugin: p.definition.name, ...ext })));
  }

  /** Origins of the active plugins' UI extensions, for the HTML pages' CSP. */
  extensionOrigins(): string[] {
    return [...new Set(this.extensions().flatMap((e) => e.component.origins))];
  }

  /** Definitions of the active plugins (the MCP server asks them for their store tools). */
  active(): AnyPlugin[] {
    return this.plugins.filter((p) => p.status.state === 'active').map((p) => p.definition);
  }

  /**
   * The active plugins' route rows, compiled with their full paths: what the MCP store client dispatches to in
   * process (the same routes HTTP serves).
   */
  routeTable(): CompiledRoute[] {
    return this.plugins.filter((p) => p.status.state === 'active').flatMap((p) => p.rows);
  }

  /** What plugin `name`'s `init` exposed to its resolvers, while it is active. */
  runtimeOf(name: string): unknown {
    const plugin = this.plugins.find((p) => p.definition.name === name);
    return plugin?.status.state === 'active' ? plugin.runtime : undefined;
  }

  /** Every route the active plugins mounted, with its full path (`/plugins/<name>/…`, `/api/v1/store/<name>/…`). */
  mountedRoutes(): Array<MountedRoute & { plugin: string }> {
    return this.plugins
      .filter((p) => p.status.state === 'active')
      .flatMap((p) => {
        const name = p.definition.name;
        return [
          ...routesOf(p.router).map((r) => ({ ...r, plugin: name, path: `/plugins/${name}${r.path}` })),
          ...routesOf(p.storeRouter).map((r) => ({ ...r, plugin: name, path: `/api/v1/store/${name}${r.path}` })),
        ];
      });
  }

  /** The plugins' CLI commands: `[plugin, name, description]`. */
  commandList(): Array<[string, string, string]> {
    return [...this.commands].map(([key, c]) => [...(key.split(' ') as [string, string]), c.description]);
  }

  /** Runs a plugin's CLI command; throws when there is none of that name (or the plugin is not active). */
  runCommand(plugin: string, name: string): Promise<unknown> {
    const command = this.commands.get(`${plugin} ${name}`);
    if (!command) throw new ConfigError(`no command "${name}" for plugin ${plugin} (is it enabled?)`);
    return command.run();
  }

  /** Whether the POST body of `path` is kept raw for a plugin (the HTTP app's body parser asks). */
  wantsRawBody(path: string): boolean {
    return this.rawBodyPaths.has(path.replace(/\/+$/, ''));
  }

  /** Runs every enabled plugin's `init`, in order. Never throws: a failing plugin is marked `failed`. */
  async start({ checkout, schema }: { checkout: CheckoutFunction; schema: GraphQLSchema }): Promise<void> {
    for (const plugin of this.plugins) {
      if (plugin.status.state !== 'active') continue;
      const log = this.services.log.child({ plugin: plugin.definition.name });
      try {
        this.checkDeclarations(plugin.definition);
        // Without background jobs the plugin's loops get a signal of their own, aborted once `init` has run
        // (synchronously after a synchronous init: a loop's first round stops before it leases anything).
        const quiet = this.backgroundJobs ? undefined : new AbortController();
        const ctx = this.contextFor(plugin, checkout, schema, quiet?.signal);
        // The plugin's route rows (GraphQL operations run by `runRoute`) before its own raw routes.
        plugin.rows = compileRouteRows(schema, plugin.definition);
        mountRouteRows(this.services, plugin.definition.name, plugin.rows, {
          plugin: plugin.router,
          store: plugin.storeRouter,
        });
        await withTimeout(
          async () => {
            const ran = plugin.definition.init(ctx);
            if (ran instanceof Promise) await ran;
            quiet?.abort();
          },
          this.initTimeoutMs,
          'init',
        );
        for (const apply of plugin.pending) apply();
        log.info(
          {
            version: plugin.definition.version,
            config: redactPluginConfig(plugin.definition.configSchema, plugin.config),
          },
          'plugin active',
        );
      } catch (err) {
        plugin.status.state = 'failed';
        plugin.status.error = err instanceof Error ? err.message : String(err);
        log.error({ err: plugin.status.error }, 'plugin failed to start; it stays off');
      }
    }
  }

  /** Runs `shutdown` of the active plugins in reverse order, each with a time limit. */
  async close(): Promise<void> {
    this.stop.abort();
    for (const plugin of [...this.plugins].reverse()) {
      if (plugin.status.state !== 'active' || !plugin.definition.shutdown) continue;
      try {
        await withTimeout(() => plugin.definition.shutdown!(), this.shutdownTimeoutMs, 'shutdown');
      } catch (err) {
        this.services.log.error(
          { plugin: plugin.definition.name, err: err instanceof Error ? err.message : String(err) },
          'plugin shutdown failed',
        );
      }
    }
  }

  private checkDeclarations(definition: AnyPlugin): void {
    if (!SEMVER.test(definition.version))
      throw new Error(`version ${JSON.stringify(definition.version)} is not semver`);
    for (const table of definition.tables ?? []) {
      if (!isPluginTable(definition.name, table))
        throw new Error(`table ${table}: a plugin owns only tables named ${definition.name}…`);
      if (!(table in this.services.prisma)) throw new Error(`table ${table}: no such model`);
    }
    for (const ext of definition.uiExtensions ?? []) {
      const problems = uiExtensionProblems(ext);
      if (problems.length) throw new Error(`UI extension ${ext.id}: ${problems.join('; ')}`);
    }
  }

  private contextFor(
    plugin: Loaded,
    checkout: CheckoutFunction,
    schema: GraphQLSchema,
    stopping: AbortSignal = this.stop.signal,
  ): PluginContext<any, PluginTableName> {
    const { definition, router, storeRouter } = plugin;
    const tables = (definition.tables ?? []) as PluginTableName[];
    const { hooks } = this.services;
    const later = (apply: () => void) => void plugin.pending.push(apply);
    const pluginHooks: PluginHooks<PluginTableName> = {
      before: (name, handler) => later(() => hooks.register(name, handler)),
      after: (name, handler) => later(() => hooks.register(name, handler)),
      inTransaction: (name, handler) =>
        later(() => hooks.registerInTransaction(name, (event, db) => handler(event, pluginDatabase(db, tables)))),
      emit: async (name, event) => {
        const hookEvent = {
          entity: { ...event.entity },
          changes: { ...event.changes },
          metadata: { ...event.metadata },
        };
        await hooks.runInTransaction(name, hookEvent, this.services.prisma);
        this.services.background.run(() => hooks.runAfter(name, hookEvent));
      },
    };
    return {
      name: definition.name,
      config: plugin.config,
      log: this.services.log.child({ plugin: definition.name }),
      router,
      storeRouter,
      acceptRawBody: (path) => {
        if (!/^\/[A-Za-z0-9/_-]*$/.test(path)) throw new Error(`acceptRawBody: bad path ${path}`);
        this.rawBodyPaths.add(`/plugins/${definition.name}${path}`.replace(/\/+$/, ''));
      },
      commerce: createPluginCommerce(this.services, definition.name),
      command: (name, description, run) =>
        later(() => void this.commands.set(`${definition.name} ${name}`, { description, run })),
      // Brotli or gzip by the client's Accept-Encoding: from the build's precompressed copies, else compressed once.
      serveAssets: (dir) =>
        router.use(
          '/assets',
          new StaticFiles(compressionSettings(this.services.config)).folder(dir, { cacheControl: 'public, max-age=0' }),
        ),
      hooks: pluginHooks,
      auth: pluginAuth,
      checkout,
      secureCookie: this.services.config['security.csrf.secure'],
      db: pluginDatabase(this.services.prisma, tables),
      sendHtml: (res, render, origins = []) =>
        sendHtmlPage(res as express.Response, [...new Set([...this.extensionOrigins(), ...origins])], render),
      stopping,
      expose: (runtime) => void (plugin.runtime = runtime),
      runInBackground: (task) => this.services.background.run(task),
    };
  }
}

/**
 * For a plugin's GraphQL resolvers (`@Ctx() context`): what plugin `name`'s `init` exposed (`ctx.expose`) in the
 * service answering this request; 503 `service_unavailable` while the plugin is not active there.
 */
export function pluginRuntime<T>(context: unknown, name: string): T {
  const host = (context as Pick<Ctx, 'plugins'>).plugins;
  const runtime = host instanceof PluginHost ? host.runtimeOf(name) : undefined;
  if (runtime === undefined) throw new AppError('service_unavailable', `the ${name} plugin is not active`);
  return runtime as T;
}
