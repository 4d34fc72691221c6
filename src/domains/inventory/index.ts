/** Inventory: warehouses, stock per warehouse, the movement ledger, availability and deduction. */
import type { DomainModule } from '../module';
import { inventoryAccess } from './inventory.access';
import { createInventoryLoaders } from './inventory.loaders';
import { LowStockItemResolver, LowStockResolver } from './low-stock.resolver';
import { StockResolver } from './stock.resolver';
import { StockHistoryResolver } from './stock-history.resolver';
import { WarehouseResolver } from './warehouse.resolver';

export { setDefaultWarehouseStock, setWarehouseStock } from './stock.service';
export {
  assertAvailable,
  availabilityOf,
  deductStock,
  getAvailability,
  mergeLines,
  restockReturn,
  type ReturnRestockLine,
  reverseOrderStock,
} from './stock-ledger';
export { refreshStockTotals } from './stock-totals';
export { createWarehouse } from './warehouse.service';

export const domain: DomainModule = {
  name: 'inventory',
  resolvers: [WarehouseResolver, StockResolver, StockHistoryResolver, LowStockResolver, LowStockItemResolver],
  access: [inventoryAccess],
  loaders: createInventoryLoaders,
};
