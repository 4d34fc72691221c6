/**
 * The plugin API: everything a plugin may import (a layer rule keeps plugins to this file). See
 * `contract.ts` for the definition and the capabilities `init` receives.
 */
export { assertPluginActive, definePlugin } from './contract';
export type {
  PluginContext,
  PluginDefinition,
  PluginAuth,
  PluginHooks,
  PluginLogger,
  PluginRole,
  InTransactionHandler,
} from './contract';
export type { PluginConfigSchema, PluginKeySpec, PluginConfigOf } from './config-schema';
export { pluginDatabaseFor, sql, sqlJoin, sqlRaw } from './database';
export { pruneInBatches } from './retention';
export type { PluginDatabase, PluginTableName } from './database';
export type { UiExtension } from './ui-extensions';
export type { PluginMcpTool, StoreMcpClient, StoreMcpServerFacade, StoreMcpRegistration } from './mcp-tools';
export type { CheckoutFunction } from './checkout';
export type { PaymentOrder, PaymentTransaction, PluginCommerce, PluginPayments } from './commerce';
export { AFTER_HOOKS, BEFORE_HOOKS } from '../context/hooks';
export type { AfterHookName, BeforeHookName, HookEvent, HookHandler, HookName } from '../context/hooks';
export { AppError } from '../shared/errors';
/** Compares two secrets in constant time. */
export { sameSecret } from '../http/csrf';
/** GraphQL building blocks for a plugin's `graphql` resolvers (the service's own scalars and list shape). */
export { JsonScalar, UuidScalar } from '../shared/scalars';
export { PageMeta, PaginatedList } from '../shared/pagination';
export { PUBLIC, admin, customer, store } from '../auth/access';
export type { Access, AccessTable } from '../auth/access';
export type { ErrorCode } from '../shared/errors';
export { dataEnvelope } from '../../rest/openapi/plugin-routes';
export type { PluginRouteAnswer, PluginRouteDoc } from '../../rest/openapi/plugin-routes';
export type { JsonSchema } from '../../rest/openapi/json-schema';
export type { PluginRouteRow } from './route-rows';
export { body, path, query, route } from '../../rest/route';
/** Spans and metrics (no-ops while telemetry is off; docs/operations.md lists the metrics). */
export {
  currentTraceparent,
  inSpan,
  observeGauge,
  recordProviderCall,
  recordWebhookAttempt,
} from '../platform/telemetry';
export type { GaugeReading, SpanMark } from '../platform/telemetry';
export { pluginCaller } from './request';
export type { PluginCaller } from './request';
export { pluginRuntime } from './host';
export type { CheckoutQuoteRequest } from './commerce';
/** The checkout's address input, for a plugin's inputs that take an address as checkout does. */
export { CheckoutAddressInput } from '../domains/orders';
/** Input rules of a plugin's GraphQL inputs (checked by the REST reader and GraphQL alike, shown in OpenAPI). */
export { Clearable, Rules } from '../shared/validation/rules';
