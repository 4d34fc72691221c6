import { Link } from '@tanstack/react-router';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { Button } from '../../components/ui/button';
import {
  AdminProductDeleteDocument,
  type AdminProductRowFragment,
  AdminProductUpdateDocument,
} from '../../generated/graphql';
import { money } from '../../lib/money';
import { linkColumn, statusColumn, textColumn } from '../../resource/columns';
import { keys } from '../../resource/keys';
import { type BulkSpec, ListPage, useListSearch } from '../../resource/list-page';
import { productName } from './names';
import { products } from './resource';
import type { ProductsSearch } from './search';

/** Products: searched and sorted on the server, a page at a time; activate, deactivate or delete in bulk. */

type Row = AdminProductRowFragment;
const PAGE_SIZE = 25;

const COLUMNS = [
  linkColumn(
    'Name',
    (p: Row) => productName(p),
    (p) => ({ to: '/products/$productId', params: { productId: p.id } }),
  ),
  textColumn('sku', 'SKU', (p: Row) => p.sku ?? '—'),
  textColumn('price', 'Price', (p: Row) => money(p.priceGross, p.currency)),
  textColumn('stock', 'Stock', (p: Row) => p.stock),
  statusColumn<Row>(),
];

/** Column id → the API's sort (kept in the URL as `sort` and `order`). */
const SORTABLE: Record<string, NonNullable<ProductsSearch['sort']>> = {
  name: 'NAME',
  sku: 'SKU',
  price: 'PRICE_GROSS',
  stock: 'STOCK',
};

const setActive = (active: boolean) => (id: string) => gql(AdminProductUpdateDocument, { id, input: { active } });

const BULK: BulkSpec<Row> = {
  rowLabel: productName,
  allLabel: 'Select all products on this page',
  actions: [
    { label: 'Activate', permission: 'products.update', run: setActive(true) },
    { label: 'Deactivate', permission: 'products.update', run: setActive(false) },
    {
      label: 'Delete',
      permission: 'products.delete',
      run: (id) => gql(AdminProductDeleteDocument, { id }),
      confirm: {
        title: (n) => `Delete ${n} products?`,
        description: 'The selected products and their variants are deleted. Orders keep their lines.',
      },
    },
  ],
  invalidates: [keys.products.all, keys.stockLevels.all],
};

export function ProductsScreen() {
  const search = useListSearch<ProductsSearch>();
  const list = products.useList({
    page: search.page,
    limit: PAGE_SIZE,
    search: search.q,
    sort: search.sort,
    order: search.order,
  });
  return (
    <ListPage
      title="Products"
      create={{ label: 'New product', to: '/products/new', permission: 'products.create' }}
      actions={<ImportLink />}
      search
      caption="Products"
      columns={COLUMNS}
      query={list}
      empty={`No products${search.q ? ` match “${search.q}”` : ''}.`}
      bulk={BULK}
      sortable={SORTABLE}
    />
  );
}

function ImportLink() {
  const can = useCan();
  if (!can('products.create')) return null;
  return (
    <Button variant="outline" asChild>
      <Link to="/products/import">Import CSV</Link>
    </Button>
  );
}
