/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Staff roles (contract §4): `super_admin` alone holds `users.manage`. */
export type AdminRole =
  | 'admin'
  | 'manager'
  | 'super_admin';

/** A new staff account; `role` defaults to `admin`. */
export type AdminUserCreateInput = {
  /** Default true. */
  active?: boolean | null | undefined;
  email: string;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  /** 8 to 128 characters. */
  password: string;
  role?: AdminRole | null | undefined;
};

/** Changes to a staff account: only the fields given change. A new password ends the user's sessions. */
export type AdminUserUpdateInput = {
  active?: boolean | null | undefined;
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  password?: string | null | undefined;
  role?: AdminRole | null | undefined;
};

export type ApiKeyCreateInput = {
  name: string;
  /** Permission names or `<resource>.*` wildcards, within the creator's own permissions. */
  permissions: Array<string>;
};

export type LoginInput = {
  email: string;
  password: string;
};

export type LogoutInput = {
  /** Also revokes this token's owner's sessions when no access token is presented. */
  refreshToken?: string | null | undefined;
};

/** Without `refreshToken` the `svc_refresh_token` cookie is used. */
export type RefreshInput = {
  refreshToken?: string | null | undefined;
};

/** A new customer account. */
export type RegisterInput = {
  email: string;
  firstName: string;
  lastName: string;
  /** 8 to 128 characters. */
  password: string;
};

/** Why stock changed: set by an admin, sold at checkout, or returned on cancel/refund. */
export type StockMovementType =
  | 'adjustment'
  | 'reversal'
  | 'sale';

/** Stock to set in one warehouse; all items are written or none. */
export type StockSetInput = {
  items: Array<StockSetItemInput>;
};

/** The absolute quantity of one product (or variant) in the warehouse. */
export type StockSetItemInput = {
  productId: string;
  quantity: number;
  /** Audit note stored on the adjustment movement. */
  reference?: string | null | undefined;
  /** Omit for product-level stock. */
  variantId?: string | null | undefined;
};

/** A new warehouse; `name` and `code` are required. */
export type WarehouseCreateInput = {
  /** Default true. */
  active?: boolean | null | undefined;
  addressLine1?: string | null | undefined;
  /** Default false. */
  allowNegativeStock?: boolean | null | undefined;
  city?: string | null | undefined;
  code: string;
  country?: string | null | undefined;
  name: string;
  postalCode?: string | null | undefined;
  /** Default 0. */
  priority?: number | null | undefined;
};

/** Changes to a warehouse: only the fields given change. */
export type WarehouseUpdateInput = {
  active?: boolean | null | undefined;
  addressLine1?: string | null | undefined;
  allowNegativeStock?: boolean | null | undefined;
  city?: string | null | undefined;
  code?: string | null | undefined;
  country?: string | null | undefined;
  name?: string | null | undefined;
  postalCode?: string | null | undefined;
  priority?: number | null | undefined;
};

export type ApiKeyFieldsFragment = { id: string, name: string, permissions: Array<string>, last_used_at: string | null, created_at: string };

export type ApiKeyCreatedFieldsFragment = { id: string, name: string, key: string, permissions: Array<string>, created_at: string };

export type ApiKeysQueryVariables = Exact<{
  all?: boolean | null | undefined;
}>;


export type ApiKeysQuery = { apiKeys: Array<{ id: string, name: string, permissions: Array<string>, last_used_at: string | null, created_at: string }> };

export type ApiKeyCreateMutationVariables = Exact<{
  input: ApiKeyCreateInput;
}>;


export type ApiKeyCreateMutation = { apiKeyCreate: { id: string, name: string, key: string, permissions: Array<string>, created_at: string } };

export type ApiKeyDeleteMutationVariables = Exact<{
  id: string;
}>;


export type ApiKeyDeleteMutation = { apiKeyDelete: boolean };

export type CustomerApiKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type CustomerApiKeysQuery = { customerApiKeys: Array<{ id: string, name: string, permissions: Array<string>, last_used_at: string | null, created_at: string }> };

export type CustomerApiKeyCreateMutationVariables = Exact<{
  input: ApiKeyCreateInput;
}>;


export type CustomerApiKeyCreateMutation = { customerApiKeyCreate: { id: string, name: string, key: string, permissions: Array<string>, created_at: string } };

export type CustomerApiKeyDeleteMutationVariables = Exact<{
  id: string;
}>;


export type CustomerApiKeyDeleteMutation = { customerApiKeyDelete: boolean };

export type TokenPairFieldsFragment = { access_token: string, refresh_token: string, expires_in: number, token_type: string };

export type CustomerFieldsFragment = { id: string, email: string, active: boolean, first_name: string, last_name: string, default_billing_address_id: string | null, default_shipping_address_id: string | null, custom_fields: unknown, created_at: string, updated_at: string };

export type LoginMutationVariables = Exact<{
  input: LoginInput;
  cookie?: boolean | null | undefined;
}>;


export type LoginMutation = { login: { access_token: string, refresh_token: string, expires_in: number, token_type: string } };

export type CustomerLoginMutationVariables = Exact<{
  input: LoginInput;
  cookie?: boolean | null | undefined;
}>;


export type CustomerLoginMutation = { customerLogin: { access_token: string, refresh_token: string, expires_in: number, token_type: string } };

export type TokenRefreshMutationVariables = Exact<{
  input?: RefreshInput | null | undefined;
  cookie?: boolean | null | undefined;
}>;


export type TokenRefreshMutation = { tokenRefresh: { access_token: string, refresh_token: string, expires_in: number, token_type: string } };

export type LogoutMutationVariables = Exact<{
  input?: LogoutInput | null | undefined;
}>;


export type LogoutMutation = { logout: { message: string } };

export type CustomerRegisterMutationVariables = Exact<{
  input: RegisterInput;
}>;


export type CustomerRegisterMutation = { customerRegister: { id: string, email: string, active: boolean, first_name: string, last_name: string, default_billing_address_id: string | null, default_shipping_address_id: string | null, custom_fields: unknown, created_at: string, updated_at: string } };

export type WarehouseFieldsFragment = { id: string, name: string, code: string, active: boolean, priority: number, city: string | null, country: string | null, allow_negative_stock: boolean, address_line1: string | null, postal_code: string | null, created_at: string, updated_at: string };

export type StockEntryFieldsFragment = { id: string, quantity: number, warehouse_id: string, product_id: string, variant_id: string | null, warehouse_name: string, warehouse_code: string, product_sku: string, product_name: string, variant_sku: string, created_at: string, updated_at: string };

export type StockMovementFieldsFragment = { id: string, type: StockMovementType, quantity: number, reference: string | null, warehouse_id: string | null, product_id: string | null, variant_id: string | null, order_id: string | null, created_at: string };

export type PageMetaFieldsFragment = { total: number, page: number, limit: number, pages: number };

export type WarehousesQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  active?: boolean | null | undefined;
}>;


export type WarehousesQuery = { warehouses: { items: Array<{ id: string, name: string, code: string, active: boolean, priority: number, city: string | null, country: string | null, allow_negative_stock: boolean, address_line1: string | null, postal_code: string | null, created_at: string, updated_at: string }>, meta: { total: number, page: number, limit: number, pages: number } } };

export type WarehouseQueryVariables = Exact<{
  id: string;
}>;


export type WarehouseQuery = { warehouse: { id: string, name: string, code: string, active: boolean, priority: number, city: string | null, country: string | null, allow_negative_stock: boolean, address_line1: string | null, postal_code: string | null, created_at: string, updated_at: string } };

export type WarehouseCreateMutationVariables = Exact<{
  input: WarehouseCreateInput;
}>;


export type WarehouseCreateMutation = { warehouseCreate: { id: string, name: string, code: string, active: boolean, priority: number, city: string | null, country: string | null, allow_negative_stock: boolean, address_line1: string | null, postal_code: string | null, created_at: string, updated_at: string } };

export type WarehouseUpdateMutationVariables = Exact<{
  id: string;
  input: WarehouseUpdateInput;
}>;


export type WarehouseUpdateMutation = { warehouseUpdate: { id: string, name: string, code: string, active: boolean, priority: number, city: string | null, country: string | null, allow_negative_stock: boolean, address_line1: string | null, postal_code: string | null, created_at: string, updated_at: string } };

export type WarehouseDeleteMutationVariables = Exact<{
  id: string;
}>;


export type WarehouseDeleteMutation = { warehouseDelete: boolean };

export type WarehouseStockQueryVariables = Exact<{
  warehouseId: string;
}>;


export type WarehouseStockQuery = { warehouseStock: Array<{ id: string, quantity: number, warehouse_id: string, product_id: string, variant_id: string | null, warehouse_name: string, warehouse_code: string, product_sku: string, product_name: string, variant_sku: string, created_at: string, updated_at: string }> };

export type WarehouseStockSetMutationVariables = Exact<{
  warehouseId: string;
  input: StockSetInput;
}>;


export type WarehouseStockSetMutation = { warehouseStockSet: Array<{ id: string, quantity: number, warehouse_id: string, product_id: string, variant_id: string | null, warehouse_name: string, warehouse_code: string, product_sku: string, product_name: string, variant_sku: string, created_at: string, updated_at: string }> };

export type ProductStockQueryVariables = Exact<{
  productId: string;
}>;


export type ProductStockQuery = { productStock: Array<{ id: string, quantity: number, warehouse_id: string, product_id: string, variant_id: string | null, warehouse_name: string, warehouse_code: string, product_sku: string, product_name: string, variant_sku: string, created_at: string, updated_at: string }> };

export type WarehouseMovementsQueryVariables = Exact<{
  warehouseId: string;
  page?: number | null | undefined;
  limit?: number | null | undefined;
}>;


export type WarehouseMovementsQuery = { warehouseMovements: { items: Array<{ id: string, type: StockMovementType, quantity: number, reference: string | null, warehouse_id: string | null, product_id: string | null, variant_id: string | null, order_id: string | null, created_at: string }>, meta: { total: number, page: number, limit: number, pages: number } } };

export type ProductMovementsQueryVariables = Exact<{
  productId: string;
  page?: number | null | undefined;
  limit?: number | null | undefined;
}>;


export type ProductMovementsQuery = { productMovements: { items: Array<{ id: string, type: StockMovementType, quantity: number, reference: string | null, warehouse_id: string | null, product_id: string | null, variant_id: string | null, order_id: string | null, created_at: string }>, meta: { total: number, page: number, limit: number, pages: number } } };

export type HealthQueryVariables = Exact<{ [key: string]: never; }>;


export type HealthQuery = { health: { status: string, database: string, version: string } };

export type AdminUserFieldsFragment = { id: string, email: string, role: AdminRole, active: boolean, first_name: string | null, last_name: string | null, created_at: string, updated_at: string };

export type AdminUsersQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
}>;


export type AdminUsersQuery = { adminUsers: { items: Array<{ id: string, email: string, role: AdminRole, active: boolean, first_name: string | null, last_name: string | null, created_at: string, updated_at: string }>, meta: { total: number, page: number, limit: number, pages: number } } };

export type AdminUserQueryVariables = Exact<{
  id: string;
}>;


export type AdminUserQuery = { adminUser: { id: string, email: string, role: AdminRole, active: boolean, first_name: string | null, last_name: string | null, created_at: string, updated_at: string } };

export type AdminUserCreateMutationVariables = Exact<{
  input: AdminUserCreateInput;
}>;


export type AdminUserCreateMutation = { adminUserCreate: { id: string, email: string, role: AdminRole, active: boolean, first_name: string | null, last_name: string | null, created_at: string, updated_at: string } };

export type AdminUserUpdateMutationVariables = Exact<{
  id: string;
  input: AdminUserUpdateInput;
}>;


export type AdminUserUpdateMutation = { adminUserUpdate: { id: string, email: string, role: AdminRole, active: boolean, first_name: string | null, last_name: string | null, created_at: string, updated_at: string } };

export type AdminUserDeleteMutationVariables = Exact<{
  id: string;
}>;


export type AdminUserDeleteMutation = { adminUserDelete: boolean };

export const ApiKeyFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiKeyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiKey"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"}},{"kind":"Field","alias":{"kind":"Name","value":"last_used_at"},"name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<ApiKeyFieldsFragment, unknown>;
export const ApiKeyCreatedFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiKeyCreatedFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiKeyCreated"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<ApiKeyCreatedFieldsFragment, unknown>;
export const TokenPairFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TokenPairFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TokenPair"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"access_token"},"name":{"kind":"Name","value":"accessToken"}},{"kind":"Field","alias":{"kind":"Name","value":"refresh_token"},"name":{"kind":"Name","value":"refreshToken"}},{"kind":"Field","alias":{"kind":"Name","value":"expires_in"},"name":{"kind":"Name","value":"expiresIn"}},{"kind":"Field","alias":{"kind":"Name","value":"token_type"},"name":{"kind":"Name","value":"tokenType"}}]}}]} as unknown as DocumentNode<TokenPairFieldsFragment, unknown>;
export const CustomerFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CustomerFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Customer"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","alias":{"kind":"Name","value":"first_name"},"name":{"kind":"Name","value":"firstName"}},{"kind":"Field","alias":{"kind":"Name","value":"last_name"},"name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","alias":{"kind":"Name","value":"default_billing_address_id"},"name":{"kind":"Name","value":"defaultBillingAddressId"}},{"kind":"Field","alias":{"kind":"Name","value":"default_shipping_address_id"},"name":{"kind":"Name","value":"defaultShippingAddressId"}},{"kind":"Field","alias":{"kind":"Name","value":"custom_fields"},"name":{"kind":"Name","value":"customFields"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CustomerFieldsFragment, unknown>;
export const WarehouseFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WarehouseFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Warehouse"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","alias":{"kind":"Name","value":"allow_negative_stock"},"name":{"kind":"Name","value":"allowNegativeStock"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","alias":{"kind":"Name","value":"address_line1"},"name":{"kind":"Name","value":"addressLine1"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","alias":{"kind":"Name","value":"postal_code"},"name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<WarehouseFieldsFragment, unknown>;
export const StockEntryFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StockEntryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockEntry"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"warehouse_id"},"name":{"kind":"Name","value":"warehouseId"}},{"kind":"Field","alias":{"kind":"Name","value":"product_id"},"name":{"kind":"Name","value":"productId"}},{"kind":"Field","alias":{"kind":"Name","value":"variant_id"},"name":{"kind":"Name","value":"variantId"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","alias":{"kind":"Name","value":"warehouse_name"},"name":{"kind":"Name","value":"warehouseName"}},{"kind":"Field","alias":{"kind":"Name","value":"warehouse_code"},"name":{"kind":"Name","value":"warehouseCode"}},{"kind":"Field","alias":{"kind":"Name","value":"product_sku"},"name":{"kind":"Name","value":"productSku"}},{"kind":"Field","alias":{"kind":"Name","value":"product_name"},"name":{"kind":"Name","value":"productName"}},{"kind":"Field","alias":{"kind":"Name","value":"variant_sku"},"name":{"kind":"Name","value":"variantSku"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<StockEntryFieldsFragment, unknown>;
export const StockMovementFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StockMovementFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovement"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"warehouse_id"},"name":{"kind":"Name","value":"warehouseId"}},{"kind":"Field","alias":{"kind":"Name","value":"product_id"},"name":{"kind":"Name","value":"productId"}},{"kind":"Field","alias":{"kind":"Name","value":"variant_id"},"name":{"kind":"Name","value":"variantId"}},{"kind":"Field","alias":{"kind":"Name","value":"order_id"},"name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<StockMovementFieldsFragment, unknown>;
export const PageMetaFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageMetaFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageMeta"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]} as unknown as DocumentNode<PageMetaFieldsFragment, unknown>;
export const AdminUserFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","alias":{"kind":"Name","value":"first_name"},"name":{"kind":"Name","value":"firstName"}},{"kind":"Field","alias":{"kind":"Name","value":"last_name"},"name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<AdminUserFieldsFragment, unknown>;
export const ApiKeysDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApiKeys"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"all"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKeys"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"all"},"value":{"kind":"Variable","name":{"kind":"Name","value":"all"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApiKeyFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiKeyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiKey"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"}},{"kind":"Field","alias":{"kind":"Name","value":"last_used_at"},"name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<ApiKeysQuery, ApiKeysQueryVariables>;
export const ApiKeyCreateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ApiKeyCreate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ApiKeyCreateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKeyCreate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApiKeyCreatedFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiKeyCreatedFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiKeyCreated"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<ApiKeyCreateMutation, ApiKeyCreateMutationVariables>;
export const ApiKeyDeleteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ApiKeyDelete"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKeyDelete"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<ApiKeyDeleteMutation, ApiKeyDeleteMutationVariables>;
export const CustomerApiKeysDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CustomerApiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customerApiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApiKeyFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiKeyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiKey"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"}},{"kind":"Field","alias":{"kind":"Name","value":"last_used_at"},"name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<CustomerApiKeysQuery, CustomerApiKeysQueryVariables>;
export const CustomerApiKeyCreateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CustomerApiKeyCreate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ApiKeyCreateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customerApiKeyCreate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApiKeyCreatedFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiKeyCreatedFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiKeyCreated"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<CustomerApiKeyCreateMutation, CustomerApiKeyCreateMutationVariables>;
export const CustomerApiKeyDeleteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CustomerApiKeyDelete"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customerApiKeyDelete"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<CustomerApiKeyDeleteMutation, CustomerApiKeyDeleteMutationVariables>;
export const LoginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Login"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"LoginInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cookie"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"cookie"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cookie"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TokenPairFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TokenPairFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TokenPair"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"access_token"},"name":{"kind":"Name","value":"accessToken"}},{"kind":"Field","alias":{"kind":"Name","value":"refresh_token"},"name":{"kind":"Name","value":"refreshToken"}},{"kind":"Field","alias":{"kind":"Name","value":"expires_in"},"name":{"kind":"Name","value":"expiresIn"}},{"kind":"Field","alias":{"kind":"Name","value":"token_type"},"name":{"kind":"Name","value":"tokenType"}}]}}]} as unknown as DocumentNode<LoginMutation, LoginMutationVariables>;
export const CustomerLoginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CustomerLogin"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"LoginInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cookie"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customerLogin"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"cookie"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cookie"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TokenPairFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TokenPairFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TokenPair"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"access_token"},"name":{"kind":"Name","value":"accessToken"}},{"kind":"Field","alias":{"kind":"Name","value":"refresh_token"},"name":{"kind":"Name","value":"refreshToken"}},{"kind":"Field","alias":{"kind":"Name","value":"expires_in"},"name":{"kind":"Name","value":"expiresIn"}},{"kind":"Field","alias":{"kind":"Name","value":"token_type"},"name":{"kind":"Name","value":"tokenType"}}]}}]} as unknown as DocumentNode<CustomerLoginMutation, CustomerLoginMutationVariables>;
export const TokenRefreshDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TokenRefresh"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"RefreshInput"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cookie"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tokenRefresh"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"cookie"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cookie"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TokenPairFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TokenPairFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TokenPair"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"access_token"},"name":{"kind":"Name","value":"accessToken"}},{"kind":"Field","alias":{"kind":"Name","value":"refresh_token"},"name":{"kind":"Name","value":"refreshToken"}},{"kind":"Field","alias":{"kind":"Name","value":"expires_in"},"name":{"kind":"Name","value":"expiresIn"}},{"kind":"Field","alias":{"kind":"Name","value":"token_type"},"name":{"kind":"Name","value":"tokenType"}}]}}]} as unknown as DocumentNode<TokenRefreshMutation, TokenRefreshMutationVariables>;
export const LogoutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Logout"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"LogoutInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"logout"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<LogoutMutation, LogoutMutationVariables>;
export const CustomerRegisterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CustomerRegister"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customerRegister"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CustomerFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CustomerFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Customer"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","alias":{"kind":"Name","value":"first_name"},"name":{"kind":"Name","value":"firstName"}},{"kind":"Field","alias":{"kind":"Name","value":"last_name"},"name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","alias":{"kind":"Name","value":"default_billing_address_id"},"name":{"kind":"Name","value":"defaultBillingAddressId"}},{"kind":"Field","alias":{"kind":"Name","value":"default_shipping_address_id"},"name":{"kind":"Name","value":"defaultShippingAddressId"}},{"kind":"Field","alias":{"kind":"Name","value":"custom_fields"},"name":{"kind":"Name","value":"customFields"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CustomerRegisterMutation, CustomerRegisterMutationVariables>;
export const WarehousesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Warehouses"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"active"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"warehouses"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"active"},"value":{"kind":"Variable","name":{"kind":"Name","value":"active"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WarehouseFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"meta"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PageMetaFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WarehouseFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Warehouse"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","alias":{"kind":"Name","value":"allow_negative_stock"},"name":{"kind":"Name","value":"allowNegativeStock"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","alias":{"kind":"Name","value":"address_line1"},"name":{"kind":"Name","value":"addressLine1"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","alias":{"kind":"Name","value":"postal_code"},"name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageMetaFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageMeta"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]} as unknown as DocumentNode<WarehousesQuery, WarehousesQueryVariables>;
export const WarehouseDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Warehouse"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"warehouse"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WarehouseFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WarehouseFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Warehouse"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","alias":{"kind":"Name","value":"allow_negative_stock"},"name":{"kind":"Name","value":"allowNegativeStock"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","alias":{"kind":"Name","value":"address_line1"},"name":{"kind":"Name","value":"addressLine1"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","alias":{"kind":"Name","value":"postal_code"},"name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<WarehouseQuery, WarehouseQueryVariables>;
export const WarehouseCreateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"WarehouseCreate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"WarehouseCreateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"warehouseCreate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WarehouseFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WarehouseFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Warehouse"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","alias":{"kind":"Name","value":"allow_negative_stock"},"name":{"kind":"Name","value":"allowNegativeStock"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","alias":{"kind":"Name","value":"address_line1"},"name":{"kind":"Name","value":"addressLine1"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","alias":{"kind":"Name","value":"postal_code"},"name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<WarehouseCreateMutation, WarehouseCreateMutationVariables>;
export const WarehouseUpdateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"WarehouseUpdate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"WarehouseUpdateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"warehouseUpdate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WarehouseFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WarehouseFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Warehouse"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","alias":{"kind":"Name","value":"allow_negative_stock"},"name":{"kind":"Name","value":"allowNegativeStock"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","alias":{"kind":"Name","value":"address_line1"},"name":{"kind":"Name","value":"addressLine1"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","alias":{"kind":"Name","value":"postal_code"},"name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<WarehouseUpdateMutation, WarehouseUpdateMutationVariables>;
export const WarehouseDeleteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"WarehouseDelete"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"warehouseDelete"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<WarehouseDeleteMutation, WarehouseDeleteMutationVariables>;
export const WarehouseStockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WarehouseStock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"warehouseId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"warehouseStock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"warehouseId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"warehouseId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StockEntryFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StockEntryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockEntry"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"warehouse_id"},"name":{"kind":"Name","value":"warehouseId"}},{"kind":"Field","alias":{"kind":"Name","value":"product_id"},"name":{"kind":"Name","value":"productId"}},{"kind":"Field","alias":{"kind":"Name","value":"variant_id"},"name":{"kind":"Name","value":"variantId"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","alias":{"kind":"Name","value":"warehouse_name"},"name":{"kind":"Name","value":"warehouseName"}},{"kind":"Field","alias":{"kind":"Name","value":"warehouse_code"},"name":{"kind":"Name","value":"warehouseCode"}},{"kind":"Field","alias":{"kind":"Name","value":"product_sku"},"name":{"kind":"Name","value":"productSku"}},{"kind":"Field","alias":{"kind":"Name","value":"product_name"},"name":{"kind":"Name","value":"productName"}},{"kind":"Field","alias":{"kind":"Name","value":"variant_sku"},"name":{"kind":"Name","value":"variantSku"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<WarehouseStockQuery, WarehouseStockQueryVariables>;
export const WarehouseStockSetDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"WarehouseStockSet"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"warehouseId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"StockSetInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"warehouseStockSet"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"warehouseId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"warehouseId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StockEntryFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StockEntryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockEntry"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"warehouse_id"},"name":{"kind":"Name","value":"warehouseId"}},{"kind":"Field","alias":{"kind":"Name","value":"product_id"},"name":{"kind":"Name","value":"productId"}},{"kind":"Field","alias":{"kind":"Name","value":"variant_id"},"name":{"kind":"Name","value":"variantId"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","alias":{"kind":"Name","value":"warehouse_name"},"name":{"kind":"Name","value":"warehouseName"}},{"kind":"Field","alias":{"kind":"Name","value":"warehouse_code"},"name":{"kind":"Name","value":"warehouseCode"}},{"kind":"Field","alias":{"kind":"Name","value":"product_sku"},"name":{"kind":"Name","value":"productSku"}},{"kind":"Field","alias":{"kind":"Name","value":"product_name"},"name":{"kind":"Name","value":"productName"}},{"kind":"Field","alias":{"kind":"Name","value":"variant_sku"},"name":{"kind":"Name","value":"variantSku"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<WarehouseStockSetMutation, WarehouseStockSetMutationVariables>;
export const ProductStockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProductStock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"productId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"productStock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"productId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"productId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StockEntryFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StockEntryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockEntry"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"warehouse_id"},"name":{"kind":"Name","value":"warehouseId"}},{"kind":"Field","alias":{"kind":"Name","value":"product_id"},"name":{"kind":"Name","value":"productId"}},{"kind":"Field","alias":{"kind":"Name","value":"variant_id"},"name":{"kind":"Name","value":"variantId"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","alias":{"kind":"Name","value":"warehouse_name"},"name":{"kind":"Name","value":"warehouseName"}},{"kind":"Field","alias":{"kind":"Name","value":"warehouse_code"},"name":{"kind":"Name","value":"warehouseCode"}},{"kind":"Field","alias":{"kind":"Name","value":"product_sku"},"name":{"kind":"Name","value":"productSku"}},{"kind":"Field","alias":{"kind":"Name","value":"product_name"},"name":{"kind":"Name","value":"productName"}},{"kind":"Field","alias":{"kind":"Name","value":"variant_sku"},"name":{"kind":"Name","value":"variantSku"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ProductStockQuery, ProductStockQueryVariables>;
export const WarehouseMovementsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WarehouseMovements"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"warehouseId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"warehouseMovements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"warehouseId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"warehouseId"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StockMovementFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"meta"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PageMetaFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StockMovementFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovement"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"warehouse_id"},"name":{"kind":"Name","value":"warehouseId"}},{"kind":"Field","alias":{"kind":"Name","value":"product_id"},"name":{"kind":"Name","value":"productId"}},{"kind":"Field","alias":{"kind":"Name","value":"variant_id"},"name":{"kind":"Name","value":"variantId"}},{"kind":"Field","alias":{"kind":"Name","value":"order_id"},"name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageMetaFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageMeta"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]} as unknown as DocumentNode<WarehouseMovementsQuery, WarehouseMovementsQueryVariables>;
export const ProductMovementsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProductMovements"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"productId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"productMovements"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"productId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"productId"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"StockMovementFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"meta"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PageMetaFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"StockMovementFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StockMovement"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"warehouse_id"},"name":{"kind":"Name","value":"warehouseId"}},{"kind":"Field","alias":{"kind":"Name","value":"product_id"},"name":{"kind":"Name","value":"productId"}},{"kind":"Field","alias":{"kind":"Name","value":"variant_id"},"name":{"kind":"Name","value":"variantId"}},{"kind":"Field","alias":{"kind":"Name","value":"order_id"},"name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageMetaFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageMeta"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]} as unknown as DocumentNode<ProductMovementsQuery, ProductMovementsQueryVariables>;
export const HealthDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Health"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"health"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"database"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<HealthQuery, HealthQueryVariables>;
export const AdminUsersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminUsers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminUsers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminUserFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"meta"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","alias":{"kind":"Name","value":"first_name"},"name":{"kind":"Name","value":"firstName"}},{"kind":"Field","alias":{"kind":"Name","value":"last_name"},"name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<AdminUsersQuery, AdminUsersQueryVariables>;
export const AdminUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminUserFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","alias":{"kind":"Name","value":"first_name"},"name":{"kind":"Name","value":"firstName"}},{"kind":"Field","alias":{"kind":"Name","value":"last_name"},"name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<AdminUserQuery, AdminUserQueryVariables>;
export const AdminUserCreateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminUserCreate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdminUserCreateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminUserCreate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminUserFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","alias":{"kind":"Name","value":"first_name"},"name":{"kind":"Name","value":"firstName"}},{"kind":"Field","alias":{"kind":"Name","value":"last_name"},"name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<AdminUserCreateMutation, AdminUserCreateMutationVariables>;
export const AdminUserUpdateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminUserUpdate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdminUserUpdateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminUserUpdate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AdminUserFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AdminUserFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminUser"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","alias":{"kind":"Name","value":"first_name"},"name":{"kind":"Name","value":"firstName"}},{"kind":"Field","alias":{"kind":"Name","value":"last_name"},"name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<AdminUserUpdateMutation, AdminUserUpdateMutationVariables>;
export const AdminUserDeleteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminUserDelete"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminUserDelete"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<AdminUserDeleteMutation, AdminUserDeleteMutationVariables>;