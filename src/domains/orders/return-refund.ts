import type { Ctx } from '../../context/ctx';
import { emitAfter } from '../../context/transaction';
import { AppError } from '../../shared/errors';
import { diffEntities } from '../../shared/updates';
import { type ActorStamp, SYSTEM_STAMP } from './order-actor';
import { RETURN_WITH_ITEMS, returnEntity } from './return.service';
import { ReturnStatus } from './return.type';
import { recordReturnMove } from './return-events';

/**
 * Moves a `received` return of the order to `refunded` (contract §10: received → refunded only by a refund). The
 * refunds code calls it inside the refund's transaction with the order row already locked, so the check and the
 * move cannot race a staff change of the same return (which takes the same lock). 404 when the return is not the
 * order's, 422 `invalid_transition` unless it is received. `return.after_update` fires after commit.
 */
export async function markReturnRefunded(tx: Ctx, orderId: string, returnId: string): Promise<void> {
  const before = await tx.db.return.findFirst({ where: { id: returnId, orderId }, include: RETURN_WITH_ITEMS });
  if (!before) throw AppError.notFound('return');
  if (before.status !== 'received')
    throw new AppError('invalid_transition', `a return that is ${before.status} cannot be refunded; receive it first`, {
      field: 'return_id',
    });
  await moveReturn(tx, before, ReturnStatus.REFUNDED);
}

/**
 * The refund that paid a return failed at the provider (its answer or its webhook): the customer got nothing
 * back, so the return goes back to `received` (where a new refund may pay it), recorded as the system's move, in
 * the transaction that settles the refund (the caller holds the order's lock). Nothing when the return is not
 * `refunded` any more, or another refund of it succeeded (that one paid it).
 */
export async function reopenRefundedReturn(tx: Ctx, orderId: string, returnId: string, refundId: string) {
  const before = await tx.db.return.findFirst({ where: { id: returnId, orderId }, include: RETURN_WITH_ITEMS });
  if (before?.status !== 'refunded') return;
  const paid = await tx.db.refund.count({
    where: { returnId, id: { not: refundId }, status: { in: ['pending', 'succeeded'] } },
  });
  if (paid) return;
  await moveReturn(tx, before, ReturnStatus.RECEIVED, { comment: `refund ${refundId} failed`, stamp: SYSTEM_STAMP });
}

/** Writes the move and its event (the request's actor's, or `by.stamp`), and queues `return.after_update`. */
async function moveReturn(
  tx: Ctx,
  before: { id: string; orderId: string; status: string },
  to: ReturnStatus,
  by: { comment: string | null; stamp?: ActorStamp } = { comment: null },
): Promise<void> {
  const after = await tx.db.return.update({
    where: { id: before.id },
    data: { status: to, updatedAt: new Date() },
    include: RETURN_WITH_ITEMS,
  });
  await recordReturnMove(tx, before, before.status as ReturnStatus, to, by.comment, by.stamp);
  const changes = diffEntities(returnEntity(before), returnEntity(after));
  await emitAfter(tx, 'return.after_update', { entity: returnEntity(after), changes, metadata: {} });
}
