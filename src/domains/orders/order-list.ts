import type { GraphQLResolveInfo } from 'graphql';

import type { Ctx } from '../../context/ctx';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import { asInstances } from '../../shared/instances';
import { capCount, COUNT_CAP, type Page, pageMeta } from '../../shared/pagination';
import { collectFields, perSelection, subSelections } from '../../shared/selection-fields';
import { Order, type OrderStatus } from './order.type';

export interface OrderFilter {
  status?: OrderStatus;
  customerId?: string;
  search?: string;
  sort?: 'created_at' | 'total' | 'status' | 'order_number';
  order?: 'asc' | 'desc';
}

/** What a list reads beside its orders: the items and the status history, when its selection shows them. */
export interface OrderListPlan {
  items: boolean;
  history: boolean;
}

/** A list read for code that shows no relations (their loaders still answer if asked). */
export const ORDERS_ONLY: OrderListPlan = { items: false, history: false };

/** What the `items` of an `OrderList` field select (fragments spread in, aliases merged, directives counted). */
const planOf = perSelection((info: GraphQLResolveInfo): OrderListPlan => {
  const byName = { by: 'name' } as const;
  const list = collectFields(subSelections(info.fieldNodes), info.fragments, byName);
  const order = collectFields(subSelections(list.get('items')), info.fragments, byName);
  return { items: order.has('items'), history: order.has('statusHistory') };
});
export const orderListPlan = (info: GraphQLResolveInfo) => planOf(info, false);

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Every column of the Prisma model, named as Prisma names it (the model maps each field to its snake_case
 * column), so a row reads as `findMany` would return it; order-list.test.ts compares the two.
 */
const ORDER_COLUMNS = Prisma.raw(
  Object.keys(Prisma.OrderScalarFieldEnum)
    .map((f) => (f === snake(f) ? `o.${f}` : `o.${snake(f)} AS "${f}"`))
    .join(', '),
);

/** `json_build_object` of a row `alias` with every field of a Prisma model. */
const jsonRow = (fields: object, alias: string) =>
  `json_build_object(${Object.keys(fields)
    .map((f) => `'${f}', ${alias}.${snake(f)}`)
    .join(', ')})`;

/** An order's items in their loader's order, as one JSON array. */
const ITEMS_JSON = `(SELECT COALESCE(json_agg(${jsonRow(Prisma.OrderItemScalarFieldEnum, 'i')}
  ORDER BY i.position, i.id), '[]'::json) FROM order_items i WHERE i.order_id = o.id)`;

/** An order's status changes in their loader's order, as one JSON array. */
const HISTORY_JSON = `(SELECT COALESCE(json_agg(${jsonRow(Prisma.OrderStatusHistoryScalarFieldEnum, 'h')}
  ORDER BY h.created_at, h.id), '[]'::json) FROM order_status_history h WHERE h.order_id = o.id)`;

type ItemRow = Awaited<ReturnType<PrismaClient['orderItem']['findFirstOrThrow']>>;
type HistoryRow = Awaited<ReturnType<PrismaClient['orderStatusHistory']['findFirstOrThrow']>>;

/** A row of the list statement: the order, the capped count, and the relations its plan asked for. */
type ListRow = Order & {
  __count: bigint | number;
  __items?: Array<Omit<ItemRow, 'createdAt'> & { createdAt: string | Date }>;
  __history?: Array<Omit<HistoryRow, 'createdAt'> & { createdAt: string | Date }>;
};

/** JSON writes timestamps as text: back to the `Date` a row from Prisma carries. */
function withDates<T extends { createdAt: string | Date }>(rows: T[]): Array<T & { createdAt: Date }> {
  for (const row of rows) row.createdAt = new Date(row.createdAt);
  return rows as Array<T & { createdAt: Date }>;
}

/** A LIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

const SORT_COLUMN = { created_at: 'created_at', total: 'total', status: 'status', order_number: 'order_number' };

/**
 * One page of orders in one statement: the page, its total (capped at COUNT_CAP and counted along the page's own
 * order, so an index walk stops at the cap, D-295), and the items and status history its selection shows, built
 * as JSON for the page's rows only and primed into their loaders. Was four statements (page, count, items,
 * history). A page past the end counts with a second statement.
 */
export async function listOrderPage(
  ctx: Ctx,
  page: Page,
  filter: OrderFilter,
  plan: OrderListPlan = ORDERS_ONLY,
): Promise<{ items: Order[]; meta: ReturnType<typeof pageMeta> }> {
  const where: Prisma.Sql[] = [];
  if (filter.status) where.push(Prisma.sql`o.status = ${filter.status}::order_status`);
  if (filter.customerId) where.push(Prisma.sql`o.customer_id = ${filter.customerId}::uuid`);
  if (filter.search)
    where.push(Prisma.sql`(o.order_number ILIKE ${containing(filter.search)}
      OR o.email LIKE ${containing(filter.search.toLowerCase())})`);
  const whereSql = where.length ? Prisma.sql`WHERE ${Prisma.join(where, ' AND ')}` : Prisma.empty;
  const dir = Prisma.raw(filter.order === 'asc' ? 'ASC' : 'DESC');
  const order = Prisma.sql`o.${Prisma.raw(SORT_COLUMN[filter.sort ?? 'created_at'])} ${dir}, o.id ${dir}`;
  const counted = Prisma.sql`SELECT count(*) FROM (SELECT 1 FROM orders o ${whereSql}
    ORDER BY ${order} LIMIT ${COUNT_CAP + 1}) c`;
  const relations = Prisma.raw(
    (plan.items ? `, ${ITEMS_JSON} AS "__items"` : '') + (plan.history ? `, ${HISTORY_JSON} AS "__history"` : ''),
  );
  // The outer ORDER BY repeats the page's: a join's output order is not promised (a page of rows: nothing to sort).
  const rows = await ctx.db.$queryRaw<ListRow[]>(Prisma.sql`
    WITH page AS (SELECT * FROM orders o ${whereSql} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.skip})
    SELECT ${ORDER_COLUMNS}, (${counted}) AS "__count"${relations} FROM page o ORDER BY ${order}`);
  let total: number;
  if (rows.length) total = capCount(rows[0].__count);
  else if (page.skip === 0) total = 0;
  else total = capCount((await ctx.db.$queryRaw<Array<{ count: bigint }>>(counted))[0].count);
  const orders = rows.map(({ __count: _c, __items, __history, ...row }) => {
    if (__items) ctx.loaders.orderItemsByOrderId.prime(row.id, withDates(__items));
    if (__history) ctx.loaders.orderHistoryByOrderId.prime(row.id, withDates(__history));
    return row;
  });
  return { items: asInstances(Order, orders), meta: pageMeta(total, page) };
}
