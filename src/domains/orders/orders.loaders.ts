import DataLoader from 'dataloader';
import type { PrismaClient } from '../../generated/prisma/client';

type ItemRow = Awaited<ReturnType<PrismaClient['orderItem']['findFirstOrThrow']>>;
type HistoryRow = Awaited<ReturnType<PrismaClient['orderStatusHistory']['findFirstOrThrow']>>;

export interface OrderLoaders {
  orderItemsByOrderId: DataLoader<string, ItemRow[]>;
  orderHistoryByOrderId: DataLoader<string, HistoryRow[]>;
}

function groupBy<T extends { orderId: string }>(rows: T[], ids: readonly string[]): T[][] {
  const groups = new Map<string, T[]>(ids.map((id) => [id, []]));
  for (const row of rows) groups.get(row.orderId)?.push(row);
  return ids.map((id) => groups.get(id) ?? []);
}

export function createOrderLoaders(prisma: PrismaClient): OrderLoaders {
  return {
    orderItemsByOrderId: new DataLoader(async (ids) =>
      groupBy(await prisma.orderItem.findMany({ where: { orderId: { in: [...ids] } }, orderBy: [{ position: 'asc' }, { id: 'asc' }] }), ids)),
    orderHistoryByOrderId: new DataLoader(async (ids) =>
      groupBy(await prisma.orderStatusHistory.findMany({ where: { orderId: { in: [...ids] } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }), ids)),
  };
}
