/**
 * The permission vocabulary of contract §4 and what each role holds. Shield rules, API-key grants and the
 * permission-coverage test all read this table, so a permission exists in exactly one place.
 */

const CRUD = ['create', 'read', 'update', 'delete'] as const;
const crud = (resource: string) => CRUD.map((verb) => `${resource}.${verb}`);

export const ADMIN_PERMISSIONS = [
  ...crud('products'),
  ...crud('categories'),
  ...crud('tags'),
  ...crud('customers'),
  'orders.read',
  'orders.update',
  'inventory.read',
  'inventory.update',
  'media.create',
  'media.read',
  'media.delete',
  ...crud('discounts'),
  ...crud('shipping'),
  ...crud('payment'),
  ...crud('tax'),
  'api_keys.manage',
  'users.manage',
  'plugins.manage',
] as const;

export const STORE_PERMISSIONS = [
  'store.cart.manage',
  'store.checkout',
  'store.account.read',
  'store.account.update',
  'store.orders.read',
] as const;

export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];
export type StorePermission = (typeof STORE_PERMISSIONS)[number];
export type Permission = AdminPermission | StorePermission;

/** Staff roles: the contract's three and the read-only `viewer` (docs/decisions.md). Every role list derives from it. */
export const STAFF_ROLES = ['super_admin', 'admin', 'manager', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type Role = StaffRole | 'customer' | 'api_client';

const MANAGER_EXTRA: AdminPermission[] = [
  'products.create',
  'products.update',
  'orders.update',
  'inventory.update',
  'media.create',
  'api_keys.manage',
];

export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  super_admin: new Set(ADMIN_PERMISSIONS),
  admin: new Set(ADMIN_PERMISSIONS.filter((p) => p !== 'users.manage')),
  manager: new Set([...ADMIN_PERMISSIONS.filter((p) => p.endsWith('.read')), ...MANAGER_EXTRA]),
  // Read-only staff (an extension of the contract's three roles, docs/decisions.md): every `*.read`, no write.
  viewer: new Set(ADMIN_PERMISSIONS.filter((p) => p.endsWith('.read'))),
  customer: new Set(STORE_PERMISSIONS),
  // An API client holds exactly what its key grants; the role itself grants nothing.
  api_client: new Set(),
};

/** Expands `products.*` style grants into concrete permissions; unknown names are returned in `unknown`. */
export function expandGrants(
  grants: string[],
  universe: readonly string[],
): { permissions: Set<string>; unknown: string[] } {
  const permissions = new Set<string>();
  const unknown: string[] = [];
  for (const grant of grants) {
    if (grant.endsWith('.*')) {
      const prefix = grant.slice(0, -1);
      const matched = universe.filter((p) => p.startsWith(prefix));
      if (matched.length === 0) unknown.push(grant);
      matched.forEach((p) => permissions.add(p));
    } else if (universe.includes(grant)) {
      permissions.add(grant);
    } else {
      unknown.push(grant);
    }
  }
  return { permissions, unknown };
}

/**
 * The schema extension set on an object type some of whose fields an access table narrows (`fields` rules): code
 * that answers a selection without running its field resolvers (the compiled product lists) must leave such a
 * type to the resolvers, where shield checks each field.
 */
export const ACCESS_NARROWED = 'svcAccessNarrowed';
