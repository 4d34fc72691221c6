/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** An attribute; PUT is a full replacement (omitted optional fields take their defaults). */
export type AttributeInput = {
  filterable?: boolean | null | undefined;
  /** Pattern `^[a-z0-9][a-z0-9_-]*$` (422 `invalid_identifier`). */
  identifier: string;
  position?: number | null | undefined;
  required?: boolean | null | undefined;
  translations: Array<AttributeTranslationInput>;
  /** One of text, number, select, multi_select, boolean (422 `invalid_attribute_type`). */
  type: string;
  unit?: string | null | undefined;
};

export type AttributeOptionInput = {
  position?: number | null | undefined;
  translations: Array<NameTranslationInput>;
};

export type AttributeTranslationInput = {
  description?: string | null | undefined;
  locale: string;
  name: string;
};

export type AttributeValueInput = {
  attributeId: string;
  optionId?: string | null | undefined;
  optionIds?: Array<string> | null | undefined;
  valueBoolean?: boolean | null | undefined;
  valueNumeric?: number | null | undefined;
  valueText?: string | null | undefined;
};

export type AttributeValuesInput = {
  attributes: Array<AttributeValueInput>;
};

/** A category; at least one translation. */
export type CategoryCreateInput = {
  /** Default true. */
  active?: boolean | null | undefined;
  customFields?: unknown;
  parentId?: string | null | undefined;
  position?: number | null | undefined;
  translations: Array<CategoryTranslationInput>;
};

export type CategoryTranslationInput = {
  description?: string | null | undefined;
  locale: string;
  name: string;
  slug: string;
};

/** Changes to a category: only given fields change; translations are upserted by locale; `parentId: null` makes it a root. */
export type CategoryUpdateInput = {
  active?: boolean | null | undefined;
  customFields?: unknown;
  parentId?: string | null | undefined;
  position?: number | null | undefined;
  translations?: Array<CategoryTranslationInput> | null | undefined;
};

/** Changes to a customer (admin): only the fields given change. */
export type CustomerUpdateInput = {
  /** An inactive customer cannot sign in. */
  active?: boolean | null | undefined;
  customFields?: unknown;
  /** One of the customer's addresses, or null. */
  defaultBillingAddressId?: string | null | undefined;
  /** One of the customer's addresses, or null. */
  defaultShippingAddressId?: string | null | undefined;
  /** Stored trimmed and lower-cased; 409 `email_taken` when another customer has it. */
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
};

export type LoginInput = {
  email: string;
  password: string;
};

/** An upload: REST sends multipart/form-data (field `file`, which the adapter turns into a reference); GraphQL clients send `dataBase64` with `filename` (and `contentType` for the SVG fallback). */
export type MediaUploadInput = {
  altText?: string | null | undefined;
  /** Declared type; only used for the SVG fallback. */
  contentType?: string | null | undefined;
  /** The file’s bytes, base64-encoded (GraphQL clients). */
  dataBase64?: string | null | undefined;
  /** A multipart file reference (`upload:file`), set by the REST adapter. */
  file?: string | null | undefined;
  filename?: string | null | undefined;
};

export type NameTranslationInput = {
  locale: string;
  name: string;
};

export type OrderSortField =
  | 'created_at'
  | 'order_number'
  | 'status'
  | 'total';

/** See the transition table: cancelled and refunded are final. */
export type OrderStatus =
  | 'cancelled'
  | 'confirmed'
  | 'delivered'
  | 'pending'
  | 'processing'
  | 'refunded'
  | 'shipped';

export type OrderStatusInput = {
  comment?: string | null | undefined;
  status: OrderStatus;
};

export type PaymentTransactionStatus =
  | 'completed'
  | 'failed'
  | 'pending';

/** A new product: `currency` and at least one translation are required. */
export type ProductCreateInput = {
  /** Default false. */
  active?: boolean | null | undefined;
  categoryIds?: Array<string> | null | undefined;
  currency: string;
  customFields?: unknown;
  /** Ordered list of media ids. */
  mediaIds?: Array<string> | null | undefined;
  metadata?: unknown;
  priceGross?: number | null | undefined;
  priceNet?: number | null | undefined;
  sku?: string | null | undefined;
  /** Initial product-level stock, written to the first active warehouse by priority. */
  stock?: number | null | undefined;
  tagIds?: Array<string> | null | undefined;
  taxRuleId?: string | null | undefined;
  translations: Array<ProductTranslationInput>;
  weight?: number | null | undefined;
};

/** A CSV import: `file` is the multipart reference set by the REST adapter; GraphQL clients send `csv` text. */
export type ProductImportInput = {
  csv?: string | null | undefined;
  file?: string | null | undefined;
};

/** Sort key of product lists (`name` sorts by the default-locale name). */
export type ProductSort =
  | 'created_at'
  | 'name'
  | 'price_gross'
  | 'price_net'
  | 'sku'
  | 'stock'
  | 'updated_at';

export type ProductTranslationInput = {
  description?: string | null | undefined;
  locale: string;
  metaDescription?: string | null | undefined;
  metaTitle?: string | null | undefined;
  name: string;
  slug: string;
};

/** Changes to a product: only the fields given change; lists given replace the stored ones. */
export type ProductUpdateInput = {
  active?: boolean | null | undefined;
  categoryIds?: Array<string> | null | undefined;
  currency?: string | null | undefined;
  customFields?: unknown;
  /** Ordered list of media ids; replaces the existing list. */
  mediaIds?: Array<string> | null | undefined;
  metadata?: unknown;
  priceGross?: number | null | undefined;
  priceNet?: number | null | undefined;
  sku?: string | null | undefined;
  /** Sets the product-level entry in the first active warehouse by priority. */
  stock?: number | null | undefined;
  tagIds?: Array<string> | null | undefined;
  taxRuleId?: string | null | undefined;
  /** Upserted by locale; locales not given are kept. */
  translations?: Array<ProductTranslationInput> | null | undefined;
  weight?: number | null | undefined;
};

/** A property group; PUT takes the same body, all of it (identifier included). */
export type PropertyGroupInput = {
  /** Pattern `^[a-z0-9][a-z0-9_-]*$` (422 `invalid_identifier`), unique (409 `duplicate_identifier`). */
  identifier: string;
  position?: number | null | undefined;
  translations: Array<NameTranslationInput>;
};

/** A property option; on update the translations given replace the stored ones. */
export type PropertyOptionInput = {
  colorHex?: string | null | undefined;
  position?: number | null | undefined;
  translations: Array<NameTranslationInput>;
};

export type SortOrder =
  | 'asc'
  | 'desc';

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

/** A tag; the slug defaults to the name, lower-cased with dashes. */
export type TagCreateInput = {
  name: string;
  slug?: string | null | undefined;
};

export type TagUpdateInput = {
  name?: string | null | undefined;
  slug?: string | null | undefined;
};

/** A variant, or with `optionGroups` one variant per combination of options. */
export type VariantInput = {
  active?: boolean | null | undefined;
  /** One inner list of option ids per axis; creates the cartesian product (at most 500 variants). Create only: an update with it is 400 `validation_error`. */
  optionGroups?: Array<Array<string>> | null | undefined;
  optionIds?: Array<string> | null | undefined;
  position?: number | null | undefined;
  priceGross?: number | null | undefined;
  priceNet?: number | null | undefined;
  sku?: string | null | undefined;
  stock?: number | null | undefined;
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

export type AdminAttributeRowFragment = { id: string, identifier: string, type: string, unit: string | null, required: boolean, filterable: boolean, position: number, translations: Array<{ locale: string, name: string, description: string | null }>, options: Array<{ id: string, position: number, translations: Array<{ locale: string, name: string }> }> };

export type AdminAttributesQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminAttributesQuery = { attributes: Array<{ id: string, identifier: string, type: string, unit: string | null, required: boolean, filterable: boolean, position: number, translations: Array<{ locale: string, name: string, description: string | null }>, options: Array<{ id: string, position: number, translations: Array<{ locale: string, name: string }> }> }> };

export type AdminAttributeQueryVariables = Exact<{
  id: string;
}>;


export type AdminAttributeQuery = { attribute: { id: string, identifier: string, type: string, unit: string | null, required: boolean, filterable: boolean, position: number, translations: Array<{ locale: string, name: string, description: string | null }>, options: Array<{ id: string, position: number, translations: Array<{ locale: string, name: string }> }> } };

export type AdminAttributeCreateMutationVariables = Exact<{
  input: AttributeInput;
}>;


export type AdminAttributeCreateMutation = { attributeCreate: { id: string } };

export type AdminAttributeUpdateMutationVariables = Exact<{
  id: string;
  input: AttributeInput;
}>;


export type AdminAttributeUpdateMutation = { attributeUpdate: { id: string } };

export type AdminAttributeDeleteMutationVariables = Exact<{
  id: string;
}>;


export type AdminAttributeDeleteMutation = { attributeDelete: boolean };

export type AdminAttributeOptionCreateMutationVariables = Exact<{
  attributeId: string;
  input: AttributeOptionInput;
}>;


export type AdminAttributeOptionCreateMutation = { attributeOptionCreate: { id: string } };

export type AdminAttributeOptionUpdateMutationVariables = Exact<{
  attributeId: string;
  optionId: string;
  input: AttributeOptionInput;
}>;


export type AdminAttributeOptionUpdateMutation = { attributeOptionUpdate: { id: string } };

export type AdminAttributeOptionDeleteMutationVariables = Exact<{
  attributeId: string;
  optionId: string;
}>;


export type AdminAttributeOptionDeleteMutation = { attributeOptionDelete: boolean };

export type AdminCategoriesQueryVariables = Exact<{
  parentId?: string | null | undefined;
  roots?: boolean | null | undefined;
  page?: number | null | undefined;
  limit?: number | null | undefined;
}>;


export type AdminCategoriesQuery = { categories: { items: Array<{ id: string, name: string, slug: string, active: boolean, parentId: string | null }>, meta: { page: number, pages: number, total: number } } };

export type AdminCategoryQueryVariables = Exact<{
  id: string;
}>;


export type AdminCategoryQuery = { category: { id: string, name: string, active: boolean, parentId: string | null, translations: Array<{ locale: string, name: string, slug: string, description: string | null }> } };

export type AdminCategoryCreateMutationVariables = Exact<{
  input: CategoryCreateInput;
}>;


export type AdminCategoryCreateMutation = { categoryCreate: { id: string } };

export type AdminCategoryUpdateMutationVariables = Exact<{
  id: string;
  input: CategoryUpdateInput;
}>;


export type AdminCategoryUpdateMutation = { categoryUpdate: { id: string } };

export type AdminCategoryDeleteMutationVariables = Exact<{
  id: string;
}>;


export type AdminCategoryDeleteMutation = { categoryDelete: boolean };

export type AdminCustomersQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  search?: string | null | undefined;
  active?: boolean | null | undefined;
}>;


export type AdminCustomersQuery = { customers: { items: Array<{ id: string, email: string, firstName: string, lastName: string, active: boolean, createdAt: string }>, meta: { page: number, pages: number, total: number, limit: number } } };

export type AdminCustomerQueryVariables = Exact<{
  id: string;
}>;


export type AdminCustomerQuery = { customer: { id: string, email: string, firstName: string, lastName: string, active: boolean, createdAt: string, defaultBillingAddressId: string | null, defaultShippingAddressId: string | null, addresses: Array<{ id: string, firstName: string, lastName: string, company: string | null, street: string, zip: string, city: string, countryCode: string, phone: string | null }> }, orders: { items: Array<{ id: string, orderNumber: string, status: OrderStatus, total: number, currency: string, createdAt: string }>, meta: { total: number } } };

export type AdminCustomerUpdateMutationVariables = Exact<{
  id: string;
  input: CustomerUpdateInput;
}>;


export type AdminCustomerUpdateMutation = { customerUpdate: { id: string, active: boolean } };

export type AdminCustomerDeleteMutationVariables = Exact<{
  id: string;
}>;


export type AdminCustomerDeleteMutation = { customerDelete: boolean };

export type AdminPluginExtensionsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminPluginExtensionsQuery = { adminPluginExtensions: Array<{ plugin: string, id: string, slot: string, label: string | null, component: { tagName: string, scriptUrl: string, integrity: string } }> };

export type AdminOrderOverviewQueryVariables = Exact<{
  todayFrom?: string | null | undefined;
  weekFrom?: string | null | undefined;
}>;


export type AdminOrderOverviewQuery = { orderOverview: { currency: string, ordersToday: number, revenueToday: number, ordersThisWeek: number, revenueThisWeek: number, ordersPending: number, ordersToShip: number, paymentsFailed: number, paymentsPending: number } };

export type AdminLowStockQueryVariables = Exact<{
  threshold?: number | null | undefined;
}>;


export type AdminLowStockQuery = { lowStock: { items: Array<{ productId: string, variantId: string | null, name: string, sku: string | null, stock: number }>, meta: { total: number } } };

export type AdminWarehouseFragment = { id: string, name: string, code: string, priority: number, active: boolean, allowNegativeStock: boolean, addressLine1: string | null, postalCode: string | null, city: string | null, country: string | null };

export type AdminWarehousesQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
}>;


export type AdminWarehousesQuery = { warehouses: { items: Array<{ id: string, name: string, code: string, priority: number, active: boolean, allowNegativeStock: boolean, addressLine1: string | null, postalCode: string | null, city: string | null, country: string | null }>, meta: { page: number, pages: number, total: number, limit: number } } };

export type AdminWarehouseQueryVariables = Exact<{
  id: string;
}>;


export type AdminWarehouseQuery = { warehouse: { id: string, name: string, code: string, priority: number, active: boolean, allowNegativeStock: boolean, addressLine1: string | null, postalCode: string | null, city: string | null, country: string | null } };

export type AdminWarehouseCreateMutationVariables = Exact<{
  input: WarehouseCreateInput;
}>;


export type AdminWarehouseCreateMutation = { warehouseCreate: { id: string } };

export type AdminWarehouseUpdateMutationVariables = Exact<{
  id: string;
  input: WarehouseUpdateInput;
}>;


export type AdminWarehouseUpdateMutation = { warehouseUpdate: { id: string, name: string, code: string, priority: number, active: boolean, allowNegativeStock: boolean, addressLine1: string | null, postalCode: string | null, city: string | null, country: string | null } };

export type AdminWarehouseDeleteMutationVariables = Exact<{
  id: string;
}>;


export type AdminWarehouseDeleteMutation = { warehouseDelete: boolean };

export type AdminStockLevelsQueryVariables = Exact<{
  warehouseId: string;
  search?: string | null | undefined;
  page?: number | null | undefined;
  limit?: number | null | undefined;
}>;


export type AdminStockLevelsQuery = { stockLevels: { items: Array<{ id: string, productId: string, variantId: string | null, productName: string, productSku: string, variantSku: string, quantity: number, updatedAt: string }>, meta: { page: number, pages: number, total: number, limit: number } } };

export type AdminStockSetMutationVariables = Exact<{
  warehouseId: string;
  input: StockSetInput;
}>;


export type AdminStockSetMutation = { warehouseStockSet: Array<{ id: string, quantity: number }> };

export type AdminStockTargetQueryVariables = Exact<{
  search: string;
}>;


export type AdminStockTargetQuery = { products: { items: Array<{ id: string, sku: string | null, hasVariants: boolean, translations: Array<{ locale: string, name: string }>, variants: Array<{ id: string, sku: string | null }> }> } };

export type AdminStockMovementsQueryVariables = Exact<{
  warehouseId?: string | null | undefined;
  sku?: string | null | undefined;
  type?: StockMovementType | null | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
  page?: number | null | undefined;
  limit?: number | null | undefined;
}>;


export type AdminStockMovementsQuery = { stockMovements: { items: Array<{ id: string, type: StockMovementType, quantity: number, reference: string | null, warehouseId: string | null, warehouseName: string | null, productId: string | null, productName: string | null, sku: string | null, orderId: string | null, createdAt: string }>, meta: { page: number, pages: number, total: number, limit: number } } };

export type AdminMediaUploadMutationVariables = Exact<{
  input: MediaUploadInput;
}>;


export type AdminMediaUploadMutation = { mediaUpload: { id: string, url: string, filename: string } };

export type AdminMediaDeleteMutationVariables = Exact<{
  id: string;
}>;


export type AdminMediaDeleteMutation = { mediaDelete: boolean };

export type AdminOrdersQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  search?: string | null | undefined;
  status?: OrderStatus | null | undefined;
  sort?: OrderSortField | null | undefined;
  order?: SortOrder | null | undefined;
}>;


export type AdminOrdersQuery = { orders: { items: Array<{ id: string, orderNumber: string, email: string, status: OrderStatus, total: number, currency: string, createdAt: string, isGuestOrder: boolean }>, meta: { page: number, pages: number, total: number, limit: number } } };

export type AdminOrderDetailFragment = { id: string, orderNumber: string, status: OrderStatus, nextStatuses: Array<OrderStatus>, email: string, currency: string, customerId: string | null, isGuestOrder: boolean, subtotalGross: number, shippingGross: number, discountTotal: number, discountCode: string | null, taxTotal: number, total: number, notes: string | null, billingAddress: unknown, shippingAddress: unknown, paymentReference: string | null, paymentMethodId: string | null, createdAt: string, items: Array<{ id: string, name: string, sku: string | null, quantity: number, unitPriceGross: number, totalGross: number }>, statusHistory: Array<{ fromStatus: OrderStatus | null, toStatus: OrderStatus, comment: string | null, createdAt: string }> };

export type AdminOrderQueryVariables = Exact<{
  id: string;
}>;


export type AdminOrderQuery = { order: { id: string, orderNumber: string, status: OrderStatus, nextStatuses: Array<OrderStatus>, email: string, currency: string, customerId: string | null, isGuestOrder: boolean, subtotalGross: number, shippingGross: number, discountTotal: number, discountCode: string | null, taxTotal: number, total: number, notes: string | null, billingAddress: unknown, shippingAddress: unknown, paymentReference: string | null, paymentMethodId: string | null, createdAt: string, items: Array<{ id: string, name: string, sku: string | null, quantity: number, unitPriceGross: number, totalGross: number }>, statusHistory: Array<{ fromStatus: OrderStatus | null, toStatus: OrderStatus, comment: string | null, createdAt: string }> }, orderTransactions: Array<{ id: string, provider: string, providerReference: string, status: PaymentTransactionStatus, amount: number, currency: string, createdAt: string, capturedAt: string | null, refundedAt: string | null, failureReason: string | null }> };

export type AdminOrderStatusUpdateMutationVariables = Exact<{
  id: string;
  input: OrderStatusInput;
}>;


export type AdminOrderStatusUpdateMutation = { orderStatusUpdate: { id: string, orderNumber: string, status: OrderStatus, nextStatuses: Array<OrderStatus>, email: string, currency: string, customerId: string | null, isGuestOrder: boolean, subtotalGross: number, shippingGross: number, discountTotal: number, discountCode: string | null, taxTotal: number, total: number, notes: string | null, billingAddress: unknown, shippingAddress: unknown, paymentReference: string | null, paymentMethodId: string | null, createdAt: string, items: Array<{ id: string, name: string, sku: string | null, quantity: number, unitPriceGross: number, totalGross: number }>, statusHistory: Array<{ fromStatus: OrderStatus | null, toStatus: OrderStatus, comment: string | null, createdAt: string }> } };

export type AdminPayprovPaymentFragment = { transactionId: string, paymentIntentId: string, status: string, providerStatus: string | null, amount: number, currency: string, amountRefunded: number, refundable: number, canCapture: boolean, canCancel: boolean, authorizationExpiresAt: string | null, capturedAt: string | null, cancelledAt: string | null, refundedAt: string | null, failureReason: string | null, refunds: Array<{ id: string, amount: number, status: string, createdAt: string }> };

export type AdminPayprovLinkFragment = { id: string, status: string, paymentIntentId: string, amount: number, currency: string, expiresAt: string, createdAt: string };

export type AdminOrderPaymentsQueryVariables = Exact<{
  orderId: string;
}>;


export type AdminOrderPaymentsQuery = { payprovOrderPayments: { canCreateLink: boolean, payments: Array<{ transactionId: string, paymentIntentId: string, status: string, providerStatus: string | null, amount: number, currency: string, amountRefunded: number, refundable: number, canCapture: boolean, canCancel: boolean, authorizationExpiresAt: string | null, capturedAt: string | null, cancelledAt: string | null, refundedAt: string | null, failureReason: string | null, refunds: Array<{ id: string, amount: number, status: string, createdAt: string }> }>, links: Array<{ id: string, status: string, paymentIntentId: string, amount: number, currency: string, expiresAt: string, createdAt: string }> } };

export type AdminPaymentCaptureMutationVariables = Exact<{
  paymentIntentId: string;
}>;


export type AdminPaymentCaptureMutation = { payprovCapturePayment: { transactionId: string, paymentIntentId: string, status: string, providerStatus: string | null, amount: number, currency: string, amountRefunded: number, refundable: number, canCapture: boolean, canCancel: boolean, authorizationExpiresAt: string | null, capturedAt: string | null, cancelledAt: string | null, refundedAt: string | null, failureReason: string | null, refunds: Array<{ id: string, amount: number, status: string, createdAt: string }> } };

export type AdminPaymentCancelMutationVariables = Exact<{
  paymentIntentId: string;
}>;


export type AdminPaymentCancelMutation = { payprovCancelPayment: { transactionId: string, paymentIntentId: string, status: string, providerStatus: string | null, amount: number, currency: string, amountRefunded: number, refundable: number, canCapture: boolean, canCancel: boolean, authorizationExpiresAt: string | null, capturedAt: string | null, cancelledAt: string | null, refundedAt: string | null, failureReason: string | null, refunds: Array<{ id: string, amount: number, status: string, createdAt: string }> } };

export type AdminPaymentRefundMutationVariables = Exact<{
  paymentIntentId: string;
  amount?: number | null | undefined;
}>;


export type AdminPaymentRefundMutation = { payprovRefundPayment: { transactionId: string, paymentIntentId: string, status: string, providerStatus: string | null, amount: number, currency: string, amountRefunded: number, refundable: number, canCapture: boolean, canCancel: boolean, authorizationExpiresAt: string | null, capturedAt: string | null, cancelledAt: string | null, refundedAt: string | null, failureReason: string | null, refunds: Array<{ id: string, amount: number, status: string, createdAt: string }> } };

export type AdminCardPaymentMethodsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminCardPaymentMethodsQuery = { paymentMethods: { items: Array<{ id: string, provider: string }> } };

export type AdminPaymentLinkCreateMutationVariables = Exact<{
  orderId: string;
  paymentMethodId?: string | null | undefined;
}>;


export type AdminPaymentLinkCreateMutation = { payprovCreateOrderPaymentLink: { paymentUrl: string, link: { id: string, status: string, paymentIntentId: string, amount: number, currency: string, expiresAt: string, createdAt: string } } };

export type AdminProductRowFragment = { id: string, active: boolean, sku: string | null, priceGross: number | null, currency: string, stock: number, hasVariants: boolean, updatedAt: string, translations: Array<{ locale: string, name: string, slug: string }> };

export type AdminProductsQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  search?: string | null | undefined;
  sort?: ProductSort | null | undefined;
  order?: SortOrder | null | undefined;
  active?: boolean | null | undefined;
}>;


export type AdminProductsQuery = { products: { items: Array<{ id: string, active: boolean, sku: string | null, priceGross: number | null, currency: string, stock: number, hasVariants: boolean, updatedAt: string, translations: Array<{ locale: string, name: string, slug: string }> }>, meta: { page: number, pages: number, total: number, limit: number } } };

export type AdminProductQueryVariables = Exact<{
  id: string;
}>;


export type AdminProductQuery = { product: { priceNet: number | null, weight: number | null, categories: Array<string>, tags: Array<string>, id: string, active: boolean, sku: string | null, priceGross: number | null, currency: string, stock: number, hasVariants: boolean, updatedAt: string, translations: Array<{ locale: string, name: string, slug: string, description: string | null, metaTitle: string | null, metaDescription: string | null }>, media: Array<{ mediaId: string, position: number, url: string }>, attributes: Array<{ attributeId: string, type: string, optionId: string | null, optionIds: Array<string>, valueBoolean: boolean | null, valueNumeric: number | null, valueText: string | null }>, variants: Array<{ id: string, sku: string | null, priceGross: number | null, priceNet: number | null, stock: number, active: boolean, position: number, options: Array<{ id: string, propertyGroupIdentifier: string, translations: Array<{ locale: string, name: string }> }> }> } };

export type AdminProductCreateMutationVariables = Exact<{
  input: ProductCreateInput;
}>;


export type AdminProductCreateMutation = { productCreate: { id: string } };

export type AdminProductUpdateMutationVariables = Exact<{
  id: string;
  input: ProductUpdateInput;
}>;


export type AdminProductUpdateMutation = { productUpdate: { id: string, active: boolean } };

export type AdminProductDeleteMutationVariables = Exact<{
  id: string;
}>;


export type AdminProductDeleteMutation = { productDelete: boolean };

export type AdminCategoryPickQueryVariables = Exact<{
  search?: string | null | undefined;
  limit?: number | null | undefined;
}>;


export type AdminCategoryPickQuery = { categories: { items: Array<{ id: string, name: string }> } };

export type AdminCategoryNameQueryVariables = Exact<{
  id: string;
}>;


export type AdminCategoryNameQuery = { category: { id: string, name: string } };

export type AdminTagPickQueryVariables = Exact<{
  search?: string | null | undefined;
  limit?: number | null | undefined;
}>;


export type AdminTagPickQuery = { tags: { items: Array<{ id: string, name: string }> } };

export type AdminTagNameQueryVariables = Exact<{
  id: string;
}>;


export type AdminTagNameQuery = { tag: { id: string, name: string } };

export type AdminVariantCreateMutationVariables = Exact<{
  productId: string;
  input: VariantInput;
}>;


export type AdminVariantCreateMutation = { productVariantCreate: { variants: Array<{ id: string }> } };

export type AdminVariantUpdateMutationVariables = Exact<{
  productId: string;
  variantId: string;
  input: VariantInput;
}>;


export type AdminVariantUpdateMutation = { productVariantUpdate: { id: string } };

export type AdminVariantDeleteMutationVariables = Exact<{
  productId: string;
  variantId: string;
}>;


export type AdminVariantDeleteMutation = { productVariantDelete: boolean };

export type AdminProductAttributesSetMutationVariables = Exact<{
  productId: string;
  input: AttributeValuesInput;
}>;


export type AdminProductAttributesSetMutation = { productAttributesSet: Array<{ attributeId: string }> };

export type AdminProductAttributeDeleteMutationVariables = Exact<{
  productId: string;
  attributeId: string;
}>;


export type AdminProductAttributeDeleteMutation = { productAttributeDelete: boolean };

export type AdminProductImportTemplateQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminProductImportTemplateQuery = { productImportTemplate: string };

export type AdminProductsImportMutationVariables = Exact<{
  input: ProductImportInput;
}>;


export type AdminProductsImportMutation = { productsImport: { total: number, succeeded: number, failed: number, results: Array<{ index: number, success: boolean, sku: string | null, id: string | null, errors: Array<string> | null }> } };

export type AdminPropertyGroupRowFragment = { id: string, identifier: string, position: number, translations: Array<{ locale: string, name: string }>, options: Array<{ id: string, position: number, colorHex: string | null, translations: Array<{ locale: string, name: string }> }> };

export type AdminPropertyGroupsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminPropertyGroupsQuery = { propertyGroups: Array<{ id: string, identifier: string, position: number, translations: Array<{ locale: string, name: string }>, options: Array<{ id: string, position: number, colorHex: string | null, translations: Array<{ locale: string, name: string }> }> }> };

export type AdminPropertyGroupQueryVariables = Exact<{
  id: string;
}>;


export type AdminPropertyGroupQuery = { propertyGroup: { id: string, identifier: string, position: number, translations: Array<{ locale: string, name: string }>, options: Array<{ id: string, position: number, colorHex: string | null, translations: Array<{ locale: string, name: string }> }> } };

export type AdminPropertyGroupCreateMutationVariables = Exact<{
  input: PropertyGroupInput;
}>;


export type AdminPropertyGroupCreateMutation = { propertyGroupCreate: { id: string } };

export type AdminPropertyGroupUpdateMutationVariables = Exact<{
  id: string;
  input: PropertyGroupInput;
}>;


export type AdminPropertyGroupUpdateMutation = { propertyGroupUpdate: { id: string } };

export type AdminPropertyGroupDeleteMutationVariables = Exact<{
  id: string;
}>;


export type AdminPropertyGroupDeleteMutation = { propertyGroupDelete: boolean };

export type AdminPropertyOptionCreateMutationVariables = Exact<{
  groupId: string;
  input: PropertyOptionInput;
}>;


export type AdminPropertyOptionCreateMutation = { propertyOptionCreate: { id: string } };

export type AdminPropertyOptionUpdateMutationVariables = Exact<{
  groupId: string;
  optionId: string;
  input: PropertyOptionInput;
}>;


export type AdminPropertyOptionUpdateMutation = { propertyOptionUpdate: { id: string } };

export type AdminPropertyOptionDeleteMutationVariables = Exact<{
  groupId: string;
  optionId: string;
}>;


export type AdminPropertyOptionDeleteMutation = { propertyOptionDelete: boolean };

export type AdminLoginMutationVariables = Exact<{
  input: LoginInput;
}>;


export type AdminLoginMutation = { login: { expiresIn: number } };

export type AdminLogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type AdminLogoutMutation = { logout: { message: string } };

export type AdminViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminViewerQuery = { viewer: { kind: string, id: string, email: string | null, role: string, permissions: Array<string> } | null };

export type AdminStockWarehousesQueryVariables = Exact<{
  active?: boolean | null | undefined;
  limit?: number | null | undefined;
}>;


export type AdminStockWarehousesQuery = { warehouses: { items: Array<{ id: string, name: string, code: string, priority: number }>, meta: { total: number } } };

export type AdminProductStockQueryVariables = Exact<{
  productId: string;
}>;


export type AdminProductStockQuery = { productStock: Array<{ id: string, warehouseId: string, variantId: string | null, quantity: number }> };

export type AdminTagsQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  search?: string | null | undefined;
}>;


export type AdminTagsQuery = { tags: { items: Array<{ id: string, name: string, slug: string }>, meta: { page: number, pages: number, total: number } } };

export type AdminTagQueryVariables = Exact<{
  id: string;
}>;


export type AdminTagQuery = { tag: { id: string, name: string, slug: string } };

export type AdminTagCreateMutationVariables = Exact<{
  input: TagCreateInput;
}>;


export type AdminTagCreateMutation = { tagCreate: { id: string } };

export type AdminTagUpdateMutationVariables = Exact<{
  id: string;
  input: TagUpdateInput;
}>;


export type AdminTagUpdateMutation = { tagUpdate: { id: string } };

export type AdminTagDeleteMutationVariables = Exact<{
  id: string;
}>;


export type AdminTagDeleteMutation = { tagDelete: boolean };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const AdminAttributeRowFragmentDoc = new TypedDocumentString(`
    fragment AdminAttributeRow on Attribute {
  id
  identifier
  type
  unit
  required
  filterable
  position
  translations {
    locale
    name
    description
  }
  options {
    id
    position
    translations {
      locale
      name
    }
  }
}
    `, {"fragmentName":"AdminAttributeRow"}) as unknown as TypedDocumentString<AdminAttributeRowFragment, unknown>;
export const AdminWarehouseFragmentDoc = new TypedDocumentString(`
    fragment AdminWarehouse on Warehouse {
  id
  name
  code
  priority
  active
  allowNegativeStock
  addressLine1
  postalCode
  city
  country
}
    `, {"fragmentName":"AdminWarehouse"}) as unknown as TypedDocumentString<AdminWarehouseFragment, unknown>;
export const AdminOrderDetailFragmentDoc = new TypedDocumentString(`
    fragment AdminOrderDetail on Order {
  id
  orderNumber
  status
  nextStatuses
  email
  currency
  customerId
  isGuestOrder
  subtotalGross
  shippingGross
  discountTotal
  discountCode
  taxTotal
  total
  notes
  billingAddress
  shippingAddress
  paymentReference
  paymentMethodId
  createdAt
  items {
    id
    name
    sku
    quantity
    unitPriceGross
    totalGross
  }
  statusHistory {
    fromStatus
    toStatus
    comment
    createdAt
  }
}
    `, {"fragmentName":"AdminOrderDetail"}) as unknown as TypedDocumentString<AdminOrderDetailFragment, unknown>;
export const AdminPayprovPaymentFragmentDoc = new TypedDocumentString(`
    fragment AdminPayprovPayment on PayprovOrderPayment {
  transactionId
  paymentIntentId
  status
  providerStatus
  amount
  currency
  amountRefunded
  refundable
  canCapture
  canCancel
  authorizationExpiresAt
  capturedAt
  cancelledAt
  refundedAt
  failureReason
  refunds {
    id
    amount
    status
    createdAt
  }
}
    `, {"fragmentName":"AdminPayprovPayment"}) as unknown as TypedDocumentString<AdminPayprovPaymentFragment, unknown>;
export const AdminPayprovLinkFragmentDoc = new TypedDocumentString(`
    fragment AdminPayprovLink on PayprovOrderLink {
  id
  status
  paymentIntentId
  amount
  currency
  expiresAt
  createdAt
}
    `, {"fragmentName":"AdminPayprovLink"}) as unknown as TypedDocumentString<AdminPayprovLinkFragment, unknown>;
export const AdminProductRowFragmentDoc = new TypedDocumentString(`
    fragment AdminProductRow on Product {
  id
  active
  sku
  priceGross
  currency
  stock
  hasVariants
  updatedAt
  translations {
    locale
    name
    slug
  }
}
    `, {"fragmentName":"AdminProductRow"}) as unknown as TypedDocumentString<AdminProductRowFragment, unknown>;
export const AdminPropertyGroupRowFragmentDoc = new TypedDocumentString(`
    fragment AdminPropertyGroupRow on PropertyGroup {
  id
  identifier
  position
  translations {
    locale
    name
  }
  options {
    id
    position
    colorHex
    translations {
      locale
      name
    }
  }
}
    `, {"fragmentName":"AdminPropertyGroupRow"}) as unknown as TypedDocumentString<AdminPropertyGroupRowFragment, unknown>;
export const AdminAttributesDocument = new TypedDocumentString(`
    query AdminAttributes {
  attributes {
    ...AdminAttributeRow
  }
}
    fragment AdminAttributeRow on Attribute {
  id
  identifier
  type
  unit
  required
  filterable
  position
  translations {
    locale
    name
    description
  }
  options {
    id
    position
    translations {
      locale
      name
    }
  }
}`) as unknown as TypedDocumentString<AdminAttributesQuery, AdminAttributesQueryVariables>;
export const AdminAttributeDocument = new TypedDocumentString(`
    query AdminAttribute($id: UUID!) {
  attribute(id: $id) {
    ...AdminAttributeRow
  }
}
    fragment AdminAttributeRow on Attribute {
  id
  identifier
  type
  unit
  required
  filterable
  position
  translations {
    locale
    name
    description
  }
  options {
    id
    position
    translations {
      locale
      name
    }
  }
}`) as unknown as TypedDocumentString<AdminAttributeQuery, AdminAttributeQueryVariables>;
export const AdminAttributeCreateDocument = new TypedDocumentString(`
    mutation AdminAttributeCreate($input: AttributeInput!) {
  attributeCreate(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<AdminAttributeCreateMutation, AdminAttributeCreateMutationVariables>;
export const AdminAttributeUpdateDocument = new TypedDocumentString(`
    mutation AdminAttributeUpdate($id: UUID!, $input: AttributeInput!) {
  attributeUpdate(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<AdminAttributeUpdateMutation, AdminAttributeUpdateMutationVariables>;
export const AdminAttributeDeleteDocument = new TypedDocumentString(`
    mutation AdminAttributeDelete($id: UUID!) {
  attributeDelete(id: $id)
}
    `) as unknown as TypedDocumentString<AdminAttributeDeleteMutation, AdminAttributeDeleteMutationVariables>;
export const AdminAttributeOptionCreateDocument = new TypedDocumentString(`
    mutation AdminAttributeOptionCreate($attributeId: UUID!, $input: AttributeOptionInput!) {
  attributeOptionCreate(attributeId: $attributeId, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<AdminAttributeOptionCreateMutation, AdminAttributeOptionCreateMutationVariables>;
export const AdminAttributeOptionUpdateDocument = new TypedDocumentString(`
    mutation AdminAttributeOptionUpdate($attributeId: UUID!, $optionId: UUID!, $input: AttributeOptionInput!) {
  attributeOptionUpdate(
    attributeId: $attributeId
    optionId: $optionId
    input: $input
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<AdminAttributeOptionUpdateMutation, AdminAttributeOptionUpdateMutationVariables>;
export const AdminAttributeOptionDeleteDocument = new TypedDocumentString(`
    mutation AdminAttributeOptionDelete($attributeId: UUID!, $optionId: UUID!) {
  attributeOptionDelete(attributeId: $attributeId, optionId: $optionId)
}
    `) as unknown as TypedDocumentString<AdminAttributeOptionDeleteMutation, AdminAttributeOptionDeleteMutationVariables>;
export const AdminCategoriesDocument = new TypedDocumentString(`
    query AdminCategories($parentId: UUID, $roots: Boolean, $page: Int, $limit: Int) {
  categories(parentId: $parentId, roots: $roots, page: $page, limit: $limit) {
    items {
      id
      name
      slug
      active
      parentId
    }
    meta {
      page
      pages
      total
    }
  }
}
    `) as unknown as TypedDocumentString<AdminCategoriesQuery, AdminCategoriesQueryVariables>;
export const AdminCategoryDocument = new TypedDocumentString(`
    query AdminCategory($id: UUID!) {
  category(id: $id) {
    id
    name
    active
    parentId
    translations {
      locale
      name
      slug
      description
    }
  }
}
    `) as unknown as TypedDocumentString<AdminCategoryQuery, AdminCategoryQueryVariables>;
export const AdminCategoryCreateDocument = new TypedDocumentString(`
    mutation AdminCategoryCreate($input: CategoryCreateInput!) {
  categoryCreate(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<AdminCategoryCreateMutation, AdminCategoryCreateMutationVariables>;
export const AdminCategoryUpdateDocument = new TypedDocumentString(`
    mutation AdminCategoryUpdate($id: UUID!, $input: CategoryUpdateInput!) {
  categoryUpdate(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<AdminCategoryUpdateMutation, AdminCategoryUpdateMutationVariables>;
export const AdminCategoryDeleteDocument = new TypedDocumentString(`
    mutation AdminCategoryDelete($id: UUID!) {
  categoryDelete(id: $id)
}
    `) as unknown as TypedDocumentString<AdminCategoryDeleteMutation, AdminCategoryDeleteMutationVariables>;
export const AdminCustomersDocument = new TypedDocumentString(`
    query AdminCustomers($page: Int, $limit: Int, $search: String, $active: Boolean) {
  customers(page: $page, limit: $limit, search: $search, active: $active) {
    items {
      id
      email
      firstName
      lastName
      active
      createdAt
    }
    meta {
      page
      pages
      total
      limit
    }
  }
}
    `) as unknown as TypedDocumentString<AdminCustomersQuery, AdminCustomersQueryVariables>;
export const AdminCustomerDocument = new TypedDocumentString(`
    query AdminCustomer($id: UUID!) {
  customer(id: $id) {
    id
    email
    firstName
    lastName
    active
    createdAt
    defaultBillingAddressId
    defaultShippingAddressId
    addresses {
      id
      firstName
      lastName
      company
      street
      zip
      city
      countryCode
      phone
    }
  }
  orders(customerId: $id, limit: 10, sort: created_at, order: desc) {
    items {
      id
      orderNumber
      status
      total
      currency
      createdAt
    }
    meta {
      total
    }
  }
}
    `) as unknown as TypedDocumentString<AdminCustomerQuery, AdminCustomerQueryVariables>;
export const AdminCustomerUpdateDocument = new TypedDocumentString(`
    mutation AdminCustomerUpdate($id: UUID!, $input: CustomerUpdateInput!) {
  customerUpdate(id: $id, input: $input) {
    id
    active
  }
}
    `) as unknown as TypedDocumentString<AdminCustomerUpdateMutation, AdminCustomerUpdateMutationVariables>;
export const AdminCustomerDeleteDocument = new TypedDocumentString(`
    mutation AdminCustomerDelete($id: UUID!) {
  customerDelete(id: $id)
}
    `) as unknown as TypedDocumentString<AdminCustomerDeleteMutation, AdminCustomerDeleteMutationVariables>;
export const AdminPluginExtensionsDocument = new TypedDocumentString(`
    query AdminPluginExtensions {
  adminPluginExtensions {
    plugin
    id
    slot
    label
    component {
      tagName
      scriptUrl
      integrity
    }
  }
}
    `) as unknown as TypedDocumentString<AdminPluginExtensionsQuery, AdminPluginExtensionsQueryVariables>;
export const AdminOrderOverviewDocument = new TypedDocumentString(`
    query AdminOrderOverview($todayFrom: DateTime, $weekFrom: DateTime) {
  orderOverview(todayFrom: $todayFrom, weekFrom: $weekFrom) {
    currency
    ordersToday
    revenueToday
    ordersThisWeek
    revenueThisWeek
    ordersPending
    ordersToShip
    paymentsFailed
    paymentsPending
  }
}
    `) as unknown as TypedDocumentString<AdminOrderOverviewQuery, AdminOrderOverviewQueryVariables>;
export const AdminLowStockDocument = new TypedDocumentString(`
    query AdminLowStock($threshold: Int) {
  lowStock(threshold: $threshold, limit: 10) {
    items {
      productId
      variantId
      name
      sku
      stock
    }
    meta {
      total
    }
  }
}
    `) as unknown as TypedDocumentString<AdminLowStockQuery, AdminLowStockQueryVariables>;
export const AdminWarehousesDocument = new TypedDocumentString(`
    query AdminWarehouses($page: Int, $limit: Int) {
  warehouses(page: $page, limit: $limit) {
    items {
      ...AdminWarehouse
    }
    meta {
      page
      pages
      total
      limit
    }
  }
}
    fragment AdminWarehouse on Warehouse {
  id
  name
  code
  priority
  active
  allowNegativeStock
  addressLine1
  postalCode
  city
  country
}`) as unknown as TypedDocumentString<AdminWarehousesQuery, AdminWarehousesQueryVariables>;
export const AdminWarehouseDocument = new TypedDocumentString(`
    query AdminWarehouse($id: UUID!) {
  warehouse(id: $id) {
    ...AdminWarehouse
  }
}
    fragment AdminWarehouse on Warehouse {
  id
  name
  code
  priority
  active
  allowNegativeStock
  addressLine1
  postalCode
  city
  country
}`) as unknown as TypedDocumentString<AdminWarehouseQuery, AdminWarehouseQueryVariables>;
export const AdminWarehouseCreateDocument = new TypedDocumentString(`
    mutation AdminWarehouseCreate($input: WarehouseCreateInput!) {
  warehouseCreate(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<AdminWarehouseCreateMutation, AdminWarehouseCreateMutationVariables>;
export const AdminWarehouseUpdateDocument = new TypedDocumentString(`
    mutation AdminWarehouseUpdate($id: UUID!, $input: WarehouseUpdateInput!) {
  warehouseUpdate(id: $id, input: $input) {
    ...AdminWarehouse
  }
}
    fragment AdminWarehouse on Warehouse {
  id
  name
  code
  priority
  active
  allowNegativeStock
  addressLine1
  postalCode
  city
  country
}`) as unknown as TypedDocumentString<AdminWarehouseUpdateMutation, AdminWarehouseUpdateMutationVariables>;
export const AdminWarehouseDeleteDocument = new TypedDocumentString(`
    mutation AdminWarehouseDelete($id: UUID!) {
  warehouseDelete(id: $id)
}
    `) as unknown as TypedDocumentString<AdminWarehouseDeleteMutation, AdminWarehouseDeleteMutationVariables>;
export const AdminStockLevelsDocument = new TypedDocumentString(`
    query AdminStockLevels($warehouseId: UUID!, $search: String, $page: Int, $limit: Int) {
  stockLevels(
    warehouseId: $warehouseId
    search: $search
    page: $page
    limit: $limit
  ) {
    items {
      id
      productId
      variantId
      productName
      productSku
      variantSku
      quantity
      updatedAt
    }
    meta {
      page
      pages
      total
      limit
    }
  }
}
    `) as unknown as TypedDocumentString<AdminStockLevelsQuery, AdminStockLevelsQueryVariables>;
export const AdminStockSetDocument = new TypedDocumentString(`
    mutation AdminStockSet($warehouseId: UUID!, $input: StockSetInput!) {
  warehouseStockSet(warehouseId: $warehouseId, input: $input) {
    id
    quantity
  }
}
    `) as unknown as TypedDocumentString<AdminStockSetMutation, AdminStockSetMutationVariables>;
export const AdminStockTargetDocument = new TypedDocumentString(`
    query AdminStockTarget($search: String!) {
  products(search: $search, limit: 10) {
    items {
      id
      sku
      hasVariants
      translations {
        locale
        name
      }
      variants {
        id
        sku
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AdminStockTargetQuery, AdminStockTargetQueryVariables>;
export const AdminStockMovementsDocument = new TypedDocumentString(`
    query AdminStockMovements($warehouseId: UUID, $sku: String, $type: StockMovementType, $from: DateTime, $to: DateTime, $page: Int, $limit: Int) {
  stockMovements(
    warehouseId: $warehouseId
    sku: $sku
    type: $type
    from: $from
    to: $to
    page: $page
    limit: $limit
  ) {
    items {
      id
      type
      quantity
      reference
      warehouseId
      warehouseName
      productId
      productName
      sku
      orderId
      createdAt
    }
    meta {
      page
      pages
      total
      limit
    }
  }
}
    `) as unknown as TypedDocumentString<AdminStockMovementsQuery, AdminStockMovementsQueryVariables>;
export const AdminMediaUploadDocument = new TypedDocumentString(`
    mutation AdminMediaUpload($input: MediaUploadInput!) {
  mediaUpload(input: $input) {
    id
    url
    filename
  }
}
    `) as unknown as TypedDocumentString<AdminMediaUploadMutation, AdminMediaUploadMutationVariables>;
export const AdminMediaDeleteDocument = new TypedDocumentString(`
    mutation AdminMediaDelete($id: UUID!) {
  mediaDelete(id: $id)
}
    `) as unknown as TypedDocumentString<AdminMediaDeleteMutation, AdminMediaDeleteMutationVariables>;
export const AdminOrdersDocument = new TypedDocumentString(`
    query AdminOrders($page: Int, $limit: Int, $search: String, $status: OrderStatus, $sort: OrderSortField, $order: SortOrder) {
  orders(
    page: $page
    limit: $limit
    search: $search
    status: $status
    sort: $sort
    order: $order
  ) {
    items {
      id
      orderNumber
      email
      status
      total
      currency
      createdAt
      isGuestOrder
    }
    meta {
      page
      pages
      total
      limit
    }
  }
}
    `) as unknown as TypedDocumentString<AdminOrdersQuery, AdminOrdersQueryVariables>;
export const AdminOrderDocument = new TypedDocumentString(`
    query AdminOrder($id: UUID!) {
  order(id: $id) {
    ...AdminOrderDetail
  }
  orderTransactions(orderId: $id) {
    id
    provider
    providerReference
    status
    amount
    currency
    createdAt
    capturedAt
    refundedAt
    failureReason
  }
}
    fragment AdminOrderDetail on Order {
  id
  orderNumber
  status
  nextStatuses
  email
  currency
  customerId
  isGuestOrder
  subtotalGross
  shippingGross
  discountTotal
  discountCode
  taxTotal
  total
  notes
  billingAddress
  shippingAddress
  paymentReference
  paymentMethodId
  createdAt
  items {
    id
    name
    sku
    quantity
    unitPriceGross
    totalGross
  }
  statusHistory {
    fromStatus
    toStatus
    comment
    createdAt
  }
}`) as unknown as TypedDocumentString<AdminOrderQuery, AdminOrderQueryVariables>;
export const AdminOrderStatusUpdateDocument = new TypedDocumentString(`
    mutation AdminOrderStatusUpdate($id: UUID!, $input: OrderStatusInput!) {
  orderStatusUpdate(id: $id, input: $input) {
    ...AdminOrderDetail
  }
}
    fragment AdminOrderDetail on Order {
  id
  orderNumber
  status
  nextStatuses
  email
  currency
  customerId
  isGuestOrder
  subtotalGross
  shippingGross
  discountTotal
  discountCode
  taxTotal
  total
  notes
  billingAddress
  shippingAddress
  paymentReference
  paymentMethodId
  createdAt
  items {
    id
    name
    sku
    quantity
    unitPriceGross
    totalGross
  }
  statusHistory {
    fromStatus
    toStatus
    comment
    createdAt
  }
}`) as unknown as TypedDocumentString<AdminOrderStatusUpdateMutation, AdminOrderStatusUpdateMutationVariables>;
export const AdminOrderPaymentsDocument = new TypedDocumentString(`
    query AdminOrderPayments($orderId: UUID!) {
  payprovOrderPayments(orderId: $orderId) {
    payments {
      ...AdminPayprovPayment
    }
    links {
      ...AdminPayprovLink
    }
    canCreateLink
  }
}
    fragment AdminPayprovPayment on PayprovOrderPayment {
  transactionId
  paymentIntentId
  status
  providerStatus
  amount
  currency
  amountRefunded
  refundable
  canCapture
  canCancel
  authorizationExpiresAt
  capturedAt
  cancelledAt
  refundedAt
  failureReason
  refunds {
    id
    amount
    status
    createdAt
  }
}
fragment AdminPayprovLink on PayprovOrderLink {
  id
  status
  paymentIntentId
  amount
  currency
  expiresAt
  createdAt
}`) as unknown as TypedDocumentString<AdminOrderPaymentsQuery, AdminOrderPaymentsQueryVariables>;
export const AdminPaymentCaptureDocument = new TypedDocumentString(`
    mutation AdminPaymentCapture($paymentIntentId: String!) {
  payprovCapturePayment(paymentIntentId: $paymentIntentId) {
    ...AdminPayprovPayment
  }
}
    fragment AdminPayprovPayment on PayprovOrderPayment {
  transactionId
  paymentIntentId
  status
  providerStatus
  amount
  currency
  amountRefunded
  refundable
  canCapture
  canCancel
  authorizationExpiresAt
  capturedAt
  cancelledAt
  refundedAt
  failureReason
  refunds {
    id
    amount
    status
    createdAt
  }
}`) as unknown as TypedDocumentString<AdminPaymentCaptureMutation, AdminPaymentCaptureMutationVariables>;
export const AdminPaymentCancelDocument = new TypedDocumentString(`
    mutation AdminPaymentCancel($paymentIntentId: String!) {
  payprovCancelPayment(paymentIntentId: $paymentIntentId) {
    ...AdminPayprovPayment
  }
}
    fragment AdminPayprovPayment on PayprovOrderPayment {
  transactionId
  paymentIntentId
  status
  providerStatus
  amount
  currency
  amountRefunded
  refundable
  canCapture
  canCancel
  authorizationExpiresAt
  capturedAt
  cancelledAt
  refundedAt
  failureReason
  refunds {
    id
    amount
    status
    createdAt
  }
}`) as unknown as TypedDocumentString<AdminPaymentCancelMutation, AdminPaymentCancelMutationVariables>;
export const AdminPaymentRefundDocument = new TypedDocumentString(`
    mutation AdminPaymentRefund($paymentIntentId: String!, $amount: Int) {
  payprovRefundPayment(paymentIntentId: $paymentIntentId, amount: $amount) {
    ...AdminPayprovPayment
  }
}
    fragment AdminPayprovPayment on PayprovOrderPayment {
  transactionId
  paymentIntentId
  status
  providerStatus
  amount
  currency
  amountRefunded
  refundable
  canCapture
  canCancel
  authorizationExpiresAt
  capturedAt
  cancelledAt
  refundedAt
  failureReason
  refunds {
    id
    amount
    status
    createdAt
  }
}`) as unknown as TypedDocumentString<AdminPaymentRefundMutation, AdminPaymentRefundMutationVariables>;
export const AdminCardPaymentMethodsDocument = new TypedDocumentString(`
    query AdminCardPaymentMethods {
  paymentMethods(active: true, limit: 100) {
    items {
      id
      provider
    }
  }
}
    `) as unknown as TypedDocumentString<AdminCardPaymentMethodsQuery, AdminCardPaymentMethodsQueryVariables>;
export const AdminPaymentLinkCreateDocument = new TypedDocumentString(`
    mutation AdminPaymentLinkCreate($orderId: UUID!, $paymentMethodId: UUID) {
  payprovCreateOrderPaymentLink(
    orderId: $orderId
    paymentMethodId: $paymentMethodId
  ) {
    paymentUrl
    link {
      ...AdminPayprovLink
    }
  }
}
    fragment AdminPayprovLink on PayprovOrderLink {
  id
  status
  paymentIntentId
  amount
  currency
  expiresAt
  createdAt
}`) as unknown as TypedDocumentString<AdminPaymentLinkCreateMutation, AdminPaymentLinkCreateMutationVariables>;
export const AdminProductsDocument = new TypedDocumentString(`
    query AdminProducts($page: Int, $limit: Int, $search: String, $sort: ProductSort, $order: SortOrder, $active: Boolean) {
  products(
    page: $page
    limit: $limit
    search: $search
    sort: $sort
    order: $order
    active: $active
  ) {
    items {
      ...AdminProductRow
    }
    meta {
      page
      pages
      total
      limit
    }
  }
}
    fragment AdminProductRow on Product {
  id
  active
  sku
  priceGross
  currency
  stock
  hasVariants
  updatedAt
  translations {
    locale
    name
    slug
  }
}`) as unknown as TypedDocumentString<AdminProductsQuery, AdminProductsQueryVariables>;
export const AdminProductDocument = new TypedDocumentString(`
    query AdminProduct($id: UUID!) {
  product(id: $id) {
    ...AdminProductRow
    priceNet
    weight
    categories
    tags
    translations {
      locale
      name
      slug
      description
      metaTitle
      metaDescription
    }
    media {
      mediaId
      position
      url
    }
    attributes {
      attributeId
      type
      optionId
      optionIds
      valueBoolean
      valueNumeric
      valueText
    }
    variants {
      id
      sku
      priceGross
      priceNet
      stock
      active
      position
      options {
        id
        propertyGroupIdentifier
        translations {
          locale
          name
        }
      }
    }
  }
}
    fragment AdminProductRow on Product {
  id
  active
  sku
  priceGross
  currency
  stock
  hasVariants
  updatedAt
  translations {
    locale
    name
    slug
  }
}`) as unknown as TypedDocumentString<AdminProductQuery, AdminProductQueryVariables>;
export const AdminProductCreateDocument = new TypedDocumentString(`
    mutation AdminProductCreate($input: ProductCreateInput!) {
  productCreate(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<AdminProductCreateMutation, AdminProductCreateMutationVariables>;
export const AdminProductUpdateDocument = new TypedDocumentString(`
    mutation AdminProductUpdate($id: UUID!, $input: ProductUpdateInput!) {
  productUpdate(id: $id, input: $input) {
    id
    active
  }
}
    `) as unknown as TypedDocumentString<AdminProductUpdateMutation, AdminProductUpdateMutationVariables>;
export const AdminProductDeleteDocument = new TypedDocumentString(`
    mutation AdminProductDelete($id: UUID!) {
  productDelete(id: $id)
}
    `) as unknown as TypedDocumentString<AdminProductDeleteMutation, AdminProductDeleteMutationVariables>;
export const AdminCategoryPickDocument = new TypedDocumentString(`
    query AdminCategoryPick($search: String, $limit: Int) {
  categories(search: $search, limit: $limit) {
    items {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<AdminCategoryPickQuery, AdminCategoryPickQueryVariables>;
export const AdminCategoryNameDocument = new TypedDocumentString(`
    query AdminCategoryName($id: UUID!) {
  category(id: $id) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<AdminCategoryNameQuery, AdminCategoryNameQueryVariables>;
export const AdminTagPickDocument = new TypedDocumentString(`
    query AdminTagPick($search: String, $limit: Int) {
  tags(search: $search, limit: $limit) {
    items {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<AdminTagPickQuery, AdminTagPickQueryVariables>;
export const AdminTagNameDocument = new TypedDocumentString(`
    query AdminTagName($id: UUID!) {
  tag(id: $id) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<AdminTagNameQuery, AdminTagNameQueryVariables>;
export const AdminVariantCreateDocument = new TypedDocumentString(`
    mutation AdminVariantCreate($productId: UUID!, $input: VariantInput!) {
  productVariantCreate(productId: $productId, input: $input) {
    variants {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<AdminVariantCreateMutation, AdminVariantCreateMutationVariables>;
export const AdminVariantUpdateDocument = new TypedDocumentString(`
    mutation AdminVariantUpdate($productId: UUID!, $variantId: UUID!, $input: VariantInput!) {
  productVariantUpdate(
    productId: $productId
    variantId: $variantId
    input: $input
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<AdminVariantUpdateMutation, AdminVariantUpdateMutationVariables>;
export const AdminVariantDeleteDocument = new TypedDocumentString(`
    mutation AdminVariantDelete($productId: UUID!, $variantId: UUID!) {
  productVariantDelete(productId: $productId, variantId: $variantId)
}
    `) as unknown as TypedDocumentString<AdminVariantDeleteMutation, AdminVariantDeleteMutationVariables>;
export const AdminProductAttributesSetDocument = new TypedDocumentString(`
    mutation AdminProductAttributesSet($productId: UUID!, $input: AttributeValuesInput!) {
  productAttributesSet(productId: $productId, input: $input) {
    attributeId
  }
}
    `) as unknown as TypedDocumentString<AdminProductAttributesSetMutation, AdminProductAttributesSetMutationVariables>;
export const AdminProductAttributeDeleteDocument = new TypedDocumentString(`
    mutation AdminProductAttributeDelete($productId: UUID!, $attributeId: UUID!) {
  productAttributeDelete(productId: $productId, attributeId: $attributeId)
}
    `) as unknown as TypedDocumentString<AdminProductAttributeDeleteMutation, AdminProductAttributeDeleteMutationVariables>;
export const AdminProductImportTemplateDocument = new TypedDocumentString(`
    query AdminProductImportTemplate {
  productImportTemplate
}
    `) as unknown as TypedDocumentString<AdminProductImportTemplateQuery, AdminProductImportTemplateQueryVariables>;
export const AdminProductsImportDocument = new TypedDocumentString(`
    mutation AdminProductsImport($input: ProductImportInput!) {
  productsImport(input: $input) {
    total
    succeeded
    failed
    results {
      index
      success
      sku
      id
      errors
    }
  }
}
    `) as unknown as TypedDocumentString<AdminProductsImportMutation, AdminProductsImportMutationVariables>;
export const AdminPropertyGroupsDocument = new TypedDocumentString(`
    query AdminPropertyGroups {
  propertyGroups {
    ...AdminPropertyGroupRow
  }
}
    fragment AdminPropertyGroupRow on PropertyGroup {
  id
  identifier
  position
  translations {
    locale
    name
  }
  options {
    id
    position
    colorHex
    translations {
      locale
      name
    }
  }
}`) as unknown as TypedDocumentString<AdminPropertyGroupsQuery, AdminPropertyGroupsQueryVariables>;
export const AdminPropertyGroupDocument = new TypedDocumentString(`
    query AdminPropertyGroup($id: UUID!) {
  propertyGroup(id: $id) {
    ...AdminPropertyGroupRow
  }
}
    fragment AdminPropertyGroupRow on PropertyGroup {
  id
  identifier
  position
  translations {
    locale
    name
  }
  options {
    id
    position
    colorHex
    translations {
      locale
      name
    }
  }
}`) as unknown as TypedDocumentString<AdminPropertyGroupQuery, AdminPropertyGroupQueryVariables>;
export const AdminPropertyGroupCreateDocument = new TypedDocumentString(`
    mutation AdminPropertyGroupCreate($input: PropertyGroupInput!) {
  propertyGroupCreate(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<AdminPropertyGroupCreateMutation, AdminPropertyGroupCreateMutationVariables>;
export const AdminPropertyGroupUpdateDocument = new TypedDocumentString(`
    mutation AdminPropertyGroupUpdate($id: UUID!, $input: PropertyGroupInput!) {
  propertyGroupUpdate(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<AdminPropertyGroupUpdateMutation, AdminPropertyGroupUpdateMutationVariables>;
export const AdminPropertyGroupDeleteDocument = new TypedDocumentString(`
    mutation AdminPropertyGroupDelete($id: UUID!) {
  propertyGroupDelete(id: $id)
}
    `) as unknown as TypedDocumentString<AdminPropertyGroupDeleteMutation, AdminPropertyGroupDeleteMutationVariables>;
export const AdminPropertyOptionCreateDocument = new TypedDocumentString(`
    mutation AdminPropertyOptionCreate($groupId: UUID!, $input: PropertyOptionInput!) {
  propertyOptionCreate(groupId: $groupId, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<AdminPropertyOptionCreateMutation, AdminPropertyOptionCreateMutationVariables>;
export const AdminPropertyOptionUpdateDocument = new TypedDocumentString(`
    mutation AdminPropertyOptionUpdate($groupId: UUID!, $optionId: UUID!, $input: PropertyOptionInput!) {
  propertyOptionUpdate(groupId: $groupId, optionId: $optionId, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<AdminPropertyOptionUpdateMutation, AdminPropertyOptionUpdateMutationVariables>;
export const AdminPropertyOptionDeleteDocument = new TypedDocumentString(`
    mutation AdminPropertyOptionDelete($groupId: UUID!, $optionId: UUID!) {
  propertyOptionDelete(groupId: $groupId, optionId: $optionId)
}
    `) as unknown as TypedDocumentString<AdminPropertyOptionDeleteMutation, AdminPropertyOptionDeleteMutationVariables>;
export const AdminLoginDocument = new TypedDocumentString(`
    mutation AdminLogin($input: LoginInput!) {
  login(input: $input, cookie: true) {
    expiresIn
  }
}
    `) as unknown as TypedDocumentString<AdminLoginMutation, AdminLoginMutationVariables>;
export const AdminLogoutDocument = new TypedDocumentString(`
    mutation AdminLogout {
  logout {
    message
  }
}
    `) as unknown as TypedDocumentString<AdminLogoutMutation, AdminLogoutMutationVariables>;
export const AdminViewerDocument = new TypedDocumentString(`
    query AdminViewer {
  viewer {
    kind
    id
    email
    role
    permissions
  }
}
    `) as unknown as TypedDocumentString<AdminViewerQuery, AdminViewerQueryVariables>;
export const AdminStockWarehousesDocument = new TypedDocumentString(`
    query AdminStockWarehouses($active: Boolean, $limit: Int) {
  warehouses(active: $active, limit: $limit) {
    items {
      id
      name
      code
      priority
    }
    meta {
      total
    }
  }
}
    `) as unknown as TypedDocumentString<AdminStockWarehousesQuery, AdminStockWarehousesQueryVariables>;
export const AdminProductStockDocument = new TypedDocumentString(`
    query AdminProductStock($productId: UUID!) {
  productStock(productId: $productId) {
    id
    warehouseId
    variantId
    quantity
  }
}
    `) as unknown as TypedDocumentString<AdminProductStockQuery, AdminProductStockQueryVariables>;
export const AdminTagsDocument = new TypedDocumentString(`
    query AdminTags($page: Int, $limit: Int, $search: String) {
  tags(page: $page, limit: $limit, search: $search) {
    items {
      id
      name
      slug
    }
    meta {
      page
      pages
      total
    }
  }
}
    `) as unknown as TypedDocumentString<AdminTagsQuery, AdminTagsQueryVariables>;
export const AdminTagDocument = new TypedDocumentString(`
    query AdminTag($id: UUID!) {
  tag(id: $id) {
    id
    name
    slug
  }
}
    `) as unknown as TypedDocumentString<AdminTagQuery, AdminTagQueryVariables>;
export const AdminTagCreateDocument = new TypedDocumentString(`
    mutation AdminTagCreate($input: TagCreateInput!) {
  tagCreate(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<AdminTagCreateMutation, AdminTagCreateMutationVariables>;
export const AdminTagUpdateDocument = new TypedDocumentString(`
    mutation AdminTagUpdate($id: UUID!, $input: TagUpdateInput!) {
  tagUpdate(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<AdminTagUpdateMutation, AdminTagUpdateMutationVariables>;
export const AdminTagDeleteDocument = new TypedDocumentString(`
    mutation AdminTagDelete($id: UUID!) {
  tagDelete(id: $id)
}
    `) as unknown as TypedDocumentString<AdminTagDeleteMutation, AdminTagDeleteMutationVariables>;