import { randomUUID } from 'node:crypto';

import type { Ctx } from '../../context/ctx';
import { Prisma } from '../../generated/prisma/client';
import { unique } from '../../shared/collections';
import { AppError } from '../../shared/errors';
import { activeStockSum, lockTotalsSql, refreshStockTotals } from './stock-totals';

/** A quantity of one product (variantId null) or one variant. */
export interface StockLine {
  productId: string;
  variantId: string | null;
  quantity: number;
}

export interface Availability {
  /** Sum of positive quantities in active warehouses. */
  available: number;
  /** An active warehouse holding an entry for this line allows negative stock (Stock behaviour, rule 4). */
  unlimited: boolean;
}

const keyOf = (productId: string, variantId: string | null) => `${productId}/${variantId ?? ''}`;

/** Adds up lines naming the same product/variant; sorted so every transaction locks rows in the same order. */
export function mergeLines(lines: StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const key = keyOf(line.productId, line.variantId);
    const seen = merged.get(key);
    if (seen) seen.quantity += line.quantity;
    else merged.set(key, { ...line });
  }
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, line]) => line);
}

/** Availability of every line in one statement. Lines without any entry have nothing available. */
export async function getAvailability(ctx: Ctx, lines: StockLine[]): Promise<Map<string, Availability>> {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const result = new Map<string, Availability>();
  if (productIds.length === 0) return result;
  const rows = await ctx.db.$queryRaw<
    Array<{ product_id: string; variant_id: string | null; available: bigint | number; unlimited: boolean }>
  >(Prisma.sql`
    SELECT se.product_id, se.variant_id, SUM(GREATEST(se.quantity, 0)) AS available, BOOL_OR(w.allow_negative_stock) AS unlimited
    FROM stock_entries se JOIN warehouses w ON w.id = se.warehouse_id AND w.active
    WHERE se.product_id = ANY(${productIds}::uuid[])
    GROUP BY se.product_id, se.variant_id`);
  for (const row of rows)
    result.set(keyOf(row.product_id, row.variant_id), { available: Number(row.available), unlimited: row.unlimited });
  return result;
}

export function availabilityOf(
  map: Map<string, Availability>,
  line: Pick<StockLine, 'productId' | 'variantId'>,
): Availability {
  return map.get(keyOf(line.productId, line.variantId)) ?? { available: 0, unlimited: false };
}

/** Throws 422 `insufficient_stock` unless every line can be served (rules 2, 4 and 5 of Stock behaviour). */
export async function assertAvailable(ctx: Ctx, lines: StockLine[]): Promise<void> {
  const merged = mergeLines(lines);
  const availability = await getAvailability(ctx, merged);
  const short = merged.some((line) => {
    const a = availabilityOf(availability, line);
    return !a.unlimited && a.available < line.quantity;
  });
  if (short) throw new AppError('insufficient_stock');
}

interface LockedEntry {
  id: string;
  product_id: string;
  variant_id: string | null;
  warehouse_id: string;
  quantity: number;
  allow_negative_stock: boolean;
}

/**
 * Deducts stock for an order inside the caller's transaction, in two statements whatever the number of
 * lines. The first locks, in the one order every stock use case follows, the entries of every line in active
 * warehouses (product, variant, warehouse priority, warehouse id), then the variants and products whose
 * totals change. Each line is consumed in that order, and what is left goes to the first warehouse that
 * allows negative stock, otherwise the whole deduction fails with `insufficient_stock` (the caller's rollback
 * undoes everything). The second applies every take with its `sale` movement and refreshes the totals.
 */
export async function deductStock(
  ctx: Ctx,
  lines: StockLine[],
  sale: { orderId: string | null; reference?: string },
): Promise<void> {
  if (!ctx.afterCommit) throw new Error('deductStock must run inside a transaction');
  const merged = mergeLines(lines);
  if (merged.length === 0) return;
  const totals = totalsOf(merged);
  const entries = await lockEntries(ctx, merged, totals);
  const takes: Array<{ entry: LockedEntry; quantity: number }> = [];
  for (const line of merged) {
    const planned = planTakes(entries.get(keyOf(line.productId, line.variantId)) ?? [], line.quantity);
    if (!planned) throw new AppError('insufficient_stock');
    takes.push(...planned);
  }
  await applySaleTakes(ctx, takes, sale);
}

/**
 * Locks the entries of every line in active warehouses, then the totals they feed (one statement, global
 * lock order), and returns the entries grouped by line.
 */
async function lockEntries(
  ctx: Ctx,
  lines: StockLine[],
  totals: { variantIds: string[]; productIds: string[] },
): Promise<Map<string, LockedEntry[]>> {
  const rows = await ctx.db.$queryRaw<Array<LockedEntry | { id: string; product_id: null }>>(Prisma.sql`
    SELECT * FROM (
      SELECT se.id, se.product_id, se.variant_id, se.warehouse_id, se.quantity, w.allow_negative_stock
      FROM stock_entries se
      JOIN warehouses w ON w.id = se.warehouse_id
      JOIN unnest(${lines.map((l) => l.productId)}::uuid[], ${lines.map((l) => l.variantId)}::uuid[])
        AS line(product_id, variant_id)
        ON se.product_id = line.product_id AND se.variant_id IS NOT DISTINCT FROM line.variant_id
      WHERE w.active
      ORDER BY se.product_id, se.variant_id NULLS FIRST, w.priority, w.id
      FOR UPDATE OF se
    ) entries
    UNION ALL
    SELECT id, NULL, NULL, NULL, NULL, NULL FROM (${lockTotalsSql(totals)}) totals`);
  const byLine = new Map<string, LockedEntry[]>();
  for (const row of rows) {
    if (row.product_id === null) continue; // a locked total
    const key = keyOf(row.product_id, row.variant_id);
    const group = byLine.get(key);
    if (group) group.push(row);
    else byLine.set(key, [row]);
  }
  return byLine;
}

/**
 * Takes from locked entries, records each take as a `sale` movement and refreshes the denormalized totals, in
 * one statement. The totals are recomputed from the entries like everywhere else (so a total that drifted heals),
 * minus what was taken: every part of one statement reads one snapshot, which does not include the statement's
 * own entry updates. The snapshot is taken after the lock statement, so it holds every committed change to the
 * locked entries; a concurrent writer of the same product's other entries waits for the product's lock and
 * recomputes after this transaction commits.
 */
async function applySaleTakes(
  ctx: Ctx,
  takes: Array<{ entry: LockedEntry; quantity: number }>,
  sale: { orderId: string | null; reference?: string },
): Promise<void> {
  await ctx.db.$executeRaw(Prisma.sql`
    WITH take AS (
      SELECT * FROM unnest(${takes.map((t) => t.entry.id)}::uuid[], ${takes.map((t) => t.quantity)}::int[],
        ${takes.map(() => randomUUID())}::uuid[]) AS t(entry_id, quantity, movement_id)
    ), taken AS (
      UPDATE stock_entries se SET quantity = se.quantity - take.quantity, updated_at = now()
      FROM take WHERE se.id = take.entry_id
      RETURNING se.warehouse_id, se.product_id, se.variant_id, take.quantity, take.movement_id
    ), moved AS (
      INSERT INTO stock_movements (id, warehouse_id, product_id, variant_id, order_id, type, quantity, reference)
      SELECT movement_id, warehouse_id, product_id, variant_id, ${sale.orderId}::uuid,
        'sale'::stock_movement_type, -quantity, ${sale.reference ?? null}
      FROM taken
    ), variant_totals AS (
      UPDATE product_variants v SET stock = ${activeStockSum('variant_id', 'v.id')} - d.quantity
      FROM (SELECT variant_id, SUM(quantity) AS quantity FROM taken WHERE variant_id IS NOT NULL GROUP BY variant_id) d
      WHERE v.id = d.variant_id
    )
    UPDATE products p SET stock = ${activeStockSum('product_id', 'p.id')} - d.quantity
    FROM (SELECT product_id, SUM(quantity) AS quantity FROM taken GROUP BY product_id) d
    WHERE p.id = d.product_id`);
}

/** Splits `quantity` over locked entries in order; null when it cannot be served. */
function planTakes(entries: LockedEntry[], quantity: number): Array<{ entry: LockedEntry; quantity: number }> | null {
  const takes: Array<{ entry: LockedEntry; quantity: number }> = [];
  let remaining = quantity;
  for (const entry of entries) {
    if (remaining === 0) break;
    const take = Math.min(Math.max(entry.quantity, 0), remaining);
    if (take > 0) {
      takes.push({ entry, quantity: take });
      remaining -= take;
    }
  }
  if (remaining > 0) {
    const overdraw = entries.find((e) => e.allow_negative_stock);
    if (!overdraw) return null;
    const existing = takes.find((t) => t.entry.id === overdraw.id);
    if (existing) existing.quantity += remaining;
    else takes.push({ entry: overdraw, quantity: remaining });
  }
  return takes;
}

/**
 * Returns an order's sold stock to the warehouses it came from (rule 3), inside the caller's transaction, locking
 * entries in the one order every stock use case follows (product, variant, warehouse priority, warehouse id).
 * Idempotent: it reverses only what sales minus earlier reversals leave. Units of received returns (issue 48) are
 * not given back again: a restocked one already went back with its `return` movement, and one kept out of stock
 * (damaged) stays out; they are taken off the warehouses in the same order. A warehouse deleted since the sale
 * cannot take stock back; that part is skipped and logged.
 */
export async function reverseOrderStock(ctx: Ctx, orderId: string, reference?: string): Promise<void> {
  if (!ctx.afterCommit) throw new Error('reverseOrderStock must run inside a transaction');
  const open = await ctx.db.$queryRaw<
    Array<{ warehouse_id: string | null; product_id: string | null; variant_id: string | null; net: bigint | number }>
  >(Prisma.sql`
    SELECT m.warehouse_id, m.product_id, m.variant_id, SUM(m.quantity) AS net
    FROM stock_movements m LEFT JOIN warehouses w ON w.id = m.warehouse_id
    WHERE m.order_id = ${orderId}::uuid AND m.type IN ('sale', 'reversal')
    GROUP BY m.warehouse_id, m.product_id, m.variant_id, w.priority
    HAVING SUM(m.quantity) < 0
    ORDER BY m.product_id, m.variant_id NULLS FIRST, w.priority, m.warehouse_id`);
  const returned = await returnedUnits(ctx, orderId);
  const touched: StockLine[] = [];
  for (const row of open) {
    const key = keyOf(row.product_id ?? '', row.variant_id);
    const kept = Math.min(-Number(row.net), returned.get(key) ?? 0);
    returned.set(key, (returned.get(key) ?? 0) - kept);
    const quantity = -Number(row.net) - kept;
    if (quantity === 0) continue;
    if (!row.warehouse_id || !row.product_id) {
      ctx.log.warn({ orderId, quantity }, 'stock reversal skipped: warehouse or product no longer exists');
      continue;
    }
    const restored = await ctx.db.$executeRaw(Prisma.sql`
      UPDATE stock_entries SET quantity = quantity + ${quantity}, updated_at = now()
      WHERE warehouse_id = ${row.warehouse_id}::uuid AND product_id = ${row.product_id}::uuid AND variant_id IS NOT DISTINCT FROM ${row.variant_id}::uuid`);
    if (restored === 0) {
      await ctx.db.stockEntry.create({
        data: { warehouseId: row.warehouse_id, productId: row.product_id, variantId: row.variant_id, quantity },
      });
    }
    await ctx.db.stockMovement.create({
      data: {
        warehouseId: row.warehouse_id,
        productId: row.product_id,
        variantId: row.variant_id,
        orderId,
        type: 'reversal',
        quantity,
        reference: reference ?? null,
      },
    });
    touched.push({ productId: row.product_id, variantId: row.variant_id, quantity });
  }
  await refreshTotalsFor(ctx, touched);
}

/**
 * Units of an order's lines in received (or since refunded) returns, by product/variant: they came back through
 * the return, restocked or not, so the order's reversal leaves them out. Read from the returns tables (the orders
 * domain owns them; inventory may not import it, so the SQL names them).
 */
async function returnedUnits(ctx: Ctx, orderId: string): Promise<Map<string, number>> {
  const rows = await ctx.db.$queryRaw<
    Array<{ product_id: string | null; variant_id: string | null; units: bigint | number }>
  >(
    Prisma.sql`
      SELECT i.product_id, i.variant_id, SUM(ri.quantity) AS units
      FROM returns r JOIN return_items ri ON ri.return_id = r.id JOIN order_items i ON i.id = ri.order_item_id
      WHERE r.order_id = ${orderId}::uuid AND r.status IN ('received', 'refunded')
      GROUP BY i.product_id, i.variant_id`,
  );
  return new Map(rows.map((r) => [keyOf(r.product_id ?? '', r.variant_id), Number(r.units)]));
}

/** One line of a received return to put back: units of a product/variant, into a warehouse or the one sold from. */
export interface ReturnRestockLine extends StockLine {
  warehouseId: string | null;
}

/**
 * Puts the restocked lines of a return being received back to stock with `return` movements, inside the caller's
 * transaction, after the caller locked the order (and before it marks the return received). Each line goes back
 * at most as many units as the order still has out: sold, minus reversed (a cancellation or full refund gave them
 * back already), minus earlier received returns. So a unit is never restocked twice, whichever comes first. By
 * default a line goes to the warehouse it was sold from (the first in lock order). Answers, per line, the units
 * restocked and the warehouse; 404 for an unknown warehouse.
 */
export async function restockReturn(
  ctx: Ctx,
  orderId: string,
  lines: ReturnRestockLine[],
  reference: string,
): Promise<Array<{ restocked: number; warehouseId: string | null }>> {
  if (!ctx.afterCommit) throw new Error('restockReturn must run inside a transaction');
  if (lines.length === 0) return [];
  const sold = await ctx.db.$queryRaw<
    Array<{ warehouse_id: string | null; product_id: string | null; variant_id: string | null; net: bigint | number }>
  >(Prisma.sql`
    SELECT m.warehouse_id, m.product_id, m.variant_id, SUM(m.quantity) AS net
    FROM stock_movements m LEFT JOIN warehouses w ON w.id = m.warehouse_id
    WHERE m.order_id = ${orderId}::uuid AND m.type IN ('sale', 'reversal')
    GROUP BY m.warehouse_id, m.product_id, m.variant_id, w.priority
    ORDER BY m.product_id, m.variant_id NULLS FIRST, w.priority, m.warehouse_id`);
  const returned = await returnedUnits(ctx, orderId);
  const out = new Map<string, number>();
  const soldFrom = new Map<string, string>();
  for (const row of sold) {
    const key = keyOf(row.product_id ?? '', row.variant_id);
    out.set(key, (out.get(key) ?? 0) - Number(row.net));
    if (row.warehouse_id && Number(row.net) !== 0 && !soldFrom.has(key)) soldFrom.set(key, row.warehouse_id);
  }
  for (const [key, units] of returned) out.set(key, (out.get(key) ?? 0) - units);
  const asked = unique(lines.flatMap((l) => (l.warehouseId ? [l.warehouseId] : [])));
  const known = new Set(
    (await ctx.db.warehouse.findMany({ where: { id: { in: asked } }, select: { id: true } })).map((w) => w.id),
  );
  if (asked.some((id) => !known.has(id))) throw AppError.notFound('warehouse');
  const plan = lines.map((line) => {
    const key = keyOf(line.productId, line.variantId);
    const restocked = Math.max(0, Math.min(line.quantity, out.get(key) ?? 0));
    out.set(key, (out.get(key) ?? 0) - restocked);
    return { ...line, restocked, warehouseId: line.warehouseId ?? soldFrom.get(key) ?? null };
  });
  // Entries in the one lock order (product, variant, warehouse); an entry that is gone is created, racing nothing
  // (the unique index settles it: ON CONFLICT adds to the row another writer just made).
  const writes = plan
    .filter((p) => p.restocked > 0 && p.warehouseId)
    .sort(
      (a, b) =>
        cmp(keyOf(a.productId, a.variantId), keyOf(b.productId, b.variantId)) || cmp(a.warehouseId!, b.warehouseId!),
    );
  for (const w of writes) {
    await ctx.db.$executeRaw(Prisma.sql`
      INSERT INTO stock_entries (id, warehouse_id, product_id, variant_id, quantity, updated_at)
      VALUES (${randomUUID()}::uuid, ${w.warehouseId}::uuid, ${w.productId}::uuid, ${w.variantId}::uuid, ${w.restocked}, now())
      ON CONFLICT (warehouse_id, product_id, variant_id)
      DO UPDATE SET quantity = stock_entries.quantity + EXCLUDED.quantity, updated_at = now()`);
    await ctx.db.stockMovement.create({
      data: {
        warehouseId: w.warehouseId,
        productId: w.productId,
        variantId: w.variantId,
        orderId,
        type: 'return',
        quantity: w.restocked,
        reference,
      },
    });
  }
  await refreshTotalsFor(
    ctx,
    writes.map((w) => ({ productId: w.productId, variantId: w.variantId, quantity: w.restocked })),
  );
  // A line whose sold-from warehouse is gone (and none was named) cannot go back: nothing is restocked for it.
  return plan.map((p) => ({ restocked: p.warehouseId ? p.restocked : 0, warehouseId: p.warehouseId }));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The totals a set of lines feeds: their variants and their products. */
function totalsOf(lines: StockLine[]): { variantIds: string[]; productIds: string[] } {
  return {
    productIds: unique(lines.map((l) => l.productId)),
    variantIds: unique(lines.flatMap((l) => (l.variantId ? [l.variantId] : []))),
  };
}

async function refreshTotalsFor(ctx: Ctx, lines: StockLine[]): Promise<void> {
  await refreshStockTotals(ctx, totalsOf(lines));
}
