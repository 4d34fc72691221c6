import type { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type NextFunction, type Request, type Response } from 'express';

import { type OpenApiDocument, openApiRouter } from '../rest/openapi';
import type { ApiKeyUsage } from '../src/auth/api-key-auth';
import { createContext } from '../src/context/create-context';
import type { AppServices, Ctx } from '../src/context/ctx';
import { ResponseEffects } from '../src/context/effects';
import { isAdminExtension } from '../src/context/plugins';
import { recordedType } from '../src/domains/media';
import { SANDBOX_CSP } from '../src/graphql/apollo';
import { databaseUnavailable } from '../src/graphql/errors';
import { adminDistDir, adminRouter } from '../src/http/admin-page';
import { authenticate } from '../src/http/authenticate';
import { jsonBody } from '../src/http/body';
import { requestFacts } from '../src/http/client-ip';
import { compressAnswers, compressionSettings } from '../src/http/compression/dynamic';
import { csrfProtection } from '../src/http/csrf';
import { graphiqlRouter } from '../src/http/graphiql';
import { graphqlDocumentSize } from '../src/http/graphql-document-size';
import { rejectMalformedPath } from '../src/http/path-encoding';
import { globalRateLimit } from '../src/http/rate-limit';
import { countQueries, requestId } from '../src/http/request-context';
import { noStoreByDefault, type ResponseCache, responseCache } from '../src/http/response-cache/middleware';
import { graphqlRequestKey, restRequestKey } from '../src/http/response-cache/request-keys';
import { cors, securityHeaders } from '../src/http/security-headers';
import { isGraphqlPath, sendError, sendErrorFor } from '../src/http/send';
import { storeAccountPages } from '../src/http/store-account-pages';
import { serveUploads } from '../src/http/uploads';
import type { RequestQueryLog } from '../src/platform/db/query-stats';
import { LocalMediaStorage } from '../src/platform/storage/media-storage';
import { httpServerSpans, nameHttpRoute } from '../src/platform/telemetry';
import type { CompiledRoute } from '../src/routing/compile';
import { malformedParamOf, restRouter } from '../src/routing/router';
import { isDatabaseUnavailable } from '../src/shared/db-errors';
import { errorFields } from '../src/shared/error-fields';
import { AppError } from '../src/shared/errors';

export interface HttpDeps {
  services: AppServices;
  apollo: ApolloServer<Ctx>;
  apiKeyUsage: ApiKeyUsage;
  queryLog: RequestQueryLog;
  /** The REST route table, compiled against the schema's REST view (REST serves it; MCP tools are generated from it). */
  routes: CompiledRoute[];
  /** `/mcp/store` and `/mcp/admin`, when MCP is enabled. */
  mcpRouter?: express.Router;
  /** The plugins' routes, mounted at `/plugins` (after the global middleware, so it applies to them too). */
  pluginRouter: express.Router;
  /** The plugins' store routes, mounted at `/api/v1/store` ahead of the REST adapter. */
  pluginStoreRouter: express.Router;
  /** The active plugins' route rows (full paths), so a malformed escape in one names its parameter. */
  pluginRoutes?: () => CompiledRoute[];
  /** The OpenAPI document of this service's REST surface (built on first request). */
  openapi: () => OpenApiDocument;
  /** POST paths whose bodies stay raw bytes (plugin webhook receivers that verify a signature). */
  rawBody?: (path: string) => boolean;
  /** Anonymous store reads served from a cache: which REST paths and GraphQL root fields qualify. */
  responseCache?: { cache: ResponseCache; restPaths: RegExp[]; graphqlFields: ReadonlySet<string> };
}

/** The express app: shared middleware, then GraphQL, REST, and the JSON 404 / 500 answers. */
export function createHttpApp(deps: HttpDeps): express.Express {
  const { services } = deps;
  const { config } = services;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.set('etag', false);

  // With traces on, first of all: the sampler's decision, and for a kept request its HTTP server span, which every
  // later middleware and handler runs in (src/platform/telemetry/http-server-span.ts).
  const traceRequests = httpServerSpans();
  if (traceRequests) app.use(traceRequests);
  app.use(requestId(services.log));
  // While draining, a kept-alive client is told to reconnect (to another instance) after this answer.
  app.use((_req: Request, res: Response, next: NextFunction) => {
    if (services.lifecycle?.stopping) res.setHeader('Connection', 'close');
    next();
  });
  app.use(securityHeaders);
  app.use(noStoreByDefault);
  const compression = compressionSettings(config);
  app.use(compressAnswers(compression));
  app.use(cors(config['server.cors.allowed_origins'], config['server.cors.allow_credentials']));
  app.use(requestFacts(config['server.trusted_proxies']));
  app.use(globalRateLimit(services.security));
  // Before every router: no mount ever decodes a malformed escape (it used to be a logged 500 on most of them).
  const routeRows = () => [...deps.routes, ...(deps.pluginRoutes?.() ?? [])];
  app.use(rejectMalformedPath((req) => malformedParamOf(routeRows(), req.method, req.path)));
  app.use(csrfProtection(config['security.csrf.secure']));
  app.use(
    jsonBody(config['server.max_body_size'], deps.rawBody, {
      maxDepth: config['server.max_json_depth'],
      idleMs: config['server.body_idle_timeout_seconds'] * 1000,
    }),
  );
  const sqlCounts = config['log.sql_counts'];
  if (sqlCounts === 'on' || (sqlCounts === 'auto' && config.env !== 'production')) app.use(countQueries(deps.queryLog));
  app.use(
    authenticate({
      secret: services.jwtSecret,
      prisma: services.prisma,
      security: services.security,
      apiKeyUsage: deps.apiKeyUsage,
    }),
  );

  app.use('/graphql', (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' && req.accepts(['application/json', 'text/html']) === 'text/html')
      res.setHeader('Content-Security-Policy', SANDBOX_CSP);
    // Apollo's integration insists on a parsed body, which GET requests and empty POSTs do not have.
    req.body ??= {};
    nameHttpRoute('/graphql');
    next();
  });
  app.use('/graphql', graphqlDocumentSize(config['graphql.max_document_bytes']));
  const cached = deps.responseCache;
  if (cached) app.use('/graphql', responseCache(cached.cache, graphqlRequestKey(cached.graphqlFields), compression));
  app.use(
    '/graphql',
    expressMiddleware(deps.apollo, {
      context: async ({ req, res }) => {
        const ctx = createContext(services, req, new ResponseEffects(res));
        ctx.logFields = res.locals.logFields as Record<string, unknown> | undefined;
        return ctx;
      },
    }),
  );
  // The offline explorer, beside Apollo Sandbox (which needs Apollo's CDN); a development tool like Sandbox.
  if (config['graphql.graphiql'] && config.env !== 'production') app.use(graphiqlRouter('/graphiql', compression));
  // The admin dashboard (admin/), when built; without a build the service runs on and says why once.
  if (config['admin.enabled']) {
    const adminDist = adminDistDir();
    const adminOrigins = () => [
      ...new Set(
        services.plugins
          .extensions()
          .filter(isAdminExtension)
          .flatMap((e) => e.component.origins),
      ),
    ];
    if (adminDist) app.use(adminRouter(adminDist, adminOrigins, compression));
    else services.log.warn('admin dashboard not built (admin/dist is missing): run npm run build to serve /admin');
  }
  // The store's own reset-password and verify-email pages (the default targets of those emails' links), and an
  // HTML 404 for the rest of `/store`: a person following a link sees a page, never the API's JSON.
  app.use(storeAccountPages());
  // Uploaded media, when stored locally (S3 media are served by the bucket or `media.s3.public_url`), with the
  // type the upload recorded and sandboxed: an SVG opened directly cannot run scripts against this origin.
  if (services.mediaStorage instanceof LocalMediaStorage) {
    app.use('/uploads', serveUploads(services.mediaStorage, recordedType));
  }
  app.use('/api/v1/store', deps.pluginStoreRouter);
  if (deps.mcpRouter) app.use('/mcp', deps.mcpRouter);
  app.use('/api/v1', openApiRouter({ document: deps.openapi, explorer: config['rest.docs'], compression }));
  if (cached) app.use(responseCache(cached.cache, restRequestKey(cached.restPaths), compression));
  app.use(restRouter(services, deps.routes));
  app.use('/plugins', deps.pluginRouter);

  app.use((req: Request, res: Response) =>
    sendError(res, new AppError('not_found', `no route for ${req.method} ${req.path}`)),
  );
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    // A plugin route (or any Express handler) that throws the service's own error answers with it; a 500 among
    // them is still a fault of ours, so it is logged with its stack like any other.
    if (err instanceof AppError && !res.headersSent && !isGraphqlPath(req)) {
      if (err.status === 500) req.log.error({ err: errorFields(err) }, 'request answered 500');
      return sendError(res, err);
    }
    // A malformed escape the path guard does not see (a handler decoding a value of its own): the client's, not ours.
    if (err instanceof URIError && !res.headersSent) {
      req.log.info({ err: err.message }, 'malformed percent-encoding');
      return sendErrorFor(req, res, new AppError('validation_error', 'invalid_encoding'));
    }
    // The database went away under a middleware (authentication's account check): 503, in either shape.
    if (isDatabaseUnavailable(err) && !res.headersSent) {
      req.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'database unavailable');
      return sendErrorFor(req, res, databaseUnavailable());
    }
    req.log.error({ err: errorFields(err) }, 'unhandled request error');
    if (res.headersSent) return res.end();
    // A failure before Apollo ran (the account check of authentication, say) still answers GraphQL clients in GraphQL's shape.
    sendErrorFor(req, res, new AppError('internal_error'));
  });
  return app;
}
