import 'reflect-metadata';
import type { NonEmptyArray } from 'type-graphql';
import type { AccessTable } from '../../auth/access';
import { CategoryResolver, TagResolver } from '../../domains/catalog/category.resolver';
import { AttributeResolver, PropertyGroupResolver } from '../../domains/catalog/property.resolver';
import { catalogAccess } from '../../domains/catalog/catalog.permissions';
import { ProductResolver, VariantResolver } from '../../domains/catalog/product.resolver';
import { mediaAccess } from '../../domains/media/media.permissions';
import { MediaResolver } from '../../domains/media/media.resolver';
import { inventoryAccess } from '../../domains/inventory/inventory.permissions';
import { StockResolver } from '../../domains/inventory/stock.resolver';
import { WarehouseResolver } from '../../domains/inventory/warehouse.resolver';
import { HealthResolver } from '../../domains/system/health.resolver';
import { systemAccess } from '../../domains/system/system.permissions';

/** Every resolver of the schema. A domain joins the API by adding its resolvers and access table here. */
export const RESOLVERS: NonEmptyArray<Function> = [HealthResolver, WarehouseResolver, StockResolver, ProductResolver, VariantResolver, CategoryResolver, TagResolver, PropertyGroupResolver, AttributeResolver, MediaResolver];

/** Every access table; shield rules are generated from them. */
export const ACCESS_TABLES: AccessTable[] = [systemAccess, inventoryAccess, catalogAccess, mediaAccess];
