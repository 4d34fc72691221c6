import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { Button } from '../../components/ui/button';
import { type AdminWarehouseFragment, AdminWarehousesDocument } from '../../generated/graphql';
import { PagedTable } from '../settings/kit';
import { InventoryTabs } from './tabs';

const route = getRouteApi('/_app/inventory');
const PAGE_SIZE = 25;

const columns: ColumnDef<AdminWarehouseFragment>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <Link
        to="/inventory/warehouses/$warehouseId"
        params={{ warehouseId: row.original.id }}
        search={{ page: 1 }}
        className="font-medium text-blue-800 underline"
      >
        {row.original.name}
      </Link>
    ),
  },
  { id: 'code', header: 'Code', cell: ({ row }) => row.original.code },
  { id: 'priority', header: 'Priority', cell: ({ row }) => row.original.priority },
  { id: 'city', header: 'City', cell: ({ row }) => row.original.city ?? '—' },
  { id: 'status', header: 'Status', cell: ({ row }) => (row.original.active ? 'Active' : 'Inactive') },
];

/**
 * Inventory: the warehouses in deduction order (priority). The API has no warehouse search (a shop has a handful),
 * so the list has none; stock is searched inside a warehouse and movements across them.
 */
export function InventoryScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const variables = { page: search.page, limit: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['warehouses', variables],
    queryFn: () => gql(AdminWarehousesDocument, variables),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Inventory</h1>
        {can('inventory.update') && (
          <Button asChild>
            <Link to="/inventory/warehouses/new">New warehouse</Link>
          </Button>
        )}
      </div>
      <InventoryTabs />
      <h2 className="text-lg font-semibold">Warehouses</h2>
      <PagedTable
        caption="Warehouses"
        columns={columns}
        query={{ ...list, data: list.data?.warehouses }}
        empty="No warehouses yet."
        getRowId={(row) => row.id}
        onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
      />
    </>
  );
}
