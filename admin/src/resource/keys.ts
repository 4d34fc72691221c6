import type { QueryKey } from '@tanstack/react-query';

/**
 * Query keys, one root per resource, in one place: a list is `[root, 'list', variables]`, one item
 * `[root, 'detail', id]`, so invalidating `[root]` refreshes every list and item of the resource and nothing
 * else. A screen never writes a key as a literal; it asks `keys.<resource>` (TanStack's query-key factory
 * pattern, as Medusa's admin hooks use it).
 */
export function resourceKeys<TRoot extends string>(root: TRoot) {
  return {
    /** Everything of this resource: what a save or a delete invalidates. */
    all: [root] as const,
    lists: () => [root, 'list'] as const,
    list: (variables: object) => [root, 'list', variables] as const,
    details: () => [root, 'detail'] as const,
    detail: (id: string) => [root, 'detail', id] as const,
  };
}
export type ResourceKeys = ReturnType<typeof resourceKeys>;

/**
 * Every resource's keys. A new resource adds one line here; what changes another resource's answers (deleting
 * a tag changes products) is said where the resource is declared (`defineResource({ invalidates })`).
 */
export const keys = {
  apiKeys: resourceKeys('api-keys'),
  attributes: resourceKeys('attributes'),
  automationDeliveries: resourceKeys('automation-deliveries'),
  categories: resourceKeys('categories'),
  customers: resourceKeys('customers'),
  discounts: resourceKeys('discounts'),
  emails: resourceKeys('emails'),
  media: resourceKeys('media'),
  orders: resourceKeys('orders'),
  paymentMethods: resourceKeys('payment-methods'),
  plugins: resourceKeys('plugins'),
  products: resourceKeys('products'),
  propertyGroups: resourceKeys('property-groups'),
  shippingMethods: resourceKeys('shipping-methods'),
  staff: resourceKeys('staff'),
  stockLevels: resourceKeys('stock-levels'),
  stockMovements: resourceKeys('stock-movements'),
  tags: resourceKeys('tags'),
  taxRules: resourceKeys('tax-rules'),
  warehouses: resourceKeys('warehouses'),
} satisfies Record<string, ResourceKeys>;

/** The signed-in person and their permissions: not a resource, one key (cleared on sign-in and sign-out). */
export const viewerKey = ['viewer'] as const;

/** Whether `key` belongs under `prefix` (TanStack's own prefix rule, for tests and assertions). */
export const isUnder = (key: QueryKey, prefix: QueryKey): boolean =>
  prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));
