import type DataLoader from 'dataloader';

import { groupedBy, type LoaderDeps } from '../../context/loaders';
import type { PrismaClient } from '../../generated/prisma/client';

type ItemRow = Awaited<ReturnType<PrismaClient['orderItem']['findFirstOrThrow']>>;
type HistoryRow = Awaited<ReturnType<PrismaClient['orderStatusHistory']['findFirstOrThrow']>>;
type ShipmentRow = Awaited<ReturnType<PrismaClient['shipment']['findFirstOrThrow']>> & {
  items: Array<{ orderItemId: string; quantity: number }>;
};

export interface OrderLoaders {
  orderItemsByOrderId: DataLoader<string, ItemRow[]>;
  orderHistoryByOrderId: DataLoader<string, HistoryRow[]>;
  /** An order's shipments with their lines, oldest first: also what `quantityShipped` and `fulfillmentStatus` sum. */
  shipmentsByOrderId: DataLoader<string, ShipmentRow[]>;
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
    shipmentsByOrderId: groupedBy(
      (ids) =>
        prisma.shipment.findMany({
          where: { orderId: { in: ids } },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          include: { items: { orderBy: { id: 'asc' } } },
        }),
      (row) => row.orderId,
    ),
  };
}

declare module '../../context/loaders' {
  interface Loaders extends OrderLoaders {}
}
