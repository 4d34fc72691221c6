import type DataLoader from 'dataloader';

import { groupedBy, type LoaderDeps } from '../../context/loaders';
import type { PrismaClient } from '../../generated/prisma/client';

type ItemRow = Awaited<ReturnType<PrismaClient['orderItem']['findFirstOrThrow']>>;
type HistoryRow = Awaited<ReturnType<PrismaClient['orderStatusHistory']['findFirstOrThrow']>>;

export interface OrderLoaders {
  orderItemsByOrderId: DataLoader<string, ItemRow[]>;
  orderHistoryByOrderId: DataLoader<string, HistoryRow[]>;
}

export function createOrderLoaders({ prisma }: LoaderDeps): OrderLoaders {
  return {
    orderItemsByOrderId: groupedBy(
      (ids) =>
        prisma.orderItem.findMany({ where: { orderId: { in: ids } }, orderBy: [{ position: 'asc' }, { id: 'asc' }] }),
      (row) => row.orderId,
    ),
    orderHistoryByOrderId: groupedBy(
      (ids) =>
        prisma.orderStatusHistory.findMany({
          where: { orderId: { in: ids } },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        }),
      (row) => row.orderId,
    ),
  };
}

declare module '../../context/loaders' {
  interface Loaders extends OrderLoaders {}
}
