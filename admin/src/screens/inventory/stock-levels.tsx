import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { SearchField } from '../../components/search-field';
import { Button } from '../../components/ui/button';
import { AdminStockLevelsDocument, type AdminStockLevelsQuery } from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { PagedTable } from '../../resource/list-page';
import type { StockSearch } from './search';
import { SetStock, type StockTarget } from './set-stock';
import { withVariant } from './variant-name';

type Row = AdminStockLevelsQuery['stockLevels']['items'][number];
const PAGE_SIZE = 25;

/** A warehouse's stock, a page at a time, searched by SKU or product name (the URL holds both); set stock. */
export function StockLevels({
  warehouseId,
  search,
  onSearch,
}: {
  warehouseId: string;
  search: StockSearch;
  onSearch: (next: Partial<StockSearch>) => void;
}) {
  const can = useCan();
  const [target, setTarget] = useState<StockTarget>();
  const variables = { warehouseId, page: search.page, limit: PAGE_SIZE, search: search.q };
  const list = useQuery({
    queryKey: ['stock-levels', variables],
    queryFn: () => gql(AdminStockLevelsDocument, variables),
    placeholderData: keepPreviousData,
  });
  const canSet = can('inventory.update');
  const columns = useMemo<ColumnDef<Row>[]>(() => {
    const cols: ColumnDef<Row>[] = [
      {
        id: 'product',
        header: 'Product',
        cell: ({ row }) => (
          <Link
            to="/products/$productId"
            params={{ productId: row.original.productId }}
            className="font-medium text-blue-800 underline"
          >
            {withVariant(row.original.productName || '(unnamed)', row.original.variantTitle)}
          </Link>
        ),
      },
      { id: 'sku', header: 'SKU', cell: ({ row }) => row.original.variantSku || row.original.productSku || '—' },
      { id: 'quantity', header: 'Quantity', cell: ({ row }) => row.original.quantity },
      { id: 'updated', header: 'Updated', cell: ({ row }) => dateTime(row.original.updatedAt) },
    ];
    if (!canSet) return cols;
    return [
      ...cols,
      {
        id: 'set',
        header: 'Action',
        cell: ({ row }) => {
          const r = row.original;
          const sku = r.variantSku || r.productSku;
          const label = `${withVariant(r.productName, r.variantTitle)}${sku ? ` (${sku})` : ''}`;
          return (
            <Button
              variant="outline"
              aria-label={`Set stock of ${label}`}
              onClick={() =>
                setTarget({
                  productId: r.productId,
                  variantId: r.variantId,
                  label,
                  quantity: r.quantity,
                })
              }
            >
              Set
            </Button>
          );
        },
      },
    ];
  }, [canSet]);

  return (
    <section className="space-y-3" aria-labelledby="stock-levels">
      <h2 id="stock-levels" className="text-lg font-semibold">
        Stock levels
      </h2>
      <SearchField value={search.q ?? ''} onSearch={(q) => onSearch({ q: q || undefined, page: 1 })} />
      <PagedTable
        caption="Stock levels"
        columns={columns}
        query={{ ...list, data: list.data?.stockLevels }}
        empty={search.q ? `No stock matches “${search.q}”.` : 'No stock in this warehouse yet.'}
        getRowId={(row) => row.id}
        onPage={(page) => onSearch({ page })}
      />
      {canSet && <SetStock warehouseId={warehouseId} target={target} onTarget={setTarget} />}
    </section>
  );
}
