/** The product list's URL state (`/admin/products?q=…&page=…&sort=…&order=…`). */
export const PRODUCT_SORTS = ['name', 'sku', 'price_gross', 'stock', 'created_at', 'updated_at'] as const;

export interface ProductsSearch {
  q?: string;
  page: number;
  sort?: (typeof PRODUCT_SORTS)[number];
  order?: 'asc' | 'desc';
}
