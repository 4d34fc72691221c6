import { randomUUID } from 'node:crypto';
import { Prisma } from '../../generated/prisma/client';
import type { Ctx } from '../../context/ctx';
import type { PricedLine } from '../pricing';

export type OrderItemRow = Prisma.OrderItemGetPayload<object>;
export type OrderStatusRow = Prisma.OrderStatusHistoryGetPayload<object>;

/** `order_id` → `orderId`: the model's field names are its columns' names in camelCase. */
const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * Writes a new order's items and its first status (`pending`, stamped with the order's creation time) in one
 * statement, and returns them as the model's rows, items in position order. Raw SQL on purpose: Prisma never
 * caches the query plan of `createManyAndReturn`, and compiling it cost about a tenth of a checkout's CPU; the
 * status row is known without reading it back. `RETURNING *` mapped by name keeps every column items have.
 */
export async function insertItemsAndFirstStatus(
  ctx: Ctx,
  order: { id: string; createdAt: Date },
  lines: PricedLine[],
): Promise<{ items: OrderItemRow[]; history: OrderStatusRow }> {
  const history: OrderStatusRow = {
    id: randomUUID(),
    orderId: order.id,
    fromStatus: null,
    toStatus: 'pending',
    comment: null,
    createdAt: order.createdAt,
  };
  const column = <T>(pick: (line: PricedLine, position: number) => T) => lines.map(pick);
  const rows = await ctx.db.$queryRaw<Array<Record<string, unknown>>>(Prisma.sql`
    WITH first_status AS (
      INSERT INTO order_status_history (id, order_id, from_status, to_status, comment, created_at)
      VALUES (${history.id}::uuid, ${order.id}::uuid, NULL, 'pending'::order_status, NULL, ${history.createdAt}::timestamptz)
    )
    INSERT INTO order_items (id, order_id, position, product_id, variant_id, sku, name, quantity,
      unit_price_net, unit_price_gross, tax_rate, total_net, total_gross)
    SELECT item.id, ${order.id}::uuid, item.position, item.product_id, item.variant_id, item.sku, item.name,
      item.quantity, item.unit_price_net, item.unit_price_gross, item.tax_rate, item.total_net, item.total_gross
    FROM unnest(
      ${column(() => randomUUID())}::uuid[], ${column((_, position) => position)}::int[],
      ${column((l) => l.productId)}::uuid[], ${column((l) => l.variantId)}::uuid[], ${column((l) => l.sku || null)}::text[],
      ${column((l) => l.name)}::text[], ${column((l) => l.quantity)}::int[], ${column((l) => l.unitPriceNet)}::int[],
      ${column((l) => l.unitPriceGross)}::int[], ${column((l) => l.taxRate)}::int[],
      ${column((l) => l.unitPriceNet * l.quantity)}::int[], ${column((l) => l.unitPriceGross * l.quantity)}::int[]
    ) AS item(id, position, product_id, variant_id, sku, name, quantity, unit_price_net, unit_price_gross, tax_rate,
      total_net, total_gross)
    RETURNING *`);
  const items = rows
    .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), v])) as OrderItemRow)
    .sort((a, b) => a.position - b.position);
  return { items, history };
}
