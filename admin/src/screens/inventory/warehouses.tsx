import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';

import { gql } from '../../api/client';
import {
  AdminWarehouseCreateDocument,
  AdminWarehouseDeleteDocument,
  AdminWarehouseDocument,
  type AdminWarehouseFragment,
  AdminWarehousesDocument,
  AdminWarehouseUpdateDocument,
} from '../../generated/graphql';
import { z } from '../../lib/zod';
import { linkColumn, statusColumn, textColumn } from '../../resource/columns';
import { crudScreens, type Screen } from '../../resource/crud';
import type { FieldSpec } from '../../resource/fields';
import { keys } from '../../resource/keys';
import { useListNavigate, useListSearch } from '../../resource/list-page';
import { defineResource } from '../../resource/resource';
import { StockLevels } from './stock-levels';
import { InventoryTabs } from './tabs';

/**
 * Inventory: the warehouses in deduction order (priority), each with its stock. The API has no warehouse search
 * (a shop has a handful); stock is searched inside a warehouse, movements across them.
 */

const warehouses = defineResource({
  keys: keys.warehouses,
  list: AdminWarehousesDocument,
  detail: AdminWarehouseDocument,
  create: AdminWarehouseCreateDocument,
  update: AdminWarehouseUpdateDocument,
  remove: AdminWarehouseDeleteDocument,
  // A deleted or deactivated warehouse takes its stock out of the levels, movements' names and products' stock.
  invalidates: [keys.stockLevels.all, keys.stockMovements.all, keys.products.all],
});

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  code: z.string().trim().min(1, 'Enter a code.'),
  priority: z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'A whole number (lower is used first).'),
  addressLine1: z.string().trim(),
  postalCode: z.string().trim(),
  city: z.string().trim(),
  country: z.string().trim(),
  active: z.boolean(),
  allowNegativeStock: z.boolean(),
});
type Values = z.infer<typeof schema>;
type Warehouse = AdminWarehouseFragment;

const FIELDS: FieldSpec<Values>[] = [
  { name: 'name', label: 'Name' },
  { name: 'code', label: 'Code', hint: 'Unique; used by imports and integrations.' },
  { name: 'priority', label: 'Priority', kind: 'number', hint: 'Checkout takes stock from the lowest first.' },
  { name: 'addressLine1', label: 'Address' },
  { name: 'postalCode', label: 'Postal code' },
  { name: 'city', label: 'City' },
  { name: 'country', label: 'Country' },
  { name: 'active', label: 'Active (its stock counts as available)', kind: 'checkbox' },
  { name: 'allowNegativeStock', label: 'Allow negative stock (sell beyond what it holds)', kind: 'checkbox' },
];
const ADDRESS = ['addressLine1', 'postalCode', 'city', 'country'] as const;

/** Below the warehouse's form: its stock levels (searched and paged in the URL) and its movement history. */
function WarehouseStock({ id }: { id: string }) {
  const search = useListSearch();
  const go = useListNavigate();
  return (
    <>
      <StockLevels warehouseId={id} search={search} onSearch={go} />
      <p>
        <Link to="/inventory/movements" search={{ page: 1, warehouse: id }} className="text-sm text-blue-800 underline">
          Stock movements of this warehouse
        </Link>
      </p>
    </>
  );
}

/**
 * A new warehouse goes after the last one in deduction order (the highest priority + 1), so creating one never
 * silently makes it checkout's first stock source. The list is in priority order: its last item is the highest.
 */
function useNextPriority(): Partial<Values> | undefined {
  const count = useQuery({
    queryKey: keys.warehouses.list({ page: 1, limit: 1 }),
    queryFn: () => gql(AdminWarehousesDocument, { page: 1, limit: 1 }),
  });
  const total = count.data?.warehouses.meta.total;
  const last = useQuery({
    queryKey: keys.warehouses.list({ page: total, limit: 1 }),
    queryFn: () => gql(AdminWarehousesDocument, { page: total, limit: 1 }),
    enabled: !!total,
  });
  if (total === 0) return { priority: '0' };
  const highest = last.data?.warehouses.items[0]?.priority;
  return highest === undefined ? undefined : { priority: String(highest + 1) };
}

const screens = crudScreens({
  resource: warehouses,
  paths: {
    list: '/inventory',
    create: '/inventory/warehouses/new',
    detail: '/inventory/warehouses/$warehouseId',
    param: 'warehouseId',
    detailSearch: { page: 1 },
  },
  nouns: {
    title: 'Inventory',
    subheading: 'Warehouses',
    plural: 'Warehouses',
    create: 'New warehouse',
    what: 'this warehouse',
    createAction: 'create warehouses',
  },
  permissions: { create: 'inventory.update', update: 'inventory.update', remove: 'inventory.update' },
  Nav: InventoryTabs,
  list: {
    columns: [
      linkColumn(
        'Name',
        (w: Warehouse) => w.name,
        (w) => ({ to: '/inventory/warehouses/$warehouseId', params: { warehouseId: w.id }, search: { page: 1 } }),
      ),
      textColumn('code', 'Code', (w: Warehouse) => w.code),
      textColumn('priority', 'Priority', (w: Warehouse) => w.priority),
      textColumn('city', 'City', (w: Warehouse) => w.city ?? '—'),
      statusColumn<Warehouse>(),
    ],
    empty: () => 'No warehouses yet.',
  },
  form: {
    schema,
    useFields: () => FIELDS,
    useDefaults: useNextPriority,
    values: (w) => ({
      name: w?.name ?? '',
      code: w?.code ?? '',
      priority: String(w?.priority ?? 0),
      addressLine1: w?.addressLine1 ?? '',
      postalCode: w?.postalCode ?? '',
      city: w?.city ?? '',
      country: w?.country ?? '',
      active: w?.active ?? true,
      allowNegativeStock: w?.allowNegativeStock ?? false,
    }),
    // Empty address fields are null: cleared.
    input: (v) => ({
      name: v.name,
      code: v.code,
      priority: Number(v.priority),
      active: v.active,
      allowNegativeStock: v.allowNegativeStock,
      ...Object.fromEntries(ADDRESS.map((k) => [k, v[k] || null])),
    }),
  },
  detail: {
    title: (w) => w.name,
    removeDescription: (w) => `“${w.name}” and its stock entries are deleted; its stock movements are kept.`,
    After: WarehouseStock,
  },
});

export const InventoryScreen: Screen = screens.ListScreen;
export const NewWarehouseScreen: Screen = screens.NewScreen;
export const WarehouseScreen: Screen = screens.DetailScreen;
