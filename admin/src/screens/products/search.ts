/** The product list's URL state (`/admin/products?q=…&page=…&sort=PRICE_GROSS&order=DESC`: GraphQL's enum values). */
export const PRODUCT_SORTS = ['NAME', 'SKU', 'PRICE_GROSS', 'STOCK', 'CREATED_AT', 'UPDATED_AT'] as const;

export interface ProductsSearch {
  q?: string;
  page: number;
  sort?: (typeof PRODUCT_SORTS)[number];
  order?: 'ASC' | 'DESC';
}
