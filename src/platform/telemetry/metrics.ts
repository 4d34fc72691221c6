import type { Attributes, Counter, Histogram, Meter, ObservableResult } from '@opentelemetry/api';

import { telemetryState as state } from './state';

/**
 * The service's own metrics (docs/operations.md lists them with suggested alerts). Label values are bounded:
 * route templates, operation names from a declared list, status classes, error codes, plugin and hook names,
 * never ids or raw paths. Every recorder is a no-op (one check) while metrics are off.
 */
interface Instruments {
  httpDuration: Histogram;
  graphqlOperations: Counter;
  graphqlDuration: Histogram;
  graphqlRefused: Counter;
  transactionRetries: Counter;
  transactionGaveUp: Counter;
  rateLimited: Counter;
  responseCache: Counter;
  checkouts: Counter;
  webhookAttempts: Counter;
  webhookDuration: Histogram;
  providerCalls: Counter;
  providerDuration: Histogram;
}

let instruments: Instruments | undefined;

/** Seconds, from 5 ms to 10 s: the HTTP semantic conventions' advised buckets. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** Creates the instruments on the registered meter (called once when metrics are switched on). */
export function createInstruments(meter: Meter): void {
  const seconds = (name: string, description: string) =>
    meter.createHistogram(name, { unit: 's', description, advice: { explicitBucketBoundaries: SECONDS } });
  instruments = {
    httpDuration: seconds(
      'http.server.request.duration',
      'Duration of HTTP requests by route template, operation and status class.',
    ),
    graphqlOperations: meter.createCounter('svc.graphql.operations', {
      description: 'GraphQL operations run (GraphQL, REST routes and MCP tools all run one).',
    }),
    graphqlDuration: seconds('svc.graphql.operation.duration', 'Duration of GraphQL operations.'),
    graphqlRefused: meter.createCounter('svc.graphql.refused', {
      description: 'GraphQL operations refused before running (depth, aliases, root fields, cost).',
    }),
    transactionRetries: meter.createCounter('svc.db.transaction.retries', {
      description: 'Transactions run again after a deadlock or serialization failure.',
    }),
    transactionGaveUp: meter.createCounter('svc.db.transaction.unavailable', {
      description: 'Transactions that conflicted on every attempt (answered 503).',
    }),
    rateLimited: meter.createCounter('svc.rate_limit.refused', { description: 'Requests refused 429 by policy.' }),
    responseCache: meter.createCounter('svc.response_cache.requests', {
      description: 'Cacheable store reads by outcome (hit, miss, bypass).',
    }),
    checkouts: meter.createCounter('svc.checkout.count', {
      description: 'Checkouts by outcome (placed, failed) and failure reason (error code).',
    }),
    webhookAttempts: meter.createCounter('svc.webhook.attempts', {
      description: 'Automation webhook delivery attempts by outcome and event.',
    }),
    webhookDuration: seconds('svc.webhook.duration', 'Duration of automation webhook delivery attempts.'),
    providerCalls: meter.createCounter('svc.payment_provider.calls', {
      description: 'Payment provider calls by operation and outcome.',
    }),
    providerDuration: seconds('svc.payment_provider.duration', 'Duration of payment provider calls.'),
  };
}

export const metricsOn = (): boolean => instruments !== undefined;

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** Operation names that may label metrics: the declared ones, then the first {@link EXTRA_NAMES} others seen. */
const declaredOperations = new Set<string>();
const seenOperations = new Set<string>();
const EXTRA_NAMES = 50;

/** The REST route table's operations (and any other known documents) label metrics by their names. */
export function declareOperationNames(names: Iterable<string>): void {
  for (const name of names) declaredOperations.add(name);
}

/** A client-chosen operation name as a bounded label: known names as they are, then `other`. */
export function operationLabel(name: string | null | undefined): string {
  if (!name || name === '(anonymous)') return '(anonymous)';
  if (declaredOperations.has(name) || seenOperations.has(name)) return name;
  if (seenOperations.size < EXTRA_NAMES && /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) {
    seenOperations.add(name);
    return name;
  }
  return 'other';
}

export function recordHttpRequest(
  method: string,
  route: string,
  operation: string | undefined,
  status: number,
  seconds: number,
): void {
  instruments?.httpDuration.record(seconds, {
    'http.request.method': method,
    'http.route': route,
    'http.response.status_class': statusClass(status),
    ...(operation ? { 'svc.operation': operation } : {}),
  });
}

export function recordGraphqlOperation(type: string, name: string, ok: boolean, seconds: number): void {
  if (!instruments) return;
  const attributes = {
    'graphql.operation.type': type,
    'graphql.operation.name': operationLabel(name),
    outcome: ok ? 'ok' : 'error',
  };
  instruments.graphqlOperations.add(1, attributes);
  instruments.graphqlDuration.record(seconds, attributes);
}

export function recordGraphqlRefused(
  reason: 'depth' | 'aliases' | 'root_fields' | 'complexity' | 'document_size' | 'tokens' | 'operations' | 'fragments',
): void {
  instruments?.graphqlRefused.add(1, { reason });
}

export function recordTransactionRetry(): void {
  instruments?.transactionRetries.add(1);
}

export function recordTransactionGaveUp(): void {
  instruments?.transactionGaveUp.add(1);
}

export function recordRateLimited(policy: string): void {
  instruments?.rateLimited.add(1, { policy });
}

export function recordCacheOutcome(outcome: 'hit' | 'miss' | 'bypass'): void {
  instruments?.responseCache.add(1, { outcome });
}

export function recordCheckout(outcome: 'placed' | 'failed', reason?: string): void {
  instruments?.checkouts.add(1, { outcome, reason: reason ?? 'none' });
}

export function recordWebhookAttempt(event: string, ok: boolean, seconds: number): void {
  if (!instruments) return;
  instruments.webhookAttempts.add(1, { event, outcome: ok ? 'delivered' : 'failed' });
  instruments.webhookDuration.record(seconds, { outcome: ok ? 'delivered' : 'failed' });
}

export function recordProviderCall(operation: string, ok: boolean, seconds: number): void {
  if (!instruments) return;
  instruments.providerCalls.add(1, { operation, outcome: ok ? 'ok' : 'error' });
  instruments.providerDuration.record(seconds, { operation });
}

export interface GaugeReading {
  value: number;
  attributes?: Attributes;
}

/**
 * An observable gauge (or up-down counter) read at each collection. `read` may be slow (a SQL count): its answer
 * is kept `cacheMs` and reused, so a scrape storm never becomes a query storm. A failed read reports nothing.
 */
export function observeGauge(
  name: string,
  options: { description: string; unit?: string; kind?: 'gauge' | 'updowncounter'; cacheMs?: number },
  read: () => GaugeReading[] | Promise<GaugeReading[]>,
): void {
  const meter = state.meter;
  if (!meter) return;
  const instrument =
    options.kind === 'updowncounter'
      ? meter.createObservableUpDownCounter(name, { description: options.description, unit: options.unit })
      : meter.createObservableGauge(name, { description: options.description, unit: options.unit });
  let cached: { at: number; readings: GaugeReading[] } | undefined;
  instrument.addCallback(async (result: ObservableResult) => {
    const cacheMs = options.cacheMs ?? 0;
    if (!cached || Date.now() - cached.at >= cacheMs) {
      try {
        cached = { at: Date.now(), readings: await read() };
      } catch {
        return;
      }
    }
    for (const r of cached.readings) result.observe(r.value, r.attributes);
  });
}

/** `db.client.connection.count` by state and `db.client.connection.pending_requests` of a pg pool. */
export function observeConnectionPool(
  poolName: string,
  pool: { totalCount: number; idleCount: number; waitingCount: number },
): void {
  const pool_ = { 'db.client.connection.pool.name': poolName };
  observeGauge(
    'db.client.connection.count',
    { description: 'Database connections by state (used, idle).', kind: 'updowncounter', unit: '{connection}' },
    () => [
      { value: pool.totalCount - pool.idleCount, attributes: { ...pool_, 'db.client.connection.state': 'used' } },
      { value: pool.idleCount, attributes: { ...pool_, 'db.client.connection.state': 'idle' } },
    ],
  );
  observeGauge(
    'db.client.connection.pending_requests',
    { description: 'Requests waiting for a database connection.', kind: 'updowncounter', unit: '{request}' },
    () => [{ value: pool.waitingCount, attributes: pool_ }],
  );
}

/** `svc.plugin.status`: 1 for each plugin's current state (active, disabled, failed). */
export function observePluginStates(list: () => Array<{ name: string; state: string }>): void {
  observeGauge('svc.plugin.status', { description: 'Plugins by state (1 = the plugin is in this state).' }, () =>
    list().map((p) => ({ value: 1, attributes: { plugin: p.name, state: p.state } })),
  );
}
