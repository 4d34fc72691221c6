import { AsyncLocalStorage } from 'node:async_hooks';

import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from '@prisma/driver-adapter-utils';

/**
 * Counts the SQL statements each request sends, so tests can prove that a list's query count does not
 * grow with its size (no N+1). The count lives in an AsyncLocalStorage scope opened per request; the
 * driver adapter is wrapped so every statement Prisma sends is seen, whatever the query shape.
 */
export interface QueryScope {
  statements: number;
}

export const queryScope = new AsyncLocalStorage<QueryScope>();

/**
 * Hears the text of every statement sent while set: the test harness's `recordSql` (tests that check what a read
 * asks for, not only how often). Unset, it costs a property read per statement.
 */
export const statementTap: { listener: ((sql: string, args: unknown[]) => void) | null } = { listener: null };

function counted<T extends object>(target: T): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver);
      if (typeof value !== 'function') return value;
      if (prop === 'queryRaw' || prop === 'executeRaw') {
        return (...args: unknown[]) => {
          const scope = queryScope.getStore();
          if (scope) scope.statements++;
          if (statementTap.listener) {
            const query = args[0] as { sql: string; args?: unknown[] };
            statementTap.listener(query.sql, query.args ?? []);
          }
          return value.apply(obj, args);
        };
      }
      if (prop === 'startTransaction') {
        return async (...args: unknown[]) => counted((await value.apply(obj, args)) as Transaction);
      }
      return value.bind(obj);
    },
  });
}

/** Wraps a driver adapter factory so its connections count statements into the current {@link queryScope}. */
export function countingAdapter<F extends SqlDriverAdapterFactory>(factory: F): F {
  return new Proxy(factory, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver);
      if (prop === 'connect' && typeof value === 'function') {
        return async () => counted((await value.call(obj)) as SqlDriverAdapter);
      }
      return typeof value === 'function' ? value.bind(obj) : value;
    },
  });
}

/** Remembers the statement count of recent requests by request id (bounded; read by the test harness). */
export class RequestQueryLog {
  private readonly counts = new Map<string, number>();
  constructor(private readonly capacity = 2000) {}

  record(requestId: string, statements: number): void {
    this.counts.delete(requestId);
    this.counts.set(requestId, statements);
    if (this.counts.size > this.capacity) this.counts.delete(this.counts.keys().next().value as string);
  }

  get(requestId: string): number | undefined {
    return this.counts.get(requestId);
  }
}
