import type { AdminPermission, StorePermission } from '../shared/permissions';

/**
 * Who may call a Query or Mutation field. Every root field declares one of these next to its domain
 * (`<domain>.access.ts`); shield rules are generated from them and a field without one is denied.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'admin'; permission: AdminPermission }
  | { kind: 'store'; permission?: StorePermission }
  | { kind: 'customer'; permission: StorePermission };

export type AccessTable = {
  Query?: Record<string, Access>;
  Mutation?: Record<string, Access>;
  /** Fields of object types that are narrower than the operation that returns them (`Order.guestToken`). */
  fields?: Record<string, Record<string, Access>>;
};

/** Anyone, authenticated or not (health, login, store browsing). */
export const PUBLIC: Access = { kind: 'public' };
/** Staff JWT or API key holding `permission`. */
export const admin = (permission: AdminPermission): Access => ({ kind: 'admin', permission });
/** Store surface with optional auth: guests allowed; a store API key must hold `permission` when given. */
export const store = (permission?: StorePermission): Access => ({ kind: 'store', permission });
/** A signed-in customer (JWT or customer API key holding `permission`). */
export const customer = (permission: StorePermission): Access => ({ kind: 'customer', permission });
