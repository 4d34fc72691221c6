import {
  isDriverAdapterError,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlQuery,
} from '@prisma/driver-adapter-utils';
import type pg from 'pg';

import { replicaSafe } from './replica-statements';
import type { ReplicaSet } from './replicas';

/** Errors that are the statement's own (bad input, missing column): the primary would answer the same. */
const QUERY_FAULTS = new Set([
  'InvalidInputValue',
  'ValueOutOfRange',
  'ColumnNotFound',
  'TableDoesNotExist',
  'LengthMismatch',
  'UnsupportedNativeDataType',
  'MissingFullTextSearchIndex',
  'InconsistentColumnData',
]);

function isQueryFault(err: unknown): boolean {
  if (!isDriverAdapterError(err)) return false;
  const cause = err.cause as { kind: string; code?: string };
  if (QUERY_FAULTS.has(cause.kind)) return true;
  // Data exceptions (22) and syntax or access rule violations (42) do not depend on the server that ran them.
  return cause.kind === 'postgres' && /^(22|42)/.test(cause.code ?? '');
}

/**
 * Wraps the primary's driver adapter factory so that a plain read sent outside a transaction (see
 * {@link replicaSafe}) runs on a replica in rotation; everything else (writes, transactions, scripts) runs on
 * the primary as before. A replica that fails a statement for any reason but the statement's own leaves the
 * rotation and the statement runs again on the primary, so a replica going away costs its callers nothing but
 * the retry. Only the client that requests choose for their reads uses this factory (see read-routing.ts).
 */
export function replicaRoutingAdapter<F extends SqlDriverAdapterFactory>(
  primary: F,
  replicas: ReplicaSet,
  adapterFor: (pool: pg.Pool) => SqlDriverAdapterFactory,
): F {
  const connected = new Map<pg.Pool, Promise<SqlDriverAdapter>>();
  const replicaAdapter = (pool: pg.Pool) => {
    let adapter = connected.get(pool);
    if (!adapter) connected.set(pool, (adapter = adapterFor(pool).connect()));
    return adapter;
  };
  const route = (adapter: SqlDriverAdapter): SqlDriverAdapter =>
    new Proxy(adapter, {
      get(obj, prop, receiver) {
        const value = Reflect.get(obj, prop, receiver);
        if (prop === 'queryRaw' && typeof value === 'function') {
          return async (query: SqlQuery) => {
            const replica = replicaSafe(query.sql) ? replicas.pick() : undefined;
            if (!replica) return value.call(obj, query);
            try {
              return await (await replicaAdapter(replica.pool)).queryRaw(query);
            } catch (err) {
              if (isQueryFault(err)) throw err;
              replica.fail(err);
              return value.call(obj, query);
            }
          };
        }
        if (prop === 'dispose' && typeof value === 'function') {
          return async () => {
            const adapters = await Promise.allSettled([...connected.values()]);
            connected.clear();
            await Promise.all(adapters.map((a) => (a.status === 'fulfilled' ? a.value.dispose() : undefined)));
            return value.call(obj);
          };
        }
        return typeof value === 'function' ? value.bind(obj) : value;
      },
    });
  return new Proxy(primary, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver);
      if (prop === 'connect' && typeof value === 'function')
        return async () => route((await value.call(obj)) as SqlDriverAdapter);
      return typeof value === 'function' ? value.bind(obj) : value;
    },
  });
}
