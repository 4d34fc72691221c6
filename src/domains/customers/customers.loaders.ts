import DataLoader from 'dataloader';
import type { PrismaClient } from '../../generated/prisma/client';

type AddressRow = Awaited<ReturnType<PrismaClient['customerAddress']['findFirstOrThrow']>>;

export interface CustomerLoaders {
  addressesByCustomerId: DataLoader<string, AddressRow[]>;
}

export function createCustomerLoaders(prisma: PrismaClient): CustomerLoaders {
  return {
    addressesByCustomerId: new DataLoader(async (ids) => {
      const rows = await prisma.customerAddress.findMany({ where: { customerId: { in: [...ids] } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
      return ids.map((id) => rows.filter((r) => r.customerId === id));
    }),
  };
}
