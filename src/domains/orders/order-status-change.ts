import type { Ctx } from '../../context/ctx';
import { emitAfter } from '../../context/transaction';
import { snakeKeys } from '../../shared/updates';
import { reverseOrderStock } from '../inventory';
import type { OrderStatus } from './order.type';
import { actorStamp } from './order-actor';
import { RESTOCKING } from './order-status';

/** The order as the admin API shows it (without the guest token), for hooks and automation payloads. */
export async function orderEntity(ctx: Ctx, id: string): Promise<Record<string, unknown>> {
  const order = await ctx.db.order.findUniqueOrThrow({
    where: { id },
    include: { items: { orderBy: { position: 'asc' } } },
  });
  return entityOf(order, order.items);
}

/** {@link orderEntity} from rows at hand (an order just written, with its items in position order). */
export function entityOf(
  order: { guestToken: string | null } & Record<string, unknown>,
  items: Array<Record<string, unknown>>,
): Record<string, unknown> {
  // Hook events leave the process (automation webhooks): they never carry token material.
  const { guestToken: _token, ...shown } = order;
  return snakeKeys({ ...shown, items }) as Record<string, unknown>;
}

/**
 * Records a move of an order that the caller has locked (`SELECT … FOR UPDATE`) and checked against the table:
 * `order.before_update` may cancel, the status and its history row (with who made it) are written, stock goes
 * back on entering `cancelled` or `refunded`, and `order.after_update` fires after commit. One path for a manual
 * change and for the moves shipments make (issue 48), so both leave the same history and hooks.
 */
export async function recordStatusChange(
  tx: Ctx,
  id: string,
  from: OrderStatus,
  to: OrderStatus,
  comment: string | null,
): Promise<void> {
  const changes = { from_status: from, to_status: to, comment };
  await tx.hooks.runBefore('order.before_update', { entity: await orderEntity(tx, id), changes, metadata: {} });
  const actor = actorStamp(tx);
  await tx.db.order.update({
    where: { id },
    data: { status: to, statusHistory: { create: [{ fromStatus: from, toStatus: to, comment, ...actor }] } },
  });
  if (RESTOCKING.has(to)) await reverseOrderStock(tx, id, `order ${to}`);
  await emitAfter(tx, 'order.after_update', { entity: await orderEntity(tx, id), changes, metadata: {} });
}
