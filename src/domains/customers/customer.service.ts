import type { GraphQLResolveInfo } from 'graphql';

import { assertPasswordAllowed } from '../../auth/password-rules';
import { requireCustomerId } from '../../context/actor';
import type { Ctx } from '../../context/ctx';
import { flagIs, modelColumns, readPage, relationJson, selectedColumns, withDates } from '../../context/page-statement';
import { emitAfter, inTransaction } from '../../context/transaction';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import { normalizeEmail } from '../../platform/passwords';
import { isUniqueViolation, provided } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import { asInstances } from '../../shared/instances';
import { containing } from '../../shared/like';
import { type Page, pageMeta } from '../../shared/pagination';
import { listItemFields, listShowsTotal, perSelection } from '../../shared/selection-fields';
import { diffEntities, rejectNulls } from '../../shared/updates';
import { queueVerificationEmail } from './account-auth.service';
import type { AccountUpdateInput, CustomerUpdateInput, RegisterInput } from './customer.inputs';
import { Customer } from './customer.type';
import { customerView } from './customer.view';
import { requestLocale } from './request-locale';

export interface NewCustomer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The customer's language for their emails; absent: none stored (the shop's default). */
  locale?: string | null;
}

/**
 * Creates a customer account, for registration and for the admin API alike: `customer.before_create` may
 * refuse it, `customer.after_create` fires after commit. Emails are stored normalized, so case variants
 * collide: 409 `email_taken`.
 */
export async function createCustomer(
  ctx: Ctx,
  input: NewCustomer,
  opts: {
    afterCreate?: (tx: Ctx, created: { id: string; email: string; locale: string | null }) => Promise<void>;
  } = {},
) {
  const email = normalizeEmail(input.email);
  const passwordHash = await ctx.passwords.hash(input.password);
  return inTransaction(ctx, async (tx) => {
    const locale = input.locale ?? null;
    const entity = { email, first_name: input.firstName, last_name: input.lastName, active: true, locale };
    await tx.hooks.runBefore('customer.before_create', { entity, changes: {}, metadata: {} });
    try {
      const created = await tx.db.customer.create({
        data: { email, passwordHash, firstName: input.firstName, lastName: input.lastName, locale },
      });
      await opts.afterCreate?.(tx, created);
      await emitAfter(tx, 'customer.after_create', { entity: customerView(created), changes: {}, metadata: {} });
      return created;
    } catch (err) {
      throw isUniqueViolation(err)
        ? new AppError('email_taken', 'email is already registered', { field: 'email' })
        : err;
    }
  });
}

/** Every customer column but the password hash (a list never needs it), as Prisma names them. */
const { passwordHash: _hash, ...LISTED_FIELDS } = Prisma.CustomerScalarFieldEnum;
const CUSTOMER_COLUMNS = modelColumns(LISTED_FIELDS, 'c');

/** What a customer list reads: the addresses when its selection shows them, and its columns (every one if absent). */
export interface CustomerListPlan {
  addresses: boolean;
  columns?: Prisma.Sql;
  /** False when the selection shows no total: the page is not counted. */
  counted?: boolean;
}

/** What a `CustomerList` field's items select, remembered per document (D-300: only the selected columns). */
const listPlans = perSelection((info): CustomerListPlan => {
  const fields = listItemFields(info, false);
  return {
    addresses: fields.has('addresses'),
    columns: selectedColumns(LISTED_FIELDS, 'c', fields, { addresses: [], emailVerified: ['emailVerifiedAt'] }),
    counted: listShowsTotal(info, false),
  };
});
export const customerListPlan = (info: GraphQLResolveInfo) => listPlans(info, false);

/** A customer's addresses in their loader's order. */
const ADDRESSES_JSON = relationJson({
  fields: Prisma.CustomerAddressScalarFieldEnum,
  table: 'customer_addresses',
  alias: 'a',
  where: 'a.customer_id = c.id',
  order: 'a.created_at, a.id',
});

type AddressRow = Awaited<ReturnType<PrismaClient['customerAddress']['findFirstOrThrow']>>;

/**
 * Admin list: `search` matches email and names (case-insensitive, taken literally), `active` filters. One
 * statement (context/page-statement.ts, D-298) with the addresses when the plan shows them, primed into their
 * loader; was three (page, count, addresses).
 */
export async function listCustomers(
  ctx: Ctx,
  page: Page,
  filter: { search?: string; active?: boolean },
  plan: CustomerListPlan = { addresses: false },
) {
  const term = filter.search?.trim();
  const where: Prisma.Sql[] = [];
  if (filter.active !== undefined) where.push(flagIs('c.active', filter.active));
  if (term)
    where.push(Prisma.sql`(c.email LIKE ${containing(term.toLowerCase())}
      OR c.first_name ILIKE ${containing(term)} OR c.last_name ILIKE ${containing(term)})`);
  const { rows, total } = await readPage<Customer>(ctx, page, {
    table: 'customers',
    alias: 'c',
    columns: plan.columns ?? CUSTOMER_COLUMNS,
    where,
    order: Prisma.raw('c.created_at DESC, c.id ASC'),
    extras: plan.addresses ? `, ${ADDRESSES_JSON} AS "__addresses"` : '',
    plannedPerCall: !!term,
    counted: plan.counted,
  });
  const items = rows.map(({ row, extras }) => {
    if (extras.addresses)
      ctx.loaders.addressesByCustomerId.prime(
        row.id,
        withDates(extras.addresses as AddressRow[], ['createdAt', 'updatedAt']),
      );
    return row;
  });
  return { items: asInstances(Customer, items), meta: pageMeta(total, page) };
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

/** A customer's changes to their own account (names, default addresses, custom fields, locale). */
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
      // A new address is not verified: the proof was for the old one (contract §11).
      const reverify = typeof data.email === 'string' && data.email !== before.email ? { emailVerifiedAt: null } : {};
      updated = await tx.db.customer.update({
        where: { id },
        data: { ...(data as Prisma.CustomerUpdateInput), ...reverify },
      });
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

/**
 * Registration: the same account creation the admin API uses (its per-IP budget is the resolver's `@RateLimit`),
 * refusing the most common passwords, with the verification email written in the account's transaction. The
 * account's locale is the one the registration names, else the request's Accept-Language: the language the
 * person signed up in is the best guess for every later email (staff creating an account name it explicitly).
 */
export async function registerCustomer(ctx: Ctx, input: RegisterInput) {
  assertPasswordAllowed(input.password);
  const locale = input.locale ?? requestLocale(ctx);
  return createCustomer(
    ctx,
    { ...input, locale },
    { afterCreate: (tx, created) => queueVerificationEmail(tx, created) },
  );
}
