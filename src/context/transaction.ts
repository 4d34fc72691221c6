import { recordTransactionGaveUp, recordTransactionRetry } from '../platform/telemetry';
import { driverErrorCause } from '../shared/db-errors';
import { AppError } from '../shared/errors';
import type { Ctx } from './ctx';
import type { AfterHookName, HookEvent } from './hooks';

/** How many times a use case runs when the database aborts it for a deadlock or a serialization conflict. */
const MAX_ATTEMPTS = 4;

/**
 * PostgreSQL aborted the transaction because of another one (deadlock `40P01`, serialization failure `40001`):
 * running it again is the documented remedy. Prisma reports it as P2034, or (raw SQL through the driver
 * adapter) with the original code in `meta`.
 */
export function isTransientConflict(err: unknown): boolean {
  if ((err as { code?: unknown } | null)?.code === 'P2034') return true;
  const cause = driverErrorCause(err);
  return (
    cause?.originalCode === '40P01' || cause?.originalCode === '40001' || cause?.kind === 'TransactionWriteConflict'
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` in one database transaction (or inside the caller's, when one is already open). Work queued
 * with {@link afterCommit} runs only after the outermost transaction commits, and is dropped on rollback.
 * A deadlock or serialization failure rolls everything back and runs `fn` again (up to {@link MAX_ATTEMPTS}
 * times, after a short random pause); if the conflict persists the caller gets 503 `service_unavailable` with
 * `Retry-After`, never a 500. `fn` must therefore keep its side effects inside the transaction or in `afterCommit`.
 */
/**
 * The context inside a transaction: a copy with the transaction's client and after-commit queue. Copied, then
 * the two fields set (both exist on every context made by createContext): adding keys in the spread literal
 * rebuilt the object's hidden class on every call.
 */
function withTransaction(ctx: Ctx, db: Ctx['db'], queue: Array<() => Promise<void>>): Ctx {
  const tx = { ...ctx };
  tx.db = db;
  tx.afterCommit = queue;
  return tx;
}

export async function inTransaction<T>(ctx: Ctx, fn: (tx: Ctx) => Promise<T>): Promise<T> {
  if (ctx.afterCommit) return fn(ctx);
  for (let attempt = 1; ; attempt++) {
    const queue: Array<() => Promise<void>> = [];
    try {
      const result = await ctx.prisma.$transaction((db) => fn(withTransaction(ctx, db, queue)), {
        maxWait: 10_000,
        timeout: 30_000,
      });
      for (const task of queue) ctx.background.run(task);
      return result;
    } catch (err) {
      if (!isTransientConflict(err)) throw err;
      if (attempt >= MAX_ATTEMPTS) {
        ctx.log.warn({ attempts: attempt }, 'transaction conflicted on every attempt; answering 503');
        recordTransactionGaveUp();
        throw new AppError('service_unavailable', 'the database was busy with conflicting changes; try again', {
          headers: { 'Retry-After': '1' },
        });
      }
      ctx.log.info({ attempt }, 'transaction conflict (deadlock or serialization); retrying');
      recordTransactionRetry();
      await pause(Math.random() * 20 * 2 ** attempt);
    }
  }
}

/**
 * Runs independent reads at once on the pool, but one after the other inside a transaction: a transaction holds
 * one connection, where concurrent queries only queue behind each other (and node-postgres deprecates issuing them:
 * pg 9 refuses). The answers come back in the order given either way.
 */
export async function readTogether<T extends readonly (() => Promise<unknown>)[]>(
  ctx: Ctx,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!ctx.afterCommit) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}

/** Queues `task` for after the current transaction commits; outside a transaction it runs right away (detached). */
export function afterCommit(ctx: Ctx, task: () => Promise<void>): void {
  if (ctx.afterCommit) ctx.afterCommit.push(task);
  else ctx.background.run(task);
}

/**
 * Emits an after-hook: its in-transaction handlers (durable outboxes) run now, inside the caller's
 * transaction; its ordinary handlers once the change is committed, never blocking the response.
 */
export async function emitAfter(ctx: Ctx, name: AfterHookName, event: Omit<HookEvent, 'name'>): Promise<void> {
  await ctx.hooks.runInTransaction(name, event, ctx.db);
  afterCommit(ctx, () => ctx.hooks.runAfter(name, event));
}
