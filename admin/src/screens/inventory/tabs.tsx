import { Link } from '@tanstack/react-router';

/** Inventory's two lists: warehouses (with their stock) and the movement history across them. */
export function InventoryTabs() {
  const cls = 'rounded-md px-3 py-2 text-sm hover:bg-slate-100';
  return (
    <nav aria-label="Inventory" className="flex gap-2 border-b border-slate-200 pb-2">
      <Link
        to="/inventory"
        search={{ page: 1 }}
        activeOptions={{ exact: true, includeSearch: false }}
        className={cls}
        activeProps={{ className: 'bg-slate-200 font-semibold', 'aria-current': 'page' }}
      >
        Warehouses
      </Link>
      <Link
        to="/inventory/movements"
        search={{ page: 1 }}
        activeOptions={{ includeSearch: false }}
        className={cls}
        activeProps={{ className: 'bg-slate-200 font-semibold', 'aria-current': 'page' }}
      >
        Stock movements
      </Link>
    </nav>
  );
}
