import { randomUUID } from 'node:crypto';

import type { Ctx } from '../../context/ctx';
import { emitAfter, inTransaction } from '../../context/transaction';
import { type PaymentTransaction, Prisma } from '../../generated/prisma/client';

/**
 * Payment transactions as payment providers (plugins) write them. Every state change is one guarded UPDATE, so
 * concurrent callers (a capture after checkout racing the provider's webhook, two reconcilers) change a row at
 * most once, and only the caller whose UPDATE matched fires the payment hook, inside the same transaction
 * (its outbox rows commit with the change).
 */

export interface NewPaymentTransaction {
  orderId: string;
  provider: string;
  providerReference: string;
  amount: number;
  currency: string;
  /** When the provider's authorization lapses (capture after that fails). */
  authorizationExpiresAt?: Date | null;
}

/** The spec's payment hook entity. */
function paymentEntity(t: PaymentTransaction) {
  return {
    order_id: t.orderId,
    payment_transaction_id: t.id,
    provider_reference: t.providerReference,
    amount: t.amount,
    currency: t.currency,
  };
}

export function findPaymentTransaction(ctx: Ctx, providerReference: string) {
  return ctx.db.paymentTransaction.findUnique({ where: { providerReference } });
}

/** The payments of one order, oldest first. */
export function paymentTransactionsOfOrder(ctx: Ctx, orderId: string, provider: string) {
  return ctx.db.paymentTransaction.findMany({
    where: { orderId, provider },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

/** Records a provider payment of an order once: a second call (any number, concurrently) returns the first row. */
export async function recordPaymentTransaction(ctx: Ctx, input: NewPaymentTransaction): Promise<PaymentTransaction> {
  await ctx.db.paymentTransaction.createMany({
    data: [{ id: randomUUID(), ...input, currency: input.currency.toUpperCase(), status: 'pending' }],
    skipDuplicates: true,
  });
  return (await findPaymentTransaction(ctx, input.providerReference))!;
}

/** Applies one guarded UPDATE and answers the changed row, or null when the guard did not match. */
async function transition(ctx: Ctx, reference: string, set: Prisma.Sql, guard: Prisma.Sql) {
  const rows = await ctx.db.$queryRaw<Array<{ id: string }>>(Prisma.sql`
    UPDATE payment_transactions SET ${set}, updated_at = now()
    WHERE provider_reference = ${reference} AND ${guard}
    RETURNING id`);
  if (!rows.length) return null;
  return ctx.db.paymentTransaction.findUniqueOrThrow({ where: { id: rows[0].id } });
}

/**
 * Marks the payment captured and completed (from pending, or from failed when the buyer retried with another
 * card). A completed transaction stays as it is: only the first caller gets the row and fires
 * `payment.after_complete`.
 */
export function completePaymentTransaction(ctx: Ctx, reference: string): Promise<PaymentTransaction | null> {
  return inTransaction(ctx, async (tx) => {
    const row = await transition(
      tx,
      reference,
      Prisma.sql`status = 'completed', captured_at = COALESCE(captured_at, now()), failure_reason = NULL`,
      Prisma.sql`status <> 'completed' AND cancelled_at IS NULL`,
    );
    if (row)
      await emitAfter(tx, 'payment.after_complete', {
        entity: paymentEntity(row),
        changes: { status: 'completed' },
        metadata: { provider: row.provider },
      });
    return row;
  });
}

/**
 * Marks a pending payment failed with a reason admins can read (`authorization_expired`, the provider's decline
 * code). Never overwrites `completed`. Fires `payment.after_failed` once.
 */
export function failPaymentTransaction(ctx: Ctx, reference: string, reason: string) {
  return inTransaction(ctx, async (tx) => {
    const row = await transition(
      tx,
      reference,
      Prisma.sql`status = 'failed', failure_reason = ${reason.slice(0, 255)}`,
      Prisma.sql`status = 'pending'`,
    );
    if (row)
      await emitAfter(tx, 'payment.after_failed', {
        entity: paymentEntity(row),
        changes: { status: 'failed' },
        metadata: { provider: row.provider, reason: row.failureReason },
      });
    return row;
  });
}

/** The uncaptured authorization was released (order cancelled): once; the payment can no longer complete. */
export function markPaymentCancelled(ctx: Ctx, reference: string) {
  return transition(
    ctx,
    reference,
    Prisma.sql`cancelled_at = now(), status = 'failed', failure_reason = COALESCE(failure_reason, 'cancelled')`,
    Prisma.sql`cancelled_at IS NULL AND status <> 'completed'`,
  );
}

/** The captured payment was refunded: once. */
export function markPaymentRefunded(ctx: Ctx, reference: string) {
  return transition(
    ctx,
    reference,
    Prisma.sql`refunded_at = now()`,
    Prisma.sql`refunded_at IS NULL AND status = 'completed'`,
  );
}

/** Notes that a pending payment was checked with the provider and is still pending (it goes to the back of the queue). */
export function touchPaymentTransaction(ctx: Ctx, reference: string) {
  return ctx.db.$executeRaw(Prisma.sql`
    UPDATE payment_transactions SET updated_at = now() WHERE provider_reference = ${reference} AND status = 'pending'`);
}

/** Pending payments of `provider` untouched since `before` (a webhook that never came), oldest first. */
export function stalePaymentTransactions(ctx: Ctx, provider: string, before: Date, limit: number) {
  return ctx.db.paymentTransaction.findMany({
    where: { provider, status: 'pending', cancelledAt: null, updatedAt: { lt: before } },
    orderBy: { updatedAt: 'asc' },
    take: limit,
  });
}

/**
 * Payments whose order was cancelled or refunded but whose money was not given back yet: captured and not
 * refunded, or authorized and not cancelled. The order hook does this at once; this finds what it missed.
 */
export function paymentsToReverse(ctx: Ctx, provider: string, limit: number) {
  return ctx.db.paymentTransaction.findMany({
    where: {
      provider,
      order: { status: { in: ['cancelled', 'refunded'] } },
      OR: [
        { status: 'completed', refundedAt: null },
        { status: 'pending', cancelledAt: null },
      ],
    },
    orderBy: { updatedAt: 'asc' },
    take: limit,
  });
}

/**
 * Pending orders paid through `provider` (a payment reference, the provider's method) that have no transaction
 * yet, placed before `before`: checkout.after did not run to the end (a crash), so nobody settled them.
 */
export async function ordersAwaitingPayment(ctx: Ctx, provider: string, before: Date, limit: number) {
  return ctx.db.order.findMany({
    where: {
      status: 'pending',
      paymentReference: { not: null },
      createdAt: { lt: before },
      paymentMethod: { provider },
      transactions: { none: {} },
    },
    select: { id: true, paymentReference: true },
    orderBy: { createdAt: 'asc' },
    take: limit,
  });
}
