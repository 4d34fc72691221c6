import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { AdminWarehouseCreateDocument } from '../../generated/graphql';
import { WarehouseForm } from './warehouse-form';

export function NewWarehouseScreen() {
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <>
      <p>
        <Link to="/inventory" search={{ page: 1 }} className="text-sm text-blue-800 underline">
          Inventory
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">New warehouse</h1>
      {!can('inventory.update') && <p>You do not have the permission to create warehouses.</p>}
      <WarehouseForm
        readOnly={!can('inventory.update')}
        onSave={async (input) => {
          const { warehouseCreate } = await gql(AdminWarehouseCreateDocument, { input });
          await queryClient.invalidateQueries({ queryKey: ['warehouses'] });
          await navigate({
            to: '/inventory/warehouses/$warehouseId',
            params: { warehouseId: warehouseCreate.id },
            search: { page: 1 },
          });
        }}
      />
    </>
  );
}
