import type { Ctx } from '../../context/ctx';
import { type ActorStamp, actorStamp } from './order-actor';
import type { ReturnStatus } from './return.type';

/**
 * Records one move of a return (from → to) in the transaction that makes it, stamped with who made it (the
 * request's actor, or `stamp` for a move the system makes), for the order's timeline. Its time is the database's
 * `now()`, the transaction's start: the email a move writes takes this time (outbox.ts), so it is listed after
 * the move. Answers the event's time.
 */
export async function recordReturnMove(
  tx: Ctx,
  row: { id: string; orderId: string },
  from: ReturnStatus,
  to: ReturnStatus,
  comment: string | null,
  stamp: ActorStamp = actorStamp(tx),
): Promise<Date> {
  const event = await tx.db.returnEvent.create({
    data: { returnId: row.id, orderId: row.orderId, fromStatus: from, toStatus: to, comment, ...stamp },
    select: { createdAt: true },
  });
  return event.createdAt;
}
