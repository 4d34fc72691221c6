import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Express } from 'express';

import type { OpenApiDocument } from '../rest/openapi';
import { ApiKeyUsage } from '../src/auth/api-key-auth';
import { ACCESS_TOKEN_SECONDS } from '../src/auth/tokens';
import { ANONYMOUS } from '../src/context/actor';
import { createContext } from '../src/context/create-context';
import type { AppServices } from '../src/context/ctx';
import type { ReadRouting } from '../src/context/ctx';
import { HookRegistry } from '../src/context/hooks';
import { NO_PLUGINS } from '../src/context/plugins';
import { startFacetIndex } from '../src/domains/catalog';
import { createApollo } from '../src/graphql/apollo';
import { restView } from '../src/graphql/rest-view';
import { closeHttpServer, trackInFlight } from '../src/http/close';
import { createMcpRuntime, mcpRouter, type McpRuntime } from '../src/mcp';
import { BackgroundTasks } from '../src/platform/background';
import { openCatalogGeneration } from '../src/platform/cache/catalog-generation';
import type { Config } from '../src/platform/config/keys';
import { type Database, type EmbeddedAssets, openDatabase } from '../src/platform/db/database';
import { applyMigrations } from '../src/platform/db/migrator';
import { RequestQueryLog } from '../src/platform/db/query-stats';
import { RecentWrites } from '../src/platform/db/recent-writes';
import { resolveJwtSecret } from '../src/platform/jwt-secret';
import { createLogger, type Logger } from '../src/platform/logger';
import { createPasswordHasher } from '../src/platform/passwords';
import { migrationsDir } from '../src/platform/paths';
import { releaseStartupMemory } from '../src/platform/release-memory';
import { openSecurityStore } from '../src/platform/security-store';
import { createMediaStorage } from '../src/platform/storage/media-storage';
import {
  declareOperationNames,
  enablePrometheusMetrics,
  observePluginStates,
  servePrometheus,
} from '../src/platform/telemetry';
import type { PluginDefinition } from '../src/plugin-api';
import { type CheckoutFunction, createCheckoutFunction } from '../src/plugin-api/checkout';
import { PluginHost, type PluginHostOptions } from '../src/plugin-api/host';
import { compileRoutes } from '../src/routing/compile';
import { bootstrapAdmin } from './bootstrap';
import { buildAppSchema, loaderFactory, ROUTES, schemaParts, toolsetOfRoute } from './domains';
import { startHousekeeping } from './housekeeping';
import { createHttpApp } from './http-app';
import { openApiFor } from './openapi';
import { BUNDLED_PLUGINS } from './plugins';
import { CACHEABLE_QUERY_FIELDS, cacheableRestPaths, openResponseCache } from './response-cache';
import { seedDemo } from './seed/demo';

/** The oldest Node.js major the service supports (package.json `engines`). */
const MIN_NODE_MAJOR = 26;

export interface RunningService {
  url: string;
  port: number;
  services: AppServices;
  database: Database;
  queryLog: RequestQueryLog;
  jwtSecret: Uint8Array;
  /** The checkout function of the plugin API (same code path as the store's checkout). */
  checkout: CheckoutFunction;
  plugins: PluginHost;
  /** What the MCP servers are built from (undefined when `mcp.enabled` is false). */
  mcp?: McpRuntime;
  /** The HTTP app the server answers with (tests walk its routers). */
  app: Express;
  close(): Promise<void>;
}

export interface StartOptions {
  config: Config;
  log?: Logger;
  /** PGlite's compiled code, loaded once by a process that opens many embedded databases (the test workers). */
  embeddedAssets?: EmbeddedAssets;
  /** `SVC_BOOTSTRAP_ADMIN_EMAIL` + `SVC_BOOTSTRAP_ADMIN_PASSWORD`: a super_admin created at start when absent. */
  bootstrapAdmin?: { email: string; password: string };
  /** Load the demo shop into an empty embedded database (what `npm start` does; contract §1). */
  seedDemoOnEmpty?: boolean;
  /** Compact the heap once before listening (`svc serve`; tests start many servers and skip it). */
  releaseStartupMemory?: boolean;
  /** The plugins this service can load (default: the bundled ones); each is enabled by its `plugins.<name>` config. */
  plugins?: PluginDefinition<any, any>[];
  pluginOptions?: PluginHostOptions;
}

export interface OpenedServices {
  database: Database;
  services: AppServices;
  /** Closes what was opened (the security store and the database). */
  close(): Promise<void>;
}

/** The database (migrated when `database.auto_migrate`) and the process-wide services, without HTTP. */
export async function openServices(opts: StartOptions): Promise<OpenedServices> {
  const { config } = opts;
  const log = opts.log ?? createLogger(config['log.level']);
  // `metrics.prometheus` without the OpenTelemetry SDK: a meter provider for the scrape alone (before the pool opens).
  if (config['metrics.prometheus']) enablePrometheusMetrics();
  // Every instance announces its store writes, even one that caches nothing itself (`cache.enabled` false).
  const catalogGeneration = openCatalogGeneration(config['redis.url'], log);
  const database = await openDatabase({
    onCommittedWrite: () => catalogGeneration.bump(),
    url: config['database.url'],
    dataDir: config.data_dir,
    maxConnections: config['database.max_connections'],
    tls: config['database.tls'],
    preparedStatements: config['database.prepared_statements'],
    replicaUrls: config['database.replica_urls'],
    replicaMaxLagMs: config['database.replica_max_lag_ms'],
    log,
    embeddedAssets: opts.embeddedAssets,
  }).catch(async (err: unknown) => {
    await catalogGeneration.close();
    throw err;
  });
  try {
    const jwtSecret = resolveJwtSecret(config['auth.jwt_secret'], {
      embedded: database.kind === 'embedded',
      dataDir: config.data_dir,
      log,
    });
    if (config['database.auto_migrate']) {
      const applied = await applyMigrations(database.executor, migrationsDir(), (msg) => log.info(msg));
      if (applied.length) log.info({ applied }, 'migrations applied');
    }
    const security = openSecurityStore(config, log);
    const mediaStorage = createMediaStorage(config);
    const services: AppServices = {
      security,
      catalogGeneration,
      passwords: createPasswordHasher(config),
      jwtSecret,
      mediaStorage,
      createLoaders: loaderFactory({ prisma: database.prisma, config, mediaStorage }),
      plugins: NO_PLUGINS,
      prisma: database.prisma,
      hooks: new HookRegistry(log),
      background: new BackgroundTasks((err) =>
        log.error({ err: err instanceof Error ? err.message : String(err) }, 'background task failed'),
      ),
      config,
      log,
      readRouting: database.replicas && readRoutingOf(database.replicas, config, catalogGeneration, log),
    };
    return {
      database,
      services,
      async close() {
        await services.background.drain();
        await services.readRouting?.recentWrites.close();
        await security.close();
        await database.close();
        await catalogGeneration.close();
      },
    };
  } catch (err) {
    await database.close().catch(() => undefined);
    await catalogGeneration.close();
    throw err;
  }
}

/** Where requests read when replicas are configured (see src/context/read-routing.ts). */
function readRoutingOf(
  replicas: NonNullable<Database['replicas']>,
  config: Config,
  catalogGeneration: AppServices['catalogGeneration'],
  log: Logger,
): ReadRouting {
  const windowMs = Math.max(config['database.read_your_writes_ms'], 2 * config['database.replica_max_lag_ms']);
  /** The newest catalog generation this instance knows of. */
  let heard = 0;
  const routing: ReadRouting = {
    prisma: replicas.prisma,
    recentWrites: new RecentWrites(windowMs, config['redis.url'], log),
    lastStoreWriteAt: 0,
    async refreshStoreWrites() {
      const now = await catalogGeneration.current();
      if (now === null || now > heard) routing.lastStoreWriteAt = Date.now();
      if (now !== null && now > heard) heard = now;
    },
    accessTokenSeconds: ACCESS_TOKEN_SECONDS,
    replicas: () => replicas.set.status(),
  };
  catalogGeneration.onChange((generation) => {
    routing.lastStoreWriteAt = Date.now();
    heard = Math.max(heard, generation);
  });
  return routing;
}

/** Generated passwords go to the operator's terminal once (stderr), never into the JSON logs. */
export function printDemoAccounts(accounts: Array<{ kind: string; email: string; password: string }>): void {
  for (const a of accounts)
    process.stderr.write(`demo ${a.kind} account: ${a.email} / ${a.password} (shown once; change it)\n`);
}

async function seedOnEmpty(services: AppServices): Promise<void> {
  const summary = await seedDemo(createContext(services, { id: 'seed', actor: ANONYMOUS, log: services.log }));
  if (!summary) return;
  const { accounts, ...shop } = summary;
  services.log.info({ ...shop, accounts: accounts.map((a) => a.email) }, 'empty database: demo shop loaded');
  printDemoAccounts(accounts);
}

/** How long shutdown waits, after the grace period, for handlers whose connections it cut (bounded: a stuck one must not hold the process). */
const HANDLER_DRAIN_MS = 5_000;

/** Composition: database (migrated), services, schema, GraphQL and REST on one HTTP server. */
export async function startService(opts: StartOptions): Promise<RunningService> {
  const { config } = opts;
  const opened = await openServices(opts);
  const { database, services } = opened;
  const { log } = services;
  // Production defaults the cookies to Secure (`productionDefault`), so only an explicit `false` gets here.
  if (config.env === 'production' && !config['security.csrf.secure'])
    log.warn(
      { key: 'security.csrf.secure' },
      'session cookies are sent without Secure in production (security.csrf.secure=false): serve over HTTPS and turn it on',
    );
  try {
    if (opts.bootstrapAdmin) await bootstrapAdmin(services, opts.bootstrapAdmin);
    if (opts.seedDemoOnEmpty && database.kind === 'embedded') await seedOnEmpty(services);
    // Plugin configuration is validated before anything listens: a bad key aborts start (ConfigError).
    const plugins = opts.plugins ?? BUNDLED_PLUGINS;
    const lifecycle = { stopping: false };
    services.lifecycle = lifecycle;
    const pluginHost = new PluginHost(plugins, services, {
      backgroundJobs: config['server.background_jobs'],
      ...opts.pluginOptions,
    });
    services.plugins = pluginHost;
    observePluginStates(() => pluginHost.list());
    const apiKeyUsage = new ApiKeyUsage(database.prisma, services.background);
    const schema = buildAppSchema(plugins);
    // GraphQL clients get UPPER_CASE enum values; REST, MCP and plugins the spec's lower-case ones (rest-view.ts).
    const restSchema = restView(schema);
    const checkout = createCheckoutFunction(services, restSchema);
    // Slow clients can't hold connections open: headers, whole requests and idle keep-alives are bounded (the
    // check runs every second so the bounds hold to about a second).
    const httpServer = http.createServer({
      headersTimeout: config['server.headers_timeout_seconds'] * 1000,
      requestTimeout: config['server.request_timeout_seconds'] * 1000,
      keepAliveTimeout: config['server.keep_alive_timeout_seconds'] * 1000,
      connectionsCheckingInterval: 1000,
    });
    const development = config.env !== 'production';
    const apollo = createApollo({
      schema,
      depthLimit: config['graphql.depth_limit'],
      complexityLimit: config['graphql.complexity_limit'],
      anonymousComplexityLimit: config['graphql.anonymous_complexity_limit'],
      aliasLimit: config['graphql.alias_limit'],
      rootFieldLimit: config['graphql.root_field_limit'],
      documentLimits: {
        maxTokens: config['graphql.max_tokens'],
        maxOperations: config['graphql.max_operations'],
        maxFragments: config['graphql.max_fragments'],
      },
      sandbox: config['graphql.sandbox'],
      development,
      compiledReads: config['graphql.compiled_reads'],
    });
    await apollo.start();
    const queryLog = new RequestQueryLog();
    const routes = compileRoutes(restSchema, ROUTES, schemaParts(plugins).accessTables);
    // The REST routes' operations label metrics by name (client-chosen GraphQL names are bounded: telemetry/metrics.ts).
    declareOperationNames(routes.map((route) => route.operationName));
    let selfUrl = '';
    let openapi: OpenApiDocument | undefined;
    const mcp = config['mcp.enabled']
      ? createMcpRuntime({
          services,
          schema: restSchema,
          routes,
          plugins: () => pluginHost.active(),
          pluginRoutes: () => pluginHost.routeTable(),
          toolsetOf: toolsetOfRoute,
          selfUrl: () => selfUrl,
        })
      : undefined;
    const inFlight = trackInFlight(httpServer);
    const responseCache = await openResponseCache(config, database, log);
    startFacetIndex({
      prisma: services.prisma,
      feed: responseCache.retirements,
      log,
      enabled: config['cache.facet_index'],
    });
    const app = createHttpApp({
      services,
      apollo,
      apiKeyUsage,
      queryLog,
      pluginRouter: pluginHost.router,
      pluginStoreRouter: pluginHost.storeRouter,
      pluginRoutes: () => pluginHost.routeTable(),
      rawBody: (path) => pluginHost.wantsRawBody(path),
      routes,
      responseCache: {
        cache: responseCache,
        restPaths: cacheableRestPaths(routes),
        graphqlFields: CACHEABLE_QUERY_FIELDS,
      },
      // The active plugins' raw routes join the core ones (the document is built after the plugins started).
      openapi: () => (openapi ??= openApiFor(restSchema, routes, pluginHost.active())),
      mcpRouter:
        mcp &&
        mcpRouter(mcp, {
          allowedHosts: config['mcp.allowed_hosts'],
          allowedOrigins: config['mcp.allowed_origins'],
        }),
    });
    httpServer.on('request', app);
    await pluginHost.start({ checkout, schema: restSchema });
    // Before the first request: what start-up allocated is collected and the heap compacted (release-memory.ts).
    if (opts.releaseStartupMemory) {
      const started = performance.now();
      await releaseStartupMemory();
      log.debug({ ms: Math.round(performance.now() - started) }, 'start-up memory released');
    }
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config['server.port'], config['server.host'], () => resolve());
    });
    const port = (httpServer.address() as AddressInfo).port;
    // How the service reaches itself (plugin MCP tools call the store API over HTTP): the bound address.
    const host = config['server.host'];
    selfUrl = `http://${['', '0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;
    log.info({ port, database: database.kind, node: process.version }, 'svc listening');
    // The service is built and measured on Node 26 LTS (package.json `engines`, D-344, D-378): an older runtime is out of
    // support and holds back its dependencies; say so where an operator looks, without refusing to serve.
    if (Number(process.versions.node.split('.')[0]) < MIN_NODE_MAJOR)
      log.warn(
        { node: process.version, supported: `>= ${MIN_NODE_MAJOR}` },
        'this Node.js runtime is older than the supported one (npm scripts run the pinned Node 26 from node_modules)',
      );
    const prometheus = config['metrics.prometheus']
      ? await servePrometheus(host, config['metrics.prometheus_port'])
      : undefined;
    if (prometheus) log.info({ port: prometheus.port }, 'prometheus metrics at /metrics');

    // The core's pruning runs where the background work does (`svc worker` otherwise).
    const housekeeping = config['server.background_jobs'] ? startHousekeeping(services, config) : undefined;
    let closing: Promise<void> | undefined;
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      services,
      database,
      queryLog,
      jwtSecret: services.jwtSecret,
      checkout,
      plugins: pluginHost,
      mcp,
      app,
      close: () =>
        (closing ??= (async () => {
          // Not ready first (health answers 503 `stopping`), then stop listening and let in-flight requests end.
          lifecycle.stopping = true;
          const delay = config['server.shutdown_delay_seconds'] * 1000;
          if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
          await closeHttpServer(httpServer, config['server.shutdown_timeout_seconds'] * 1000);
          // Handlers of connections cut at the deadline may still be writing; the database closes after them.
          if (!(await inFlight.settled(HANDLER_DRAIN_MS)))
            log.warn(
              { running: inFlight.running() },
              'requests still running at shutdown; closing the database under them',
            );
          await prometheus?.close();
          await apollo.stop();
          await pluginHost.close();
          await housekeeping?.close();
          await responseCache.close();
          await opened.close();
          log.info('svc stopped');
        })()),
    };
  } catch (err) {
    await opened.close().catch(() => undefined);
    throw err;
  }
}
