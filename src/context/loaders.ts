import DataLoader from 'dataloader';

import type { PrismaClient } from '../generated/prisma/client';
import { groupByKey } from '../shared/collections';

/**
 * The per-request DataLoaders on `ctx.loaders`. Empty here: each domain's `*.loaders.ts` adds its own loaders
 * through module augmentation (`declare module '…/context/loaders' { interface Loaders extends … {} }`), and the
 * composition root builds the whole set, so this layer never names a domain.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation (above)
export interface Loaders {}

/** What a domain's loader factory gets. Loaders read through the root client, never a transaction. */
export interface LoaderDeps {
  prisma: PrismaClient;
  defaultLocale: string;
  /** The public URL of a stored media object. */
  mediaUrl(storageKey: string): string;
}

/** A loader of rows by id: one `findMany … in` per tick, answers in key order, null for missing ids. */
export function byId<T extends { id: string }>(fetch: (ids: string[]) => Promise<T[]>): DataLoader<string, T | null> {
  return new DataLoader(async (ids) => {
    const rows = await fetch([...ids]);
    const map = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => map.get(id) ?? null);
  });
}

/** A loader of every row belonging to a key (items of an order, addresses of a customer), one query per tick. */
export function groupedBy<T>(
  fetch: (keys: string[]) => Promise<T[]>,
  key: (row: T) => string,
): DataLoader<string, T[]> {
  return new DataLoader(async (keys) => groupByKey(keys, await fetch([...keys]), key));
}
