import { type AccessTable, admin } from '../../auth/access';

export const inventoryAccess: AccessTable = {
  Query: {
    warehouses: admin('inventory.read'),
    warehouse: admin('inventory.read'),
    warehouseStock: admin('inventory.read'),
    productStock: admin('inventory.read'),
    warehouseMovements: admin('inventory.read'),
    productMovements: admin('inventory.read'),
    stockMovements: admin('inventory.read'),
    stockLevels: admin('inventory.read'),
    lowStock: admin('inventory.read'),
  },
  Mutation: {
    warehouseCreate: admin('inventory.update'),
    warehouseUpdate: admin('inventory.update'),
    warehouseDelete: admin('inventory.update'),
    warehouseStockSet: admin('inventory.update'),
  },
};
