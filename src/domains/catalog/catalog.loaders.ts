import DataLoader from 'dataloader';
import type { PrismaClient } from '../../generated/prisma/client';
import { byId } from '../../app/loaders';

export interface ProductSummary {
  id: string;
  sku: string | null;
}

export interface VariantSummary {
  id: string;
  productId: string;
  sku: string | null;
}

export interface CatalogLoaders {
  productSummaryById: DataLoader<string, ProductSummary | null>;
  /** The product's name in the default locale, else in its first locale. */
  productNameById: DataLoader<string, string>;
  variantSummaryById: DataLoader<string, VariantSummary | null>;
}

export function createCatalogLoaders(prisma: PrismaClient, opts: { defaultLocale: string }): CatalogLoaders {
  return {
    productSummaryById: byId((ids) => prisma.product.findMany({ where: { id: { in: ids } }, select: { id: true, sku: true } })),
    variantSummaryById: byId((ids) => prisma.productVariant.findMany({ where: { id: { in: ids } }, select: { id: true, productId: true, sku: true } })),
    productNameById: new DataLoader(async (ids) => {
      const rows = await prisma.productTranslation.findMany({
        where: { productId: { in: [...ids] } },
        select: { productId: true, locale: true, name: true },
        orderBy: { locale: 'asc' },
      });
      const names = new Map<string, string>();
      for (const row of rows) {
        if (row.locale === opts.defaultLocale || !names.has(row.productId)) names.set(row.productId, row.name);
      }
      return ids.map((id) => names.get(id) ?? '');
    }),
  };
}
