import { customerIdOf } from '../../context/actor';
import type { Ctx } from '../../context/ctx';
import { guestTokensOf } from '../../context/guest-tokens';
import { emitAfter, inTransaction } from '../../context/transaction';
import type { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';
import { findPage, type Page } from '../../shared/pagination';
import { sameSecret } from '../../shared/same-secret';
import { diffEntities, snakeKeys } from '../../shared/updates';
import { restockReturn } from '../inventory';
import { returnReceivedEmailSql } from '../mail';
import { actorStamp } from './order-actor';
import { lockOrder } from './order-lock';
import { noticeOf } from './order-notice';
import type { ReturnCreateInput, ReturnStatusInput } from './return.inputs';
import { ReturnStatus } from './return.type';
import { recordReturnMove } from './return-events';
import { staffMovesFrom } from './return-moves';

export const RETURN_WITH_ITEMS = { items: { orderBy: { id: 'asc' } } } as const satisfies Prisma.ReturnInclude;

/** Statuses whose units count as returned for the `over_return` check: every one but a rejected return. */
const HOLDING: ReadonlySet<string> = new Set(['requested', 'approved', 'received', 'refunded']);

export const returnEntity = (row: object) => snakeKeys(row) as Record<string, unknown>;

/** The order's customer, or a guest presenting the order's token (the same check as the store's order reads). */
function ownsOrder(ctx: Ctx, order: { customerId: string | null; guestToken: string | null }): boolean {
  if (order.customerId) return customerIdOf(ctx.actor) === order.customerId;
  const stored = order.guestToken;
  return !!stored && guestTokensOf(ctx.request.guestToken).some((presented) => sameSecret(presented, stored));
}

/**
 * The lines of a return request, checked under the order's lock: each order line at most once, at most its
 * shipped units minus those already in returns that are not rejected (422 `over_return`).
 */
async function checkLines(tx: Ctx, orderId: string, asked: ReturnCreateInput['items']) {
  const seen = new Set<string>();
  const duplicates = asked
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => seen.has(line.orderItemId) || !seen.add(line.orderItemId));
  if (duplicates.length)
    throw AppError.validation(
      duplicates.map(({ i }) => ({ field: `items[${i}].order_item_id`, detail: 'listed more than once' })),
    );
  const items = await tx.db.orderItem.findMany({
    where: { orderId },
    select: {
      id: true,
      shipmentItems: { select: { quantity: true } },
      returnItems: { select: { quantity: true, return: { select: { status: true } } } },
    },
  });
  const left = new Map(
    items.map((i) => [
      i.id,
      i.shipmentItems.reduce((n, s) => n + s.quantity, 0) -
        i.returnItems.filter((r) => HOLDING.has(r.return.status)).reduce((n, r) => n + r.quantity, 0),
    ]),
  );
  for (const line of asked) {
    const available = left.get(line.orderItemId);
    if (available === undefined) throw AppError.notFound('order item');
    if (line.quantity > available)
      throw new AppError(
        'over_return',
        `only ${Math.max(available, 0)} shipped unit(s) of order item ${line.orderItemId} are left to return`,
        { field: 'items' },
      );
  }
}

/**
 * Opens a return (contract §10): for the store, the order's customer or a guest with its token (404 for anyone
 * else, as the store's order reads answer); for staff, any order. Under the order's lock, so two requests (or a
 * request and a shipment or cancellation) never return more than shipped.
 */
export async function createReturn(ctx: Ctx, orderId: string, input: ReturnCreateInput, store: boolean) {
  const id = await inTransaction(ctx, async (tx) => {
    await lockOrder(tx, orderId);
    const order = await tx.db.order.findUniqueOrThrow({
      where: { id: orderId },
      select: { customerId: true, guestToken: true, email: true },
    });
    if (store && !ownsOrder(tx, order)) throw AppError.notFound('order');
    await checkLines(tx, orderId, input.items);
    const created = await tx.db.return.create({
      data: {
        orderId,
        comment: input.comment ?? null,
        ...actorStamp(tx, { customerId: order.customerId, email: order.email }),
        items: {
          create: input.items.map((l) => ({
            orderItemId: l.orderItemId,
            quantity: l.quantity,
            reason: l.reason ?? null,
          })),
        },
      },
      include: RETURN_WITH_ITEMS,
    });
    await emitAfter(tx, 'return.after_create', { entity: returnEntity(created), changes: {}, metadata: {} });
    return created.id;
  });
  return getReturn(ctx, id);
}

export interface ReturnFilter {
  status?: ReturnStatus;
  orderId?: string;
  /** Only the returns waiting for staff (WAITING). */
  waiting?: boolean;
}

/** The returns waiting for staff: to approve or reject, or to receive. The Home screen counts the same set. */
export const WAITING: readonly ReturnStatus[] = [ReturnStatus.REQUESTED, ReturnStatus.APPROVED];

/** Returns newest first, filtered by status and order: a page with its lines and a count (three statements). */
export function listReturns(ctx: Ctx, page: Page, filter: ReturnFilter) {
  const where: Prisma.ReturnWhereInput = {
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.waiting ? { AND: [{ status: { in: [...WAITING] } }] } : {}),
    ...(filter.orderId ? { orderId: filter.orderId } : {}),
  };
  return findPage(
    page,
    (w) =>
      ctx.db.return.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        include: RETURN_WITH_ITEMS,
        ...w,
      }),
    () => ctx.db.return.count({ where }),
  );
}

export async function getReturn(ctx: Ctx, id: string) {
  const found = await ctx.db.return.findUnique({ where: { id }, include: RETURN_WITH_ITEMS });
  if (!found) throw AppError.notFound('return');
  return found;
}

/**
 * Moves a return (contract §10) under its order's lock, so two staff receiving the same return queue and the
 * second finds it received (422 `invalid_transition`): its lines are restocked once. Each move is recorded with
 * who made it (return-events.ts) for the order's timeline. Receiving puts the lines
 * marked `restock` back with `return` movements (inventory's restockReturn caps them at what the order still
 * has out). `refunded` is refused: a refund tied to the return sets it.
 */
export async function updateReturnStatus(ctx: Ctx, id: string, input: ReturnStatusInput) {
  await inTransaction(ctx, async (tx) => {
    const head = await tx.db.return.findUnique({ where: { id }, select: { orderId: true } });
    if (!head) throw AppError.notFound('return');
    await lockOrder(tx, head.orderId);
    const before = await getReturn(tx, id);
    const from = before.status as ReturnStatus;
    if (input.status === ReturnStatus.REFUNDED)
      throw new AppError(
        'invalid_transition',
        'a return is marked refunded by creating a refund for it (POST /api/v1/admin/orders/{id}/refunds with return_id)',
        { field: 'status' },
      );
    if (!staffMovesFrom(from).includes(input.status))
      throw new AppError('invalid_transition', `a return that is ${from} cannot move to ${input.status}`, {
        field: 'status',
      });
    if (input.items && input.status !== ReturnStatus.RECEIVED)
      throw AppError.validation([{ field: 'items', detail: 'only when the return is received' }]);
    const comment = input.comment === undefined ? before.comment : input.comment;
    const at = await recordReturnMove(tx, before, from, input.status, comment);
    if (input.status === ReturnStatus.RECEIVED) {
      await receive(tx, before, input.items ?? []);
      await queueReturnReceivedEmail(tx, before, at);
    }
    const after = await tx.db.return.update({
      where: { id },
      data: { status: input.status, ...(input.comment === undefined ? {} : { comment: input.comment }) },
      include: RETURN_WITH_ITEMS,
    });
    const changes = diffEntities(returnEntity(before), returnEntity(after));
    await emitAfter(tx, 'return.after_update', { entity: returnEntity(after), changes, metadata: {} });
  });
  return getReturn(ctx, id);
}

type ReturnRow = Awaited<ReturnType<typeof getReturn>>;

/** Tells the customer what came back, in the transaction that records it: once per return (its dedupe key). */
async function queueReturnReceivedEmail(tx: Ctx, row: ReturnRow, at: Date): Promise<void> {
  const { order, lines } = await noticeOf(tx, row.orderId, row.items);
  await tx.db.$executeRaw(returnReceivedEmailSql(tx, { returnId: row.id, order, lines, at }));
}

/** Records each line's restock choice and puts the chosen units back (the caller holds the order's lock). */
async function receive(tx: Ctx, row: ReturnRow, choices: NonNullable<ReturnStatusInput['items']>) {
  const byItem = new Map(row.items.map((i) => [i.orderItemId, i]));
  const seen = new Set<string>();
  choices.forEach((c, i) => {
    if (!byItem.has(c.orderItemId))
      throw AppError.validation([{ field: `items[${i}].order_item_id`, detail: 'not a line of this return' }]);
    if (seen.has(c.orderItemId))
      throw AppError.validation([{ field: `items[${i}].order_item_id`, detail: 'listed more than once' }]);
    seen.add(c.orderItemId);
  });
  const restocking = choices.filter((c) => c.restock);
  const orderItems = await tx.db.orderItem.findMany({
    where: { id: { in: restocking.map((c) => c.orderItemId) } },
    select: { id: true, productId: true, variantId: true },
  });
  const product = new Map(orderItems.map((i) => [i.id, i]));
  // A line whose product was deleted since the order cannot go back to stock.
  const lines = restocking.flatMap((c) => {
    const item = product.get(c.orderItemId);
    return item?.productId
      ? [
          {
            c,
            line: {
              productId: item.productId,
              variantId: item.variantId,
              warehouseId: c.warehouseId ?? null,
              quantity: byItem.get(c.orderItemId)!.quantity,
            },
          },
        ]
      : [];
  });
  const done = await restockReturn(
    tx,
    row.orderId,
    lines.map((l) => l.line),
    `return ${row.id}`,
  );
  const outcome = new Map(lines.map((l, i) => [l.c.orderItemId, done[i]]));
  for (const c of choices) {
    const result = outcome.get(c.orderItemId);
    await tx.db.returnItem.update({
      where: { id: byItem.get(c.orderItemId)!.id },
      data: {
        restock: c.restock,
        warehouseId: result?.warehouseId ?? c.warehouseId ?? null,
        restockedQuantity: result?.restocked ?? 0,
      },
    });
  }
  const unlisted = row.items.filter((i) => !seen.has(i.orderItemId)).map((i) => i.id);
  if (unlisted.length) await tx.db.returnItem.updateMany({ where: { id: { in: unlisted } }, data: { restock: false } });
}
