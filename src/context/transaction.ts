import type { Ctx } from './ctx';
import type { AfterHookName, HookEvent } from './hooks';

/**
 * Runs `fn` in one database transaction (or inside the caller's, when one is already open). Work queued
 * with {@link afterCommit} runs only after the outermost transaction commits, and is dropped on rollback.
 */
export async function inTransaction<T>(ctx: Ctx, fn: (tx: Ctx) => Promise<T>): Promise<T> {
  if (ctx.afterCommit) return fn(ctx);
  const queue: Array<() => Promise<void>> = [];
  const result = await ctx.prisma.$transaction((db) => fn({ ...ctx, db, afterCommit: queue }), {
    maxWait: 10_000,
    timeout: 30_000,
  });
  for (const task of queue) ctx.background.run(task);
  return result;
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
