import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { type DocumentNode, GraphQLError, type GraphQLSchema } from 'graphql';

import type { Ctx } from '../context/ctx';
import { takeLimits } from '../context/limits';
import { stringifyAnswer } from '../context/raw-json';
import { recordGraphqlRefused } from '../platform/telemetry';
import { errorFields } from '../shared/error-fields';
import { AppError } from '../shared/errors';
import { ByteLru, HEAP_BYTES_PER_SOURCE_BYTE, keyValueCache } from './byte-lru';
import { type DocumentLimits, documentShapeRule, tokenLimitMetric } from './document-limits';
import { operationLimits } from './endpoint-limits';
import { graphqlExtensions, normalizeError } from './errors';
import { jitGateway } from './jit';
import { aliasLimitRule, depthLimitRule, operationComplexity } from './limits';

export interface ApolloOptions {
  schema: GraphQLSchema;
  depthLimit: number;
  complexityLimit: number;
  /** The cost limit of anonymous callers (stricter: they are the cheapest to be). */
  anonymousComplexityLimit: number;
  aliasLimit: number;
  rootFieldLimit: number;
  /** `graphql.max_tokens`, `.max_operations`, `.max_fragments`. */
  documentLimits: DocumentLimits;
  sandbox: boolean;
  development: boolean;
  /** `graphql.compiled_reads`: resolvers may answer with JSON PostgreSQL built (see context/raw-json.ts). */
  compiledReads: boolean;
}

/**
 * Maps every error onto the service vocabulary (`extensions { code, field, status, requestId }`), logs
 * unexpected ones with their details (the client only sees `internal_error`), and rejects operations above
 * the complexity limit before they run.
 */
function servicePlugin(limits: { signedIn: number; anonymous: number }): ApolloServerPlugin<Ctx> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, request, operation, operationName, contextValue }) {
          // The request's log line names what ran: `query ProductList`, `mutation (anonymous)`.
          if (contextValue.logFields)
            contextValue.logFields.operation = `${operation?.operation ?? 'query'} ${operationName ?? '(anonymous)'}`;
          // Endpoint budgets count first, before the variables are coerced (by the cost check just below).
          await takeLimits(contextValue, operationLimits(schema, document, operationName)).catch((err: unknown) => {
            if (!(err instanceof AppError)) throw err;
            throw new GraphQLError(err.message, {
              originalError: err,
              extensions: { code: err.code, http: { status: err.status } },
            });
          });
          const complexityLimit = contextValue.actor.kind === 'anonymous' ? limits.anonymous : limits.signedIn;
          const cost = operationComplexity(schema, document, operationName ?? undefined, request.variables ?? {});
          if (cost > complexityLimit) {
            recordGraphqlRefused('complexity');
            throw new GraphQLError(`query complexity ${cost} exceeds the limit of ${complexityLimit}`, {
              extensions: { code: 'invalid_query', http: { status: 400 } },
            });
          }
        },
        async willSendResponse({ response, contextValue, errors }) {
          for (const error of errors ?? []) {
            const n = normalizeError(error);
            // Headers an error asks for (`Retry-After` on 429s) reach GraphQL clients as they reach REST ones.
            for (const [name, value] of Object.entries(n.headers)) contextValue.effects?.header(name, value);
            if (n.internal)
              contextValue.log?.error({ err: errorFields(n.internal), path: error.path }, 'graphql resolver failed');
          }
          // Cookies and headers the operation declared (login's session cookies) go onto the HTTP response.
          contextValue.effects?.flush();
          if (response.body.kind === 'single' && response.body.singleResult.errors) {
            for (const error of response.body.singleResult.errors) {
              (error.extensions as Record<string, unknown>).requestId = contextValue.requestId;
            }
          }
        },
      };
    },
  };
}

/**
 * Parsed and validated documents Apollo keeps (by the text's hash), charged at their estimated heap (byte-lru.ts):
 * 16 MiB holds ~150 storefront documents of 1 kB, or 5 of the largest a client may send (32 kB at the defaults).
 * Apollo's default bounds 30 MiB of the documents' JSON, ~100 MiB of heap, which a 256 MB heap cannot spare.
 */
const DOCUMENT_STORE_BYTES = 16 * 1024 * 1024;
/**
 * Automatic persisted queries: the texts clients registered, by hash (2 bytes per character, the worst a string
 * costs). 4 MiB holds ~2,000 documents of 1 kB. Apollo's default shares a 30 MiB cache.
 */
const PERSISTED_QUERY_BYTES = 4 * 1024 * 1024;

export function createApollo(opts: ApolloOptions): ApolloServer<Ctx> {
  const documentSource = (doc: DocumentNode) => doc.loc?.source.body.length ?? 0;
  return new ApolloServer<Ctx>({
    // Executes through graphql-jit (see jit.ts); Apollo still parses, validates, limits and formats.
    gateway: jitGateway(opts.schema, { rawJson: opts.compiledReads }),
    // Apollo's own (JSON plus a newline), writing the JSON text that compiled reads left in place of their lists.
    stringifyResult: stringifyAnswer,
    introspection: true,
    csrfPrevention: true,
    // The process owns shutdown (main.ts: drain HTTP, stop Apollo, drain background work, close the database).
    // Apollo's own SIGTERM handler would stop itself and re-raise the signal, killing the process mid-drain.
    stopOnTerminationSignals: false,
    // A document's bytes are checked before Apollo has it (http/graphql-document-size.ts), its tokens while it is
    // parsed: the parser stops at the limit, before the document is built, and Apollo answers 400 (a syntax error).
    parseOptions: { maxTokens: opts.documentLimits.maxTokens },
    documentStore: keyValueCache(
      new ByteLru<DocumentNode>(DOCUMENT_STORE_BYTES, (doc) => documentSource(doc) * HEAP_BYTES_PER_SOURCE_BYTE),
    ),
    persistedQueries: {
      cache: keyValueCache(new ByteLru<string>(PERSISTED_QUERY_BYTES, (text) => text.length * 2)),
    },
    validationRules: [
      documentShapeRule(opts.documentLimits.maxOperations, opts.documentLimits.maxFragments),
      depthLimitRule(opts.depthLimit),
      aliasLimitRule(opts.aliasLimit, opts.rootFieldLimit),
    ],
    includeStacktraceInErrorResponses: false,
    formatError: (formatted, error) => {
      const n = normalizeError(error);
      return {
        message: n.internal ? 'an unexpected error occurred' : n.detail,
        ...(formatted.locations ? { locations: formatted.locations } : {}),
        ...(formatted.path ? { path: formatted.path } : {}),
        extensions: graphqlExtensions(n),
      };
    },
    plugins: [
      // The default cache-control plugin wraps every field resolver to compute cache hints nobody reads here
      // (responses are never cached: prices and stock are live).
      ApolloServerPluginCacheControlDisabled(),
      opts.sandbox && opts.development
        ? ApolloServerPluginLandingPageLocalDefault({
            // Sandbox reports usage to Apollo unless told not to; a developer's local shop is nobody's business.
            embed: { runTelemetry: false },
            // Credentials go in headers (Authorization, X-Cart-Token, X-Guest-Token): a cookie-authenticated POST
            // would also need X-CSRF-Token, which Sandbox cannot read from the cookie for the user.
            includeCookies: false,
          })
        : ApolloServerPluginLandingPageDisabled(),
      tokenLimitMetric(),
      servicePlugin({ signedIn: opts.complexityLimit, anonymous: opts.anonymousComplexityLimit }),
    ],
  });
}

/** Apollo Sandbox loads from Apollo's CDN; its page carries its own nonce policy, so the header only widens origins. */
export const SANDBOX_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' https://apollo-server-landing-page.cdn.apollographql.com https://embeddable-sandbox.cdn.apollographql.com https://embeddable-explorer.cdn.apollographql.com",
  "style-src 'self' 'unsafe-inline' https://apollo-server-landing-page.cdn.apollographql.com https://embeddable-sandbox.cdn.apollographql.com https://embeddable-explorer.cdn.apollographql.com https://fonts.googleapis.com",
  "img-src 'self' data: https://apollo-server-landing-page.cdn.apollographql.com",
  'font-src https://fonts.gstatic.com',
  'manifest-src https://apollo-server-landing-page.cdn.apollographql.com',
  'frame-src https://sandbox.embed.apollographql.com https://explorer.embed.apollographql.com',
].join('; ');
