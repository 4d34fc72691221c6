import type DataLoader from 'dataloader';

import { groupedBy, type LoaderDeps } from '../../context/loaders';
import type { PrismaClient } from '../../generated/prisma/client';

type AddressRow = Awaited<ReturnType<PrismaClient['customerAddress']['findFirstOrThrow']>>;

export interface CustomerLoaders {
  addressesByCustomerId: DataLoader<string, AddressRow[]>;
}

export function createCustomerLoaders({ prisma }: LoaderDeps): CustomerLoaders {
  return {
    addressesByCustomerId: groupedBy(
      (ids) =>
        prisma.customerAddress.findMany({
          where: { customerId: { in: ids } },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        }),
      (row) => row.customerId,
    ),
  };
}

declare module '../../context/loaders' {
  interface Loaders extends CustomerLoaders {}
}
