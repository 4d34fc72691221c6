import { requireCustomerId } from '../../context/actor';
import type { Ctx } from '../../context/ctx';
import { provided } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import { rejectNulls } from '../../shared/updates';
import type { AddressCreateInput, AddressUpdateInput } from './address.type';

const signedInCustomer = (ctx: Ctx) => requireCustomerId(ctx.actor);

/** The caller's own address; someone else's is 404, as if it did not exist. */
async function ownAddress(ctx: Ctx, id: string) {
  const address = await ctx.db.customerAddress.findUnique({ where: { id } });
  if (!address || address.customerId !== signedInCustomer(ctx)) throw AppError.notFound('address');
  return address;
}

export function listAddresses(ctx: Ctx) {
  return ctx.db.customerAddress.findMany({
    where: { customerId: signedInCustomer(ctx) },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

export function createAddress(ctx: Ctx, input: AddressCreateInput) {
  return ctx.db.customerAddress.create({ data: { ...input, customerId: signedInCustomer(ctx) } });
}

export async function updateAddress(ctx: Ctx, id: string, input: AddressUpdateInput) {
  rejectNulls(input, ['firstName', 'lastName', 'street', 'city', 'zip', 'countryCode']);
  await ownAddress(ctx, id);
  return ctx.db.customerAddress.update({ where: { id }, data: provided(input) as object });
}

/** Deleting a default address clears the default (the foreign key sets it to null). */
export async function deleteAddress(ctx: Ctx, id: string): Promise<boolean> {
  await ownAddress(ctx, id);
  await ctx.db.customerAddress.delete({ where: { id } });
  return true;
}
