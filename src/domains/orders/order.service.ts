import { customerIdOf, requireCustomerId } from '../../context/actor';
import type { Ctx } from '../../context/ctx';
import { guestTokensOf } from '../../context/guest-tokens';
import { inTransaction } from '../../context/transaction';
import { AppError } from '../../shared/errors';
import type { Page } from '../../shared/pagination';
import { sameSecret } from '../../shared/same-secret';
import type { OrderStatusInput } from './checkout.inputs';
import { listOrderPage, type OrderFilter, type OrderListPlan, readOrder } from './order-list';
import { lockOrder } from './order-lock';
import { assertTransition } from './order-status';
import { recordStatusChange } from './order-status-change';
import { deliverAll, shipRemaining } from './shipment.service';

/** One order (admin), with the relations `plan` names read in the same statement (order-list.ts). */
export async function getOrder(ctx: Ctx, id: string, plan?: OrderListPlan) {
  const order = await readOrder(ctx, id, plan);
  if (!order) throw AppError.notFound('order');
  return order;
}

/** Admin list: filters by status and customer, `search` on order number and email, sortable (order-list.ts). */
export function listOrders(ctx: Ctx, page: Page, filter: OrderFilter, plan?: OrderListPlan) {
  return listOrderPage(ctx, page, filter, plan);
}

export { entityOf, orderEntity } from './order-status-change';

/**
 * Moves an order along the contract's transition table (422 `invalid_transition` otherwise) under a row lock,
 * records the change with its comment and who made it (order-actor.ts), and, on entering `cancelled` or `refunded`,
 * returns the order's stock to its original warehouses in the same transaction (order-status-change.ts). `order.before_update` may cancel; `order.after_update`
 * carries `{ from_status, to_status, comment }` after commit.
 */
export async function updateOrderStatus(ctx: Ctx, id: string, input: OrderStatusInput) {
  await inTransaction(ctx, async (tx) => {
    const locked = await lockOrder(tx, id);
    assertTransition(locked.status, input.status);
    // Shipped by hand: what is left leaves as one shipment without tracking (contract §10).
    if (input.status === 'shipped') await shipRemaining(tx, id);
    // Delivered by hand: its shipments were delivered too.
    if (input.status === 'delivered') await deliverAll(tx, id);
    await recordStatusChange(tx, id, locked.status, input.status, input.comment ?? null);
  });
  return getOrder(ctx, id);
}

/** The signed-in customer's orders, newest first. */
export function listAccountOrders(ctx: Ctx, page: Page, plan?: OrderListPlan) {
  return listOrderPage(ctx, page, { customerId: requireCustomerId(ctx.actor) }, plan);
}

/** One of the signed-in customer's orders; anyone else's is 404. */
export async function getAccountOrder(ctx: Ctx, id: string, plan?: OrderListPlan) {
  const order = await readOrder(ctx, id, plan);
  if (!order || !order.customerId || order.customerId !== customerIdOf(ctx.actor)) throw AppError.notFound('order');
  return order;
}

/** Payment transactions of an order (admin). */
export async function listTransactions(ctx: Ctx, orderId: string) {
  await getOrder(ctx, orderId);
  return ctx.db.paymentTransaction.findMany({ where: { orderId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

/**
 * One order for the store: its customer's, or a guest's presenting the guest token (`svc_guest_token` cookie
 * or `X-Guest-Token` header), so a guest can read back what it bought without an account. Anyone else gets
 * 404, as if the order did not exist.
 */
export async function getOwnOrder(ctx: Ctx, id: string, plan?: OrderListPlan) {
  const order = await readOrder(ctx, id, plan);
  if (!order || !ownsOrder(ctx, order)) throw AppError.notFound('order');
  return order;
}

/**
 * Payment transactions for the store: the order's customer, or a guest presenting its guest token
 * (`svc_guest_token` cookie or `X-Guest-Token` header). Anyone else gets 404, as if the order did not exist.
 */
export async function listOwnTransactions(ctx: Ctx, orderId: string) {
  const order = await ctx.db.order.findUnique({
    where: { id: orderId },
    select: { customerId: true, guestToken: true },
  });
  if (!order || !ownsOrder(ctx, order)) throw AppError.notFound('order');
  return ctx.db.paymentTransaction.findMany({ where: { orderId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

/** The order's customer, or a guest presenting the order's token among the ones it holds (guest-tokens.ts). */
function ownsOrder(ctx: Ctx, order: { customerId: string | null; guestToken: string | null }): boolean {
  if (order.customerId) return customerIdOf(ctx.actor) === order.customerId;
  const stored = order.guestToken;
  return !!stored && guestTokensOf(ctx.request.guestToken).some((presented) => sameSecret(presented, stored));
}
