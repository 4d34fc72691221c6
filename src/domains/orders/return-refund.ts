import type { Ctx } from '../../context/ctx';
import { emitAfter } from '../../context/transaction';
import { AppError } from '../../shared/errors';
import { diffEntities } from '../../shared/updates';
import { RETURN_WITH_ITEMS, returnEntity } from './return.service';

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
  const after = await tx.db.return.update({
    where: { id: returnId },
    data: { status: 'refunded', updatedAt: new Date() },
    include: RETURN_WITH_ITEMS,
  });
  const changes = diffEntities(returnEntity(before), returnEntity(after));
  await emitAfter(tx, 'return.after_update', { entity: returnEntity(after), changes, metadata: {} });
}
