import type { Ctx } from '../../context/ctx';
import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';
import type { OrderStatus } from './order.type';

/**
 * Locks the order row (`FOR UPDATE`) and answers its status; 404 when there is none.
 *
 * The lock order, stated once: every write to an order's status, shipments, returns or refunds takes this lock
 * FIRST, before it reads or writes any of the order's other rows (items, shipments, returns, refunds, payments,
 * stock). One row, always taken first, so two writers on the same order queue behind each other and the second sees
 * what the first wrote (two staff shipping the same line, a return racing a cancellation, ten parallel refunds),
 * and no two writers can ever wait on each other in opposite orders. Taking it again in the same transaction is
 * free (Postgres already holds it).
 */
export async function lockOrder(tx: Ctx, id: string): Promise<{ status: OrderStatus }> {
  const [locked] = await tx.db.$queryRaw<Array<{ status: OrderStatus }>>(
    Prisma.sql`SELECT status FROM orders WHERE id = ${id}::uuid FOR UPDATE`,
  );
  if (!locked) throw AppError.notFound('order');
  return locked;
}
