import 'reflect-metadata';
import type { NonEmptyArray } from 'type-graphql';
import type { AccessTable } from '../../auth/access';
import { ApiKeyResolver } from '../../domains/api-keys/api-key.resolver';
import { apiKeysAccess } from '../../domains/api-keys/api-keys.permissions';
import { AuthResolver } from '../../domains/auth/auth.resolver';
import { authAccess } from '../../domains/auth/auth.permissions';
import { inventoryAccess } from '../../domains/inventory/inventory.permissions';
import { StockResolver } from '../../domains/inventory/stock.resolver';
import { WarehouseResolver } from '../../domains/inventory/warehouse.resolver';
import { HealthResolver } from '../../domains/system/health.resolver';
import { systemAccess } from '../../domains/system/system.permissions';
import { AdminUserResolver } from '../../domains/users/admin-user.resolver';
import { usersAccess } from '../../domains/users/users.permissions';

/** Every resolver of the schema. A domain joins the API by adding its resolvers and access table here. */
export const RESOLVERS: NonEmptyArray<Function> = [HealthResolver, WarehouseResolver, StockResolver, AuthResolver, AdminUserResolver, ApiKeyResolver];

/** Every access table; shield rules are generated from them. */
export const ACCESS_TABLES: AccessTable[] = [systemAccess, inventoryAccess, authAccess, usersAccess, apiKeysAccess];
