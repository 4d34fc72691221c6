import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ActionError, ErrorState } from '../../components/error-state';
import {
  AdminWarehouseDeleteDocument,
  AdminWarehouseDocument,
  AdminWarehouseUpdateDocument,
} from '../../generated/graphql';
import { DeleteButton } from '../settings/kit';
import { StockLevels } from './stock-levels';
import { WarehouseForm } from './warehouse-form';

const route = getRouteApi('/_app/inventory/warehouses/$warehouseId');

/** One warehouse: its details (edit, delete) and its stock levels (searched, paged, set). */
export function WarehouseScreen() {
  const { warehouseId } = route.useParams();
  const search = route.useSearch();
  const routeNavigate = route.useNavigate();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleteError, setDeleteError] = useState<unknown>();
  const query = useQuery({
    queryKey: ['warehouse', warehouseId],
    queryFn: () => gql(AdminWarehouseDocument, { id: warehouseId }),
  });

  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p>Loading…</p>;
  const warehouse = query.data.warehouse;

  async function remove() {
    setDeleteError(undefined);
    try {
      await gql(AdminWarehouseDeleteDocument, { id: warehouseId });
      await queryClient.invalidateQueries({ queryKey: ['warehouses'] });
      await navigate({ to: '/inventory', search: { page: 1 } });
    } catch (error) {
      setDeleteError(error);
    }
  }

  return (
    <>
      <p>
        <Link to="/inventory" search={{ page: 1 }} className="text-sm text-blue-800 underline">
          Inventory
        </Link>
      </p>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{warehouse.name}</h1>
        {can('inventory.update') && (
          <DeleteButton
            what="this warehouse"
            description={`“${warehouse.name}” and its stock entries are deleted; its stock movements are kept.`}
            onConfirm={remove}
          />
        )}
      </div>
      <ActionError error={deleteError} />
      <WarehouseForm
        key={warehouse.id}
        warehouse={warehouse}
        readOnly={!can('inventory.update')}
        onSave={async (input) => {
          await gql(AdminWarehouseUpdateDocument, { id: warehouseId, input });
          await queryClient.invalidateQueries({ queryKey: ['warehouses'] });
          await queryClient.invalidateQueries({ queryKey: ['warehouse', warehouseId] });
        }}
      />
      <StockLevels
        warehouseId={warehouseId}
        search={search}
        onSearch={(next) => routeNavigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
      <p>
        <Link
          to="/inventory/movements"
          search={{ page: 1, warehouse: warehouseId }}
          className="text-sm text-blue-800 underline"
        >
          Stock movements of this warehouse
        </Link>
      </p>
    </>
  );
}
