/**
 * The plugin API: everything a plugin may import (a layer rule keeps plugins to this file). See
 * `contract.ts` for the definition and the capabilities `init` receives.
 */
export type { AfterHookName, BeforeHookName, HookEvent, HookHandler, HookName } from '../context/hooks';
export { AFTER_HOOKS, BEFORE_HOOKS } from '../context/hooks';
export { AppError } from '../shared/errors';
export type { CheckoutFunction } from './checkout';
export type {
  PaymentOrder,
  PaymentRefunder,
  PaymentTransaction,
  PluginCommerce,
  PluginPayments,
  PluginRefunds,
  RefundOutcome,
  RefundRequest,
} from './commerce';
export type { PluginConfigOf, PluginConfigSchema, PluginKeySpec } from './config-schema';
export type {
  InTransactionHandler,
  PluginAuth,
  PluginContext,
  PluginDefinition,
  PluginHooks,
  PluginLogger,
  PluginRole,
} from './contract';
export { assertPluginActive, definePlugin } from './contract';
export type { PluginDatabase, PluginTableName } from './database';
export { cappedTotal, pluginDatabaseFor, sql, sqlJoin, sqlRaw } from './database';
export type {
  PluginMcpTool,
  StoreMcpCallTokens,
  StoreMcpClient,
  StoreMcpRegistration,
  StoreMcpServerFacade,
} from './mcp-tools';
/** Batched deletes for a plugin's retention pruning: the helper the core's own pruning uses. */
export { pruneInBatches } from '../platform/prune-in-batches';
/** The outbox round scheduler and its helpers, shared with the core's mail sender. */
export { forEachLimited, PollingRounds, whenDue } from '../platform/polling-rounds';
export type { UiExtension } from './ui-extensions';
/** Compares two secrets in constant time. */
export { sameSecret } from '../shared/same-secret';
/** GraphQL building blocks for a plugin's `graphql` resolvers (the service's own scalars and list shape). */
export type { Access, AccessTable } from '../auth/access';
export { admin, customer, PUBLIC, store } from '../auth/access';
export type { JsonSchema } from '../routing/json-schema';
export type { PluginRouteAnswer, PluginRouteDoc } from '../routing/plugin-routes';
export { dataEnvelope } from '../routing/plugin-routes';
export { body, path, query, route } from '../routing/route';
export type { ErrorCode } from '../shared/errors';
export { PageMeta, PaginatedList } from '../shared/pagination';
export { JsonScalar, UuidScalar } from '../shared/scalars';
export type { PluginRouteRow } from './route-rows';
/** Spans and metrics (no-ops while telemetry is off; docs/operations.md lists the metrics). */
export type { GaugeReading, SpanMark } from '../platform/telemetry';
export {
  currentTraceparent,
  inSpan,
  observeGauge,
  recordProviderCall,
  recordWebhookAttempt,
} from '../platform/telemetry';
export type { CheckoutQuoteRequest } from './commerce';
export { pluginRuntime } from './host';
export type { PluginCaller } from './request';
export { pluginCaller } from './request';
/** The checkout's address input, for a plugin's inputs that take an address as checkout does. */
export { CheckoutAddressInput } from '../domains/orders';
/** What pricing a checkout body can answer (a quote's errors), for a plugin field that prices one (`@Raises`). */
export { CHECKOUT_PRICING_ERRORS } from '../domains/orders';
/** A payment transaction's status, the GraphQL enum (`COMPLETED`; REST and the database: `completed`). */
export { PaymentTransactionStatus } from '../domains/orders';
/** Input rules of a plugin's GraphQL inputs (checked by the REST reader and GraphQL alike, shown in OpenAPI). */
export { Clearable, Rules } from '../shared/validation/rules';
/** The domain error codes a plugin's root field may answer (its REST rows, OpenAPI and description read them). */
export { Raises } from '../shared/raises';
/** A root field's per-IP budget (`@RateLimit('payment_intent')`), taken by every surface before the input is read. */
export { RateLimit } from '../context/limits';
