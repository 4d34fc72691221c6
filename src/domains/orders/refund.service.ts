import { randomUUID } from 'node:crypto';

import type { Ctx } from '../../context/ctx';
import { claimKey, findReplay, idempotencyKey, requestHash } from '../../context/idempotency';
import { emitAfter, inTransaction } from '../../context/transaction';
import { type PaymentTransaction, Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';
import { snakeKeys } from '../../shared/updates';
import { refundEmailSql } from '../mail';
import { OrderStatus } from './order.type';
import { actorStamp } from './order-actor';
import { lockOrder } from './order-lock';
import { noticeOf } from './order-notice';
import { nextStatuses } from './order-status';
import { recordStatusChange } from './order-status-change';
import type { RefundCreateInput } from './refund.inputs';
import { PAID_SQL, refundSumSql } from './refund-money';
import { refunderFor, type RefundOutcome } from './refund-providers';
import { markReturnRefunded, reopenRefundedReturn } from './return-refund';

/** Thrown inside the transaction when a concurrent request with the same Idempotency-Key committed first. */
class AlreadyClaimed extends Error {}

const refundEntity = (row: object) => snakeKeys(row) as Record<string, unknown>;

/** The order's money as its refunds see it, read under the order's lock (refund-money.ts says what paid is). */
async function moneyOf(tx: Ctx, orderId: string) {
  const [row] = await tx.db.$queryRaw<
    Array<{ currency: string; orderNumber: string; paid: number; reserved: number; succeeded: number }>
  >(Prisma.sql`
    SELECT o.currency, o.order_number AS "orderNumber", ${Prisma.raw(PAID_SQL)} AS paid,
      ${Prisma.raw(refundSumSql(['pending', 'succeeded']))} AS reserved,
      ${Prisma.raw(refundSumSql(['succeeded']))} AS succeeded
    FROM orders o WHERE o.id = ${orderId}::uuid`);
  if (!row) throw AppError.notFound('order');
  return row;
}

/**
 * The captured payment a refund goes back through: `preferred` (the payments panel names its payment) or the
 * order's completed payment not given back whole yet, the largest first (an order has one; a manual order paid by
 * a card link has that one). None for a manual method (no captured payment at all); 422 when every captured
 * payment was given back whole already.
 */
async function paymentToRefund(tx: Ctx, orderId: string, preferred?: string): Promise<PaymentTransaction | null> {
  const captured = await tx.db.paymentTransaction.findMany({
    where: { orderId, status: 'completed' },
    orderBy: [{ amount: 'desc' }, { createdAt: 'asc' }],
  });
  if (!captured.length) return null;
  const open = captured.filter((p) => !p.refundedAt);
  const payment = open.find((p) => p.providerReference === preferred) ?? open[0];
  if (!payment)
    throw new AppError('invalid_transition', "the order's payment was given back in full already", { field: 'status' });
  return payment;
}

/**
 * When the order's succeeded refunds reach what was paid, the order moves to `refunded` (if the status table allows
 * it from where it is) through the one status change path: history row, stock back, `order.*` hooks. Its captured
 * payments are marked refunded first, in the same transaction, so the payment plugin's "order refunded → give the
 * payment back" finds nothing left to give (the refunds already did).
 */
async function closeIfRefunded(tx: Ctx, orderId: string, succeeded: number, paid: number): Promise<void> {
  if (paid <= 0 || succeeded < paid) return;
  const { status } = await lockOrder(tx, orderId);
  await tx.db.paymentTransaction.updateMany({
    where: { orderId, status: 'completed', refundedAt: null },
    data: { refundedAt: new Date() },
  });
  if (nextStatuses(status).includes(OrderStatus.REFUNDED))
    await recordStatusChange(tx, orderId, status, OrderStatus.REFUNDED, 'refunded in full');
}

/** Tells the customer what was refunded, in the transaction in which the refund succeeds: once per refund. */
async function queueRefundEmail(tx: Ctx, refundId: string): Promise<void> {
  const refund = await tx.db.refund.findUniqueOrThrow({
    where: { id: refundId },
    select: { orderId: true, amount: true, reason: true, settledAt: true },
  });
  const { order } = await noticeOf(tx, refund.orderId, []);
  await tx.db.$executeRaw(
    refundEmailSql(tx, { refundId, order, amount: refund.amount, reason: refund.reason, at: refund.settledAt }),
  );
}

interface Reserved {
  id: string;
  /** Set when a provider must be asked (after commit). */
  call?: {
    provider: string;
    transaction: PaymentTransaction;
    order: { id: string; orderNumber: string; currency: string };
  };
  amount: number;
  key: string;
}

/**
 * The short transaction of a refund: the idempotency claim, the order's lock, the check that the order's refunds
 * (succeeded and pending) plus this one stay within what was paid, the refund row, and its hook. Two staff refunding
 * at once queue on the lock; the second sees the first's pending row, so the sum can never pass what was paid.
 * A refund through a provider is written `pending` (its amount reserved); one without is `succeeded` at once.
 */
async function reserve(
  tx: Ctx,
  orderId: string,
  input: RefundCreateInput,
  idem?: { scope: string; key: string; hash: string },
  preferredPayment?: string,
): Promise<Reserved> {
  const id = randomUUID();
  if (idem && !(await claimKey(tx, idem.scope, idem.key, idem.hash, { refund_id: id }))) throw new AlreadyClaimed();
  const { status } = await lockOrder(tx, orderId);
  // Cancelling or refunding the order gave its money back already (the status change, or the payment plugin).
  if (status === OrderStatus.CANCELLED || status === OrderStatus.REFUNDED)
    throw new AppError('invalid_transition', `an order that is ${status} cannot be refunded`, { field: 'status' });
  const money = await moneyOf(tx, orderId);
  if (money.paid <= 0)
    throw new AppError('invalid_transition', `nothing was paid for this ${status} order`, { field: 'status' });
  const left = money.paid - money.reserved;
  if (input.amount > left)
    throw new AppError(
      'refund_exceeds_paid',
      `at most ${Math.max(0, left)} is left to refund (paid ${money.paid}, refunded or pending ${money.reserved})`,
      { field: 'amount' },
    );
  if (input.returnId) await markReturnRefunded(tx, orderId, input.returnId);
  const payment = await paymentToRefund(tx, orderId, preferredPayment);
  if (payment && !refunderFor(tx.hooks, payment.provider))
    throw new AppError(
      'invalid_transition',
      `the payment provider ${payment.provider} is not enabled: it cannot give the payment back`,
      { field: 'status' },
    );
  // The provider's key: derived from our refund id, so a retry of the call (or a replay of the request) refunds once.
  const key = `svc-refund-${id}`;
  // Without a provider the refund is made and settled at once: one time for both (the timeline's settled entry
  // says who made it).
  const now = new Date();
  const refund = await tx.db.refund.create({
    data: {
      id,
      createdAt: now,
      settledAt: payment ? null : now,
      orderId,
      returnId: input.returnId ?? null,
      amount: input.amount,
      currency: money.currency,
      reason: input.reason ?? null,
      status: payment ? 'pending' : 'succeeded',
      idempotencyKey: key,
      ...actorStamp(tx),
    },
  });
  await emitAfter(tx, 'refund.after_create', { entity: refundEntity(refund), changes: {}, metadata: {} });
  if (!payment) {
    await queueRefundEmail(tx, id);
    await closeIfRefunded(tx, orderId, money.succeeded + input.amount, money.paid);
    return { id, amount: input.amount, key };
  }
  return {
    id,
    amount: input.amount,
    key,
    call: {
      provider: payment.provider,
      transaction: payment,
      order: { id: orderId, orderNumber: money.orderNumber, currency: money.currency },
    },
  };
}

/**
 * Refunds `amount` cents of an order (contract §10). The money rule holds under concurrency: the refund is
 * reserved under the order's lock (see {@link reserve}), committed, and only then is the provider asked, outside
 * any transaction (a slow provider holds no lock), with a key derived from the refund; its answer settles the
 * refund (`failed` frees the amount). A provider that does not answer leaves the refund pending for its webhook.
 * `Idempotency-Key` as checkout: a repeat with the same key and body answers the first refund, nothing new.
 */
export async function createRefund(
  ctx: Ctx,
  orderId: string,
  input: RefundCreateInput,
  options: { paymentReference?: string } = {},
) {
  const key = idempotencyKey(ctx);
  const scope = `refund:${orderId}`;
  const hash = requestHash({ orderId, input });
  if (key) {
    const replay = await findReplay(ctx, scope, key, hash);
    if (replay) return getRefund(ctx, orderId, String(replay.refund_id));
  }
  let reserved: Reserved;
  try {
    reserved = await inTransaction(ctx, (tx) =>
      reserve(tx, orderId, input, key ? { scope, key, hash } : undefined, options.paymentReference),
    );
  } catch (err) {
    if (err instanceof AlreadyClaimed && key) {
      const replay = await findReplay(ctx, scope, key, hash);
      if (replay) return getRefund(ctx, orderId, String(replay.refund_id));
    }
    throw err;
  }
  if (reserved.call) await askProvider(ctx, reserved);
  return getRefund(ctx, orderId, reserved.id);
}

/** Asks the provider's refunder for a reserved refund and settles the refund with its answer (true: settled). */
async function askProvider(ctx: Ctx, reserved: Reserved, retry = false): Promise<boolean> {
  const call = reserved.call!;
  const refunder = refunderFor(ctx.hooks, call.provider);
  let outcome: RefundOutcome;
  try {
    if (!refunder) throw new Error(`no refunder for ${call.provider}`);
    outcome = await refunder({
      order: call.order,
      transaction: call.transaction,
      refundId: reserved.id,
      amount: reserved.amount,
      idempotencyKey: reserved.key,
      retry,
    });
  } catch (err) {
    // Unknown outcome (a timeout): the refund stays pending, its amount reserved; the provider's webhook or the
    // plugin's reconciler (retryPendingRefunds) settles it.
    ctx.log.warn({ refund: reserved.id, err: (err as Error).message }, 'refund: the provider did not answer');
    return false;
  }
  return settleRefund(ctx, { refundId: reserved.id }, outcome);
}

/**
 * Settles a pending refund with the provider's word (its answer, or its webhook), named by our id or the
 * provider's refund id: once (a guarded update; a settled refund stays as it is). A success that brings the
 * order's succeeded refunds up to what was paid moves the order to `refunded`; a failure of a refund tied to a
 * return moves that return back to `received`. True when the refund changed.
 */
export async function settleRefund(
  ctx: Ctx,
  which: { refundId?: string; providerReference?: string },
  outcome: RefundOutcome,
): Promise<boolean> {
  const where = which.refundId ? { id: which.refundId } : { providerReference: which.providerReference ?? '' };
  const found = await ctx.db.refund.findFirst({ where, select: { id: true, orderId: true, returnId: true } });
  if (!found) return false;
  return inTransaction(ctx, async (tx) => {
    await lockOrder(tx, found.orderId);
    const { count } = await tx.db.refund.updateMany({
      where: { id: found.id, status: 'pending' },
      data: {
        status: outcome.status,
        ...(outcome.reference ? { providerReference: outcome.reference } : {}),
        failureReason: outcome.status === 'failed' ? (outcome.error ?? 'failed').slice(0, 255) : null,
        ...(outcome.status === 'pending' ? {} : { settledAt: new Date() }),
      },
    });
    // The refund that paid a return failed: the return is not refunded after all (return-refund.ts).
    if (count && outcome.status === 'failed' && found.returnId)
      await reopenRefundedReturn(tx, found.orderId, found.returnId, found.id);
    if (count && outcome.status === 'succeeded') {
      await queueRefundEmail(tx, found.id);
      const money = await moneyOf(tx, found.orderId);
      await closeIfRefunded(tx, found.orderId, money.succeeded, money.paid);
    }
    return count > 0 && outcome.status !== 'pending';
  });
}

/**
 * Asks `provider` again about its refunds still pending since `before` (the reconciler of a payment plugin): one
 * whose provider call timed out, or whose webhook never came. The refunder is told it is a retry, so it looks the
 * refund up by our id before making it (with the refund's own key): a refund the provider made is never made
 * twice. Answers how many were settled; the others go to the back of the queue.
 */
export async function retryPendingRefunds(ctx: Ctx, provider: string, before: Date, limit: number): Promise<number> {
  const rows = await ctx.db.refund.findMany({
    where: { status: 'pending', updatedAt: { lt: before } },
    orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }],
    take: limit,
    include: { order: { select: { orderNumber: true, currency: true } } },
  });
  let settled = 0;
  for (const row of rows) {
    const payment = await ctx.db.paymentTransaction.findFirst({
      where: { orderId: row.orderId, status: 'completed', provider },
      orderBy: [{ amount: 'desc' }, { createdAt: 'asc' }],
    });
    if (!payment) continue;
    const reserved: Reserved = {
      id: row.id,
      amount: row.amount,
      key: row.idempotencyKey ?? `svc-refund-${row.id}`,
      call: {
        provider,
        transaction: payment,
        order: { id: row.orderId, orderNumber: row.order.orderNumber, currency: row.order.currency },
      },
    };
    if (await askProvider(ctx, reserved, true)) settled++;
    else await ctx.db.refund.updateMany({ where: { id: row.id, status: 'pending' }, data: { updatedAt: new Date() } });
  }
  return settled;
}

/** An order's refunds, oldest first (404 for an unknown order). */
export async function listRefunds(ctx: Ctx, orderId: string) {
  const order = await ctx.db.order.findUnique({ where: { id: orderId }, select: { id: true } });
  if (!order) throw AppError.notFound('order');
  return ctx.db.refund.findMany({ where: { orderId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

export async function getRefund(ctx: Ctx, orderId: string, id: string) {
  const refund = await ctx.db.refund.findFirst({ where: { id, orderId } });
  if (!refund) throw AppError.notFound('refund');
  return refund;
}
