import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils';

import { TextMemo } from '../../shared/text-memo';

/**
 * Tables whose writes never change what an anonymous store read answers (carts, customers, orders, tokens,
 * outboxes, ledgers). Every other table counts as store data, including tables added later or by plugins:
 * forgetting a table here costs a few cache misses, while a watch list that forgot one would serve stale pages.
 * Orders move stock, but through `stock_entries` and the denormalized `stock` columns, which are watched.
 */
const IGNORED_TABLES = new Set([
  '_prisma_migrations',
  // Accounts and email (issue 49): tokens, the request rows the background job polls and consumes, the outbox.
  'account_email_requests',
  'account_tokens',
  'emails',
  // After checkout (issue 48): what happens to an order; restocking goes through `stock_entries`, which is watched.
  'order_notes',
  'refunds',
  'return_events',
  'return_items',
  'returns',
  'shipment_items',
  'shipments',
  'admin_users',
  'api_keys',
  'automation_attempts',
  'automation_events',
  'cart_items',
  'carts',
  'customer_addresses',
  'customers',
  'discount_codes',
  'idempotency_keys',
  'order_items',
  'order_status_history',
  'orders',
  'payment_transactions',
  'payprov_links',
  'payprov_webhook_events',
  'refresh_tokens',
  'stock_movements',
]);

/** Row locks (`FOR [NO KEY] UPDATE`) and upserts' `DO UPDATE` name no target table of their own. */
const NOT_A_TARGET = /\bFOR\s+(?:NO\s+KEY\s+)?UPDATE\b|\bDO\s+UPDATE\b|\bON\s+UPDATE\b/gi;
const TARGET =
  /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?|MERGE\s+INTO)\s+((?:"[^"]+"|\w+)(?:\s*\.\s*(?:"[^"]+"|\w+))?)/gi;

/** The tables a statement writes (lower case, schema dropped); empty for reads and transaction control. */
export function writtenTables(sql: string): string[] {
  const tables: string[] = [];
  for (const match of sql.replace(NOT_A_TARGET, ' ').matchAll(TARGET)) {
    const name = match[1].split('.').pop()!.trim().replace(/^"|"$/g, '').toLowerCase();
    tables.push(name);
  }
  return tables;
}

/** Verdicts by statement text: the service sends the same few texts over and over (bounded; cleared when full). */
const verdicts = new TextMemo<boolean>();
const MAX_VERDICTS = 2000;

/** Whether a statement may change what anonymous store reads answer (catalog, prices, stock, methods…). */
export function changesStoreData(sql: string): boolean {
  return verdicts.remember(sql, MAX_VERDICTS, (text) =>
    writtenTables(text).some((table) => !IGNORED_TABLES.has(table)),
  );
}

/** Called once the write is committed (after COMMIT, or after an autocommitted statement); awaited. */
export type CommittedWriteListener = () => Promise<void>;

/** Proxies `queryRaw`/`executeRaw` so `after` runs (and is awaited) once each statement has succeeded. */
function watchQueryable<T extends object>(target: T, after: (sql: string) => Promise<void> | void): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver);
      if (typeof value !== 'function') return value;
      if (prop === 'queryRaw' || prop === 'executeRaw') {
        return async (query: SqlQuery, ...rest: unknown[]) => {
          const result = await value.call(obj, query, ...rest);
          await after(query.sql);
          return result;
        };
      }
      return value.bind(obj);
    },
  });
}

function watchTransaction(tx: Transaction, onCommitted: CommittedWriteListener): Transaction {
  let dirty = false;
  const watched = watchQueryable(tx, (sql) => {
    if (!dirty && changesStoreData(sql)) dirty = true;
  });
  return new Proxy(watched, {
    get(obj, prop, receiver) {
      if (prop === 'commit') {
        // Prisma sends COMMIT through executeRaw and then calls commit(): the change is durable by now, and
        // the listener finishes before Prisma's `$transaction` resolves, i.e. before anyone is told it's done.
        return async () => {
          await tx.commit();
          if (dirty) await onCommitted();
        };
      }
      return Reflect.get(obj, prop, receiver);
    },
  });
}

function watchAdapter(adapter: SqlDriverAdapter, onCommitted: CommittedWriteListener): SqlDriverAdapter {
  // Outside a transaction a statement commits on its own: the listener runs before the caller gets the result.
  const watched = watchQueryable(adapter, (sql) => (changesStoreData(sql) ? onCommitted() : undefined));
  return new Proxy(watched, {
    get(obj, prop, receiver) {
      if (prop === 'startTransaction') {
        return async (...args: unknown[]) =>
          watchTransaction((await adapter.startTransaction(...(args as [never]))) as Transaction, onCommitted);
      }
      return Reflect.get(obj, prop, receiver);
    },
  });
}

/**
 * Wraps a driver adapter factory so that every committed write to store data calls `onCommitted` (the
 * response cache's catalog generation bump). This is the one place every write passes, whatever issued it:
 * services, bulk imports, raw SQL, plugins, tests arranging data through the service's client.
 */
export function watchingWrites<F extends SqlDriverAdapterFactory>(factory: F, onCommitted: CommittedWriteListener): F {
  return new Proxy(factory, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver);
      if (prop === 'connect' && typeof value === 'function') {
        return async () => watchAdapter((await value.call(obj)) as SqlDriverAdapter, onCommitted);
      }
      return typeof value === 'function' ? value.bind(obj) : value;
    },
  });
}
