import type { GraphQLResolveInfo } from 'graphql';

import type { Ctx } from '../../context/ctx';
import {
  modelColumns,
  readPage,
  relationJson,
  selectedColumns,
  splitRow,
  withDates,
} from '../../context/page-statement';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import { toSnake } from '../../shared/case';
import { asInstance, asInstances } from '../../shared/instances';
import { containing } from '../../shared/like';
import { type Page, pageMeta } from '../../shared/pagination';
import { listItemFields, listShowsTotal, ownFields, perSelection } from '../../shared/selection-fields';
import { Order, type OrderStatus } from './order.type';
import { REFUND_MONEY_JSON, refundMoneyOf } from './refund-money';

/**
 * The orders waiting to ship, as the admin's Home counts them and its "to ship" list shows them: paid or being
 * prepared (`confirmed`, `processing`: the statuses a shipment may move on to `shipped`), so with fulfilment
 * `unfulfilled` or `partially_shipped`. The status alone says it (contract §10): shipping an order's last unit
 * moves it to `shipped` in the shipment's transaction, and nothing moves an order back to these two, so a
 * confirmed or processing order always has a unit left to ship. The status index answers it.
 */
export const TO_SHIP_SQL = `o.status IN ('confirmed', 'processing')`;

export interface OrderFilter {
  status?: OrderStatus;
  /** Only the orders waiting to ship (TO_SHIP_SQL). */
  toShip?: boolean;
  customerId?: string;
  search?: string;
  sort?: 'created_at' | 'total' | 'status' | 'order_number';
  order?: 'asc' | 'desc';
}

/** What a list reads of its orders: the items and the status history when its selection shows them, and columns. */
export interface OrderListPlan {
  items: boolean;
  history: boolean;
  /** The shipments with their lines: shown, or summed by `fulfillmentStatus` and the items' `quantityShipped`. */
  shipments?: boolean;
  /** The refunds with the order's paid amount (`refunds`, `refundedTotal`, `paidTotal`, `refundable`). */
  refunds?: boolean;
  /** The returns with their lines: shown, or summed by the items' `quantityReturned`. */
  returns?: boolean;
  /** The order columns the selection shows (and what its derived fields need); every column when absent. */
  columns?: Prisma.Sql;
  /** False when the selection shows no total: the page is not counted. */
  counted?: boolean;
}

/** A list read for code that shows no relations (their loaders still answer if asked). */
export const ORDERS_ONLY: OrderListPlan = { items: false, history: false };

/** Every order column, as Prisma's `findMany` names them. */
const ORDER_COLUMNS = modelColumns(Prisma.OrderScalarFieldEnum, 'o');

/** The order fields resolved from other columns (order.resolver.ts), and those columns. */
const DERIVED = {
  isGuestOrder: ['customerId'],
  nextStatuses: ['status'],
  items: [],
  statusHistory: [],
  shipments: [],
  fulfillmentStatus: [],
  refunds: [],
  refundedTotal: [],
  paidTotal: [],
  refundable: [],
  returns: [],
};

const planFrom = (fields: Set<string>, columns?: Prisma.Sql): OrderListPlan => ({
  // The fulfilment status compares shipped units with ordered ones: it needs both relations.
  items: fields.has('items') || fields.has('fulfillmentStatus'),
  history: fields.has('statusHistory'),
  // An item's `quantityShipped` sums the shipments: read them whenever the items are shown (one subquery a row).
  shipments: fields.has('shipments') || fields.has('fulfillmentStatus') || fields.has('items'),
  refunds: ['refunds', 'refundedTotal', 'paidTotal', 'refundable'].some((f) => fields.has(f)),
  // An item's `quantityReturned` sums the received returns: read them whenever the items are shown, like shipments.
  returns: fields.has('returns') || fields.has('items'),
  columns,
});

/** What an `OrderList` field's items select, remembered per document (D-300: only the selected columns). */
const listPlans = perSelection((info) => {
  const fields = listItemFields(info, false);
  return {
    ...planFrom(fields, selectedColumns(Prisma.OrderScalarFieldEnum, 'o', fields, DERIVED)),
    counted: listShowsTotal(info, false),
  };
});
export const orderListPlan = (info: GraphQLResolveInfo) => listPlans(info, false);

/**
 * What a field returning one order selects of its relations. Every column: who may see the order is decided on
 * the row (its customer, its guest token) after the read.
 */
export const orderPlan = (info: GraphQLResolveInfo) => planFrom(ownFields(info, false));

/** An order's items in their loader's order. */
const ITEMS_JSON = relationJson({
  fields: Prisma.OrderItemScalarFieldEnum,
  table: 'order_items',
  alias: 'i',
  where: 'i.order_id = o.id',
  order: 'i.position, i.id',
});

/** An order's status changes in their loader's order. */
const HISTORY_JSON = relationJson({
  fields: Prisma.OrderStatusHistoryScalarFieldEnum,
  table: 'order_status_history',
  alias: 'h',
  where: 'h.order_id = o.id',
  order: 'h.created_at, h.id',
});

/** An order's shipments with their lines, in their loader's order (orders.loaders.ts). */
const SHIPMENTS_JSON = `(SELECT COALESCE(json_agg(json_build_object(${Object.keys(Prisma.ShipmentScalarFieldEnum)
  .map((f) => `'${f}', s.${toSnake(f)}`)
  .join(', ')}, 'items', ${relationJson({
  fields: Prisma.ShipmentItemScalarFieldEnum,
  table: 'shipment_items',
  alias: 'si',
  where: 'si.shipment_id = s.id',
  order: 'si.id',
})}) ORDER BY s.created_at, s.id), '[]'::json) FROM shipments s WHERE s.order_id = o.id)`;

/** An order's returns with their lines, in their loader's order (orders.loaders.ts). */
const RETURNS_JSON = `(SELECT COALESCE(json_agg(json_build_object(${Object.keys(Prisma.ReturnScalarFieldEnum)
  .map((f) => `'${f}', r.${toSnake(f)}`)
  .join(', ')}, 'items', ${relationJson({
  fields: Prisma.ReturnItemScalarFieldEnum,
  table: 'return_items',
  alias: 'ri',
  where: 'ri.return_id = r.id',
  order: 'ri.id',
})}) ORDER BY r.created_at, r.id), '[]'::json) FROM returns r WHERE r.order_id = o.id)`;

type ReturnRow = Awaited<ReturnType<PrismaClient['return']['findFirstOrThrow']>> & {
  items: Array<Awaited<ReturnType<PrismaClient['returnItem']['findFirstOrThrow']>>>;
};

type ItemRow = Awaited<ReturnType<PrismaClient['orderItem']['findFirstOrThrow']>>;
type HistoryRow = Awaited<ReturnType<PrismaClient['orderStatusHistory']['findFirstOrThrow']>>;
type ShipmentRow = Awaited<ReturnType<PrismaClient['shipment']['findFirstOrThrow']>> & {
  items: Array<Awaited<ReturnType<PrismaClient['shipmentItem']['findFirstOrThrow']>>>;
};

const SORT_COLUMN = { created_at: 'created_at', total: 'total', status: 'status', order_number: 'order_number' };

/**
 * One page of orders in one statement (context/page-statement.ts, D-298): the page, its capped total, and the items,
 * status history and shipments its selection shows, primed into their loaders. Was four statements (page, count, items,
 * history).
 */
export async function listOrderPage(
  ctx: Ctx,
  page: Page,
  filter: OrderFilter,
  plan: OrderListPlan = ORDERS_ONLY,
): Promise<{ items: Order[]; meta: ReturnType<typeof pageMeta> }> {
  const where: Prisma.Sql[] = [];
  if (filter.status) where.push(Prisma.sql`o.status = ${filter.status}::order_status`);
  if (filter.toShip) where.push(Prisma.raw(TO_SHIP_SQL));
  if (filter.customerId) where.push(Prisma.sql`o.customer_id = ${filter.customerId}::uuid`);
  if (filter.search)
    where.push(Prisma.sql`(o.order_number ILIKE ${containing(filter.search)}
      OR o.email LIKE ${containing(filter.search.toLowerCase())})`);
  const dir = filter.order === 'asc' ? 'ASC' : 'DESC';
  const { rows, total } = await readPage<Order>(ctx, page, {
    table: 'orders',
    alias: 'o',
    columns: plan.columns ?? ORDER_COLUMNS,
    where,
    order: Prisma.raw(`o.${SORT_COLUMN[filter.sort ?? 'created_at']} ${dir}, o.id ${dir}`),
    extras: extrasOf(plan),
    // A search text's plan depends on it: a trigram index for a long one, the list's order for a short one (D-306).
    plannedPerCall: !!filter.search,
    counted: plan.counted,
  });
  const orders = rows.map(({ row, extras }) => primed(ctx, row, extras));
  return { items: asInstances(Order, orders), meta: pageMeta(total, page) };
}

/** An order read with its relations: the relations go to their loaders, the order is returned. */
function primed(ctx: Ctx, row: Order, extras: Record<string, unknown>): Order {
  if (extras.items) ctx.loaders.orderItemsByOrderId.prime(row.id, withDates(extras.items as ItemRow[], ['createdAt']));
  if (extras.history)
    ctx.loaders.orderHistoryByOrderId.prime(row.id, withDates(extras.history as HistoryRow[], ['createdAt']));
  if (extras.shipments)
    ctx.loaders.shipmentsByOrderId.prime(
      row.id,
      withDates(extras.shipments as ShipmentRow[], ['shippedAt', 'deliveredAt', 'createdAt', 'updatedAt']),
    );
  if (extras.returns)
    ctx.loaders.returnsByOrderId.prime(row.id, withDates(extras.returns as ReturnRow[], ['createdAt', 'updatedAt']));
  if (extras.refundMoney) ctx.loaders.refundMoneyByOrderId.prime(row.id, refundMoneyOf(extras.refundMoney));
  return row;
}

const extrasOf = (plan: OrderListPlan) =>
  (plan.items ? `, ${ITEMS_JSON} AS "__items"` : '') +
  (plan.history ? `, ${HISTORY_JSON} AS "__history"` : '') +
  (plan.shipments ? `, ${SHIPMENTS_JSON} AS "__shipments"` : '') +
  (plan.refunds ? `, ${REFUND_MONEY_JSON} AS "__refundMoney"` : '') +
  (plan.returns ? `, ${RETURNS_JSON} AS "__returns"` : '');

/**
 * One order by id, with the relations `plan` names in the same statement (was three: the order, its items, its
 * history). Undefined when there is none; the callers decide who may see it.
 */
export async function readOrder(ctx: Ctx, id: string, plan: OrderListPlan = ORDERS_ONLY): Promise<Order | undefined> {
  const [raw] = await ctx.db.$queryRaw<Array<Record<string, unknown>>>(Prisma.sql`
    SELECT ${ORDER_COLUMNS}${Prisma.raw(extrasOf(plan))} FROM orders o WHERE o.id = ${id}::uuid`);
  if (!raw) return undefined;
  const { row, extras } = splitRow<Order>(raw);
  return asInstance(Order, primed(ctx, row, extras));
}
