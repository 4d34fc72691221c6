import DataLoader from 'dataloader';
import type { PrismaClient } from '../generated/prisma/client';
import { type CatalogLoaders, createCatalogLoaders } from '../domains/catalog/catalog.loaders';
import { type CustomerLoaders, createCustomerLoaders } from '../domains/customers/customers.loaders';
import { type InventoryLoaders, createInventoryLoaders } from '../domains/inventory/inventory.loaders';
import { type OrderLoaders, createOrderLoaders } from '../domains/orders/orders.loaders';

/** Per-request DataLoaders, one set per domain. They read through the root client, never a transaction. */
export type Loaders = InventoryLoaders & CatalogLoaders & OrderLoaders & CustomerLoaders;

export function createLoaders(prisma: PrismaClient, opts: { defaultLocale: string; mediaUrl: (storageKey: string) => string }): Loaders {
  return { ...createInventoryLoaders(prisma), ...createCatalogLoaders(prisma, opts), ...createOrderLoaders(prisma), ...createCustomerLoaders(prisma) };
}

/** A loader of rows by id: one `findMany … in` per tick, answers in key order, null for missing ids. */
export function byId<T extends { id: string }>(fetch: (ids: string[]) => Promise<T[]>): DataLoader<string, T | null> {
  return new DataLoader(async (ids) => {
    const rows = await fetch([...ids]);
    const map = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => map.get(id) ?? null);
  });
}
