import type DataLoader from 'dataloader';

import { byId, type LoaderDeps } from '../../context/loaders';
import type { PrismaClient } from '../../generated/prisma/client';

type WarehouseRow = Awaited<ReturnType<PrismaClient['warehouse']['findFirstOrThrow']>>;

export interface InventoryLoaders {
  warehouseById: DataLoader<string, WarehouseRow | null>;
}

export function createInventoryLoaders({ prisma }: LoaderDeps): InventoryLoaders {
  return { warehouseById: byId((ids) => prisma.warehouse.findMany({ where: { id: { in: ids } } })) };
}

declare module '../../context/loaders' {
  interface Loaders extends InventoryLoaders {}
}
