import { requireCustomerId } from '../../context/actor';
import type { Ctx } from '../../context/ctx';
import { emitAfter, inTransaction } from '../../context/transaction';
import type { Prisma } from '../../generated/prisma/client';
import { normalizeEmail } from '../../platform/passwords';
import { isUniqueViolation, provided } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import { capCount, COUNT_CAP, findPage, type Page } from '../../shared/pagination';
import { diffEntities, rejectNulls } from '../../shared/updates';
import type { AccountUpdateInput, CustomerUpdateInput, RegisterInput } from './customer.inputs';
import { customerView } from './customer.view';

export interface NewCustomer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Creates a customer account, for registration and for the admin API alike: `customer.before_create` may
 * refuse it, `customer.after_create` fires after commit. Emails are stored normalized, so case variants
 * collide: 409 `email_taken`.
 */
export async function createCustomer(ctx: Ctx, input: NewCustomer) {
  const email = normalizeEmail(input.email);
  const passwordHash = await ctx.passwords.hash(input.password);
  return inTransaction(ctx, async (tx) => {
    const entity = { email, first_name: input.firstName, last_name: input.lastName, active: true };
    await tx.hooks.runBefore('customer.before_create', { entity, changes: {}, metadata: {} });
    try {
      const created = await tx.db.customer.create({
        data: { email, passwordHash, firstName: input.firstName, lastName: input.lastName },
      });
      await emitAfter(tx, 'customer.after_create', { entity: customerView(created), changes: {}, metadata: {} });
      return created;
    } catch (err) {
      throw isUniqueViolation(err)
        ? new AppError('email_taken', 'email is already registered', { field: 'email' })
        : err;
    }
  });
}

/** Admin list: `search` matches email and names (case-insensitive), `active` filters. */
export function listCustomers(ctx: Ctx, page: Page, filter: { search?: string; active?: boolean }) {
  const term = filter.search?.trim();
  const where: Prisma.CustomerWhereInput = {
    ...(filter.active === undefined ? {} : { active: filter.active }),
    ...(term
      ? {
          OR: [
            { email: { contains: term.toLowerCase() } },
            { firstName: { contains: term, mode: 'insensitive' } },
            { lastName: { contains: term, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
  const orderBy: Prisma.CustomerOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'asc' }];
  return findPage(
    page,
    (w) => ctx.db.customer.findMany({ where, orderBy, ...w }),
    // In the page's order, as the order list counts (order.service.ts): not Prisma's default id order.
    async () => capCount(await ctx.db.customer.count({ where, orderBy, take: COUNT_CAP + 1 })),
  );
}

export async function getCustomer(ctx: Ctx, id: string) {
  const customer = await ctx.db.customer.findUnique({ where: { id } });
  if (!customer) throw AppError.notFound('customer');
  return customer;
}

/** The signed-in customer's own account. */
export function getAccount(ctx: Ctx) {
  return getCustomer(ctx, requireCustomerId(ctx.actor));
}

/** Admin changes; hooks see `changes` as `{ field: { from, to } }`. */
export function updateCustomer(ctx: Ctx, id: string, input: CustomerUpdateInput) {
  rejectNulls(input, ['email', 'firstName', 'lastName', 'active', 'customFields']);
  return applyUpdate(ctx, id, { ...input, ...(input.email ? { email: normalizeEmail(input.email) } : {}) });
}

/** A customer's changes to their own account (names, default addresses, custom fields). */
export function updateAccount(ctx: Ctx, input: AccountUpdateInput) {
  rejectNulls(input, ['firstName', 'lastName', 'customFields']);
  return applyUpdate(ctx, requireCustomerId(ctx.actor), input);
}

/** Deletes a customer with their addresses, carts and keys; their orders stay, without a customer id. */
export async function deleteCustomer(ctx: Ctx, id: string): Promise<boolean> {
  await getCustomer(ctx, id);
  await ctx.db.customer.delete({ where: { id } });
  return true;
}

async function applyUpdate(ctx: Ctx, id: string, input: CustomerUpdateInput) {
  return inTransaction(ctx, async (tx) => {
    const before = await getCustomer(tx, id);
    await assertOwnAddresses(tx, id, input);
    const data = provided(input);
    const changes = diffEntities(customerView(before), customerView({ ...before, ...data } as typeof before));
    await tx.hooks.runBefore('customer.before_update', { entity: customerView(before), changes, metadata: {} });
    let updated;
    try {
      updated = await tx.db.customer.update({ where: { id }, data: data as Prisma.CustomerUpdateInput });
    } catch (err) {
      throw isUniqueViolation(err)
        ? new AppError('email_taken', 'email is already registered', { field: 'email' })
        : err;
    }
    await emitAfter(tx, 'customer.after_update', { entity: customerView(updated), changes, metadata: {} });
    return updated;
  });
}

/** Default addresses must be the customer's own (404 naming the field otherwise). */
async function assertOwnAddresses(
  ctx: Ctx,
  customerId: string,
  input: { defaultBillingAddressId?: string | null; defaultShippingAddressId?: string | null },
) {
  for (const [field, id] of [
    ['default_billing_address_id', input.defaultBillingAddressId],
    ['default_shipping_address_id', input.defaultShippingAddressId],
  ] as const) {
    if (!id) continue;
    const address = await ctx.db.customerAddress.findUnique({ where: { id }, select: { customerId: true } });
    if (address?.customerId !== customerId) throw new AppError('not_found', 'address not found', { field });
  }
}

/** Registration: the same account creation the admin API uses (its per-IP budget is the resolver's `@RateLimit`). */
export async function registerCustomer(ctx: Ctx, input: RegisterInput) {
  return createCustomer(ctx, input);
}
