import DataLoader from 'dataloader';

import { groupedBy, type LoaderDeps } from '../../context/loaders';
import type { PrismaClient } from '../../generated/prisma/client';
import { readRefundMoney, type RefundMoney } from './refund-money';

type ItemRow = Awaited<ReturnType<PrismaClient['orderItem']['findFirstOrThrow']>>;
type HistoryRow = Awaited<ReturnType<PrismaClient['orderStatusHistory']['findFirstOrThrow']>>;
type ShipmentRow = Awaited<ReturnType<PrismaClient['shipment']['findFirstOrThrow']>> & {
  items: Array<{ orderItemId: string; quantity: number }>;
};
type ReturnRow = Awaited<ReturnType<PrismaClient['return']['findFirstOrThrow']>> & {
  items: Array<Awaited<ReturnType<PrismaClient['returnItem']['findFirstOrThrow']>>>;
};

export interface OrderLoaders {
  orderItemsByOrderId: DataLoader<string, ItemRow[]>;
  orderHistoryByOrderId: DataLoader<string, HistoryRow[]>;
  /** An order's shipments with their lines, oldest first: also what `quantityShipped` and `fulfillmentStatus` sum. */
  shipmentsByOrderId: DataLoader<string, ShipmentRow[]>;
  /** An order's returns with their lines, oldest first: also what the items' `quantityReturned` sums. */
  returnsByOrderId: DataLoader<string, ReturnRow[]>;
  /** An order's refunds (oldest first), status and what was paid: what `refunds`, `refundedTotal`, `refundable` read. */
  refundMoneyByOrderId: DataLoader<string, RefundMoney>;
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
    returnsByOrderId: groupedBy(
      (ids) =>
        prisma.return.findMany({
          where: { orderId: { in: ids } },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          include: { items: { orderBy: { id: 'asc' } } },
        }),
      (row) => row.orderId,
    ),
    refundMoneyByOrderId: new DataLoader(async (ids) => {
      const found = await readRefundMoney(prisma, ids);
      return ids.map((id) => found.get(id) ?? { status: 'pending', paid: 0, refunds: [] });
    }),
  };
}

declare module '../../context/loaders' {
  interface Loaders extends OrderLoaders {}
}
