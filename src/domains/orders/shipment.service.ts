import type { Ctx } from '../../context/ctx';
import { emitAfter, inTransaction } from '../../context/transaction';
import type { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';
import { diffEntities, snakeKeys } from '../../shared/updates';
import { shipmentEmailSql } from '../mail';
import { carrierName, trackingUrlFor } from './carriers';
import { OrderStatus } from './order.type';
import { actorStamp } from './order-actor';
import { lockOrder } from './order-lock';
import { noticeOf } from './order-notice';
import { recordStatusChange } from './order-status-change';
import type { ShipmentCreateInput, ShipmentUpdateInput } from './shipment.inputs';

/** Orders that may ship: paid or being prepared, or (older orders shipped before shipments existed) later on. */
const SHIPPABLE: ReadonlySet<OrderStatus> = new Set([
  OrderStatus.CONFIRMED,
  OrderStatus.PROCESSING,
  OrderStatus.SHIPPED,
  OrderStatus.DELIVERED,
]);
/** Statuses the last unit's shipment moves on to `shipped` (the status table allows exactly these). */
const MOVES_TO_SHIPPED: ReadonlySet<OrderStatus> = new Set([OrderStatus.CONFIRMED, OrderStatus.PROCESSING]);

const WITH_ITEMS = { items: { orderBy: { id: 'asc' } } } as const satisfies Prisma.ShipmentInclude;

/** Units of each line not shipped yet, in line order (under the order's lock). */
async function unshippedOf(tx: Ctx, orderId: string): Promise<Array<{ id: string; left: number }>> {
  const items = await tx.db.orderItem.findMany({
    where: { orderId },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
    select: { id: true, quantity: true, shipmentItems: { select: { quantity: true } } },
  });
  return items.map((i) => ({ id: i.id, left: i.quantity - i.shipmentItems.reduce((n, s) => n + s.quantity, 0) }));
}

const shipmentEntity = (row: object) => snakeKeys(row) as Record<string, unknown>;

/** Writes a shipment of `lines` (already checked) and queues `shipment.after_create`. */
async function insertShipment(
  tx: Ctx,
  orderId: string,
  lines: Array<{ orderItemId: string; quantity: number }>,
  fields: { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null; notify: boolean },
) {
  const shipment = await tx.db.shipment.create({
    data: { orderId, ...fields, ...actorStamp(tx), items: { create: lines } },
    include: WITH_ITEMS,
  });
  await emitAfter(tx, 'shipment.after_create', { entity: shipmentEntity(shipment), changes: {}, metadata: {} });
  return shipment;
}

/**
 * Ships what is left of an order as one shipment without tracking: the order was set to `shipped` by hand
 * (contract §10). Nothing when every unit already shipped. The caller holds the order's lock.
 */
export async function shipRemaining(tx: Ctx, orderId: string): Promise<void> {
  const lines = (await unshippedOf(tx, orderId))
    .filter((l) => l.left > 0)
    .map((l) => ({ orderItemId: l.id, quantity: l.left }));
  if (lines.length)
    await insertShipment(tx, orderId, lines, { carrier: null, trackingNumber: null, trackingUrl: null, notify: false });
}

/**
 * Marks every shipment of the order delivered: the order was set to `delivered` by hand, so its shipments agree.
 * The caller holds the order's lock.
 */
export async function deliverAll(tx: Ctx, orderId: string): Promise<void> {
  const open = await tx.db.shipment.findMany({ where: { orderId, status: 'shipped' }, include: WITH_ITEMS });
  if (!open.length) return;
  const delivered = { status: 'delivered' as const, deliveredAt: new Date(), ...deliveredStamp(tx) };
  await tx.db.shipment.updateMany({ where: { id: { in: open.map((s) => s.id) } }, data: delivered });
  for (const before of open) {
    const after = { ...before, ...delivered };
    const changes = diffEntities(shipmentEntity(before), shipmentEntity(after));
    await emitAfter(tx, 'shipment.after_update', { entity: shipmentEntity(after), changes, metadata: {} });
  }
}

/** Who delivered: the request's actor, on the shipment's `delivered_actor_*` columns (the timeline names them). */
function deliveredStamp(tx: Ctx) {
  const stamp = actorStamp(tx);
  return {
    deliveredActorKind: stamp.actorKind,
    deliveredActorId: stamp.actorId,
    deliveredActorLabel: stamp.actorLabel,
  };
}

/** The lines to ship: the ones asked for (each at most once, within its unshipped units), or everything left. */
function linesToShip(
  unshipped: Array<{ id: string; left: number }>,
  asked: ShipmentCreateInput['items'],
): Array<{ orderItemId: string; quantity: number }> {
  if (!asked) {
    const all = unshipped.filter((l) => l.left > 0).map((l) => ({ orderItemId: l.id, quantity: l.left }));
    if (!all.length) throw new AppError('over_fulfilment', 'every unit of this order has already shipped');
    return all;
  }
  const seen = new Set<string>();
  const duplicates = asked
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => seen.has(line.orderItemId) || !seen.add(line.orderItemId));
  if (duplicates.length)
    throw AppError.validation(
      duplicates.map(({ i }) => ({ field: `items[${i}].order_item_id`, detail: 'listed more than once' })),
    );
  const left = new Map(unshipped.map((l) => [l.id, l.left]));
  for (const line of asked) {
    const available = left.get(line.orderItemId);
    if (available === undefined) throw AppError.notFound('order item');
    if (line.quantity > available)
      throw new AppError(
        'over_fulfilment',
        `only ${available} unit(s) of order item ${line.orderItemId} are left to ship`,
        { field: 'items' },
      );
  }
  return asked.map((l) => ({ orderItemId: l.orderItemId, quantity: l.quantity }));
}

/**
 * Ships some or all units of an order (contract §10) under the order's lock: 422 `invalid_transition` for a
 * pending, cancelled or refunded order, 422 `over_fulfilment` past a line's unshipped units. Without a tracking
 * URL, a known carrier's is filled in. Shipping the last unit moves the order to `shipped` through the status
 * change code (history row, `order.*` hooks).
 */
export async function createShipment(ctx: Ctx, orderId: string, input: ShipmentCreateInput) {
  const id = await inTransaction(ctx, async (tx) => {
    const { status } = await lockOrder(tx, orderId);
    if (!SHIPPABLE.has(status))
      throw new AppError('invalid_transition', `an order that is ${status} cannot ship`, { field: 'status' });
    const unshipped = await unshippedOf(tx, orderId);
    const lines = linesToShip(unshipped, input.items);
    const trackingNumber = input.trackingNumber ?? null;
    const shipment = await insertShipment(tx, orderId, lines, {
      carrier: input.carrier ?? null,
      trackingNumber,
      trackingUrl: input.trackingUrl ?? trackingUrlFor(input.carrier, trackingNumber),
      notify: input.notify ?? true,
    });
    if (shipment.notify) await queueShipmentEmail(tx, orderId, shipment);
    const shipped = new Map(lines.map((l) => [l.orderItemId, l.quantity]));
    const allShipped = unshipped.every((l) => l.left - (shipped.get(l.id) ?? 0) === 0);
    if (allShipped && MOVES_TO_SHIPPED.has(status))
      await recordStatusChange(tx, orderId, status, OrderStatus.SHIPPED, null);
    return shipment.id;
  });
  return getShipment(ctx, orderId, id);
}

/**
 * Writes the shipment email (carrier, tracking number and link, what shipped) in the shipment's transaction: it is
 * sent with the shipment or not at all, once per shipment.
 */
async function queueShipmentEmail(
  tx: Ctx,
  orderId: string,
  shipment: { id: string; carrier: string | null; trackingNumber: string | null; trackingUrl: string | null } & {
    shippedAt: Date;
    items: Array<{ orderItemId: string; quantity: number }>;
  },
): Promise<void> {
  const { order, lines } = await noticeOf(tx, orderId, shipment.items);
  await tx.db.$executeRaw(
    shipmentEmailSql(tx, {
      shipmentId: shipment.id,
      order,
      carrierName: carrierName(shipment.carrier),
      trackingNumber: shipment.trackingNumber,
      trackingUrl: shipment.trackingUrl,
      lines,
      shippedAt: shipment.shippedAt,
    }),
  );
}

/** An order's shipments, oldest first (404 for an unknown order). */
export async function listShipments(ctx: Ctx, orderId: string) {
  const order = await ctx.db.order.findUnique({ where: { id: orderId }, select: { id: true } });
  if (!order) throw AppError.notFound('order');
  return ctx.db.shipment.findMany({
    where: { orderId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    include: WITH_ITEMS,
  });
}

async function getShipment(ctx: Ctx, orderId: string, id: string) {
  const shipment = await ctx.db.shipment.findFirst({ where: { id, orderId }, include: WITH_ITEMS });
  if (!shipment) throw AppError.notFound('shipment');
  return shipment;
}

/**
 * Edits a shipment's tracking, or marks it delivered (contract §10), under the order's lock. The last shipment
 * delivered, with every unit shipped, moves a `shipped` order to `delivered` through the status change code.
 */
export async function updateShipment(ctx: Ctx, orderId: string, id: string, input: ShipmentUpdateInput) {
  await inTransaction(ctx, async (tx) => {
    const { status } = await lockOrder(tx, orderId);
    const before = await getShipment(tx, orderId, id);
    const delivering = input.status === 'delivered' && before.status !== 'delivered';
    if (delivering && !SHIPPABLE.has(status))
      throw new AppError('invalid_transition', `a shipment of an order that is ${status} cannot be delivered`, {
        field: 'status',
      });
    const carrier = input.carrier === undefined ? before.carrier : input.carrier;
    const trackingNumber = input.trackingNumber === undefined ? before.trackingNumber : input.trackingNumber;
    // A cleared URL (or a changed number without a URL) is filled again from a known carrier's template.
    const trackingUrl =
      input.trackingUrl ??
      (input.trackingUrl === undefined && input.trackingNumber === undefined && input.carrier === undefined
        ? before.trackingUrl
        : trackingUrlFor(carrier, trackingNumber));
    const after = await tx.db.shipment.update({
      where: { id },
      data: {
        carrier,
        trackingNumber,
        trackingUrl,
        ...(delivering ? { status: 'delivered', deliveredAt: new Date(), ...deliveredStamp(tx) } : {}),
      },
      include: WITH_ITEMS,
    });
    const changes = diffEntities(shipmentEntity(before), shipmentEntity(after));
    await emitAfter(tx, 'shipment.after_update', { entity: shipmentEntity(after), changes, metadata: {} });
    if (delivering && status === 'shipped' && (await everythingDelivered(tx, orderId)))
      await recordStatusChange(tx, orderId, status, OrderStatus.DELIVERED, null);
  });
  return getShipment(ctx, orderId, id);
}

/** Every unit shipped and every shipment delivered. */
async function everythingDelivered(tx: Ctx, orderId: string): Promise<boolean> {
  const [left, open] = [
    await unshippedOf(tx, orderId),
    await tx.db.shipment.count({ where: { orderId, status: 'shipped' } }),
  ];
  return open === 0 && left.every((l) => l.left === 0);
}
