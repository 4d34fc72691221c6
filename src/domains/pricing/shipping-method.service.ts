import type { Ctx } from '../../context/ctx';
import { inTransaction } from '../../context/transaction';
import { provided } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import { type Page, findPage } from '../../shared/pagination';
import { translationRows } from '../../shared/translations';
import { rejectNulls } from '../../shared/updates';
import { assertTaxRuleExists } from './tax-rule.service';
import type { ShippingMethodCreateInput, ShippingMethodUpdateInput } from './shipping-method.type';

const include = { translations: { orderBy: { locale: 'asc' as const } } };
const order = [{ position: 'asc' as const }, { createdAt: 'asc' as const }, { id: 'asc' as const }];

export function listShippingMethods(ctx: Ctx, page: Page, filter: { active?: boolean } = {}) {
  const where = filter.active === undefined ? {} : { active: filter.active };
  return findPage(
    page,
    (w) => ctx.db.shippingMethod.findMany({ where, include, orderBy: order, ...w }),
    () => ctx.db.shippingMethod.count({ where }),
  );
}

/** Active methods in store order (the store list is short and unpaginated). */
export function listActiveShippingMethods(ctx: Ctx) {
  return ctx.db.shippingMethod.findMany({ where: { active: true }, include, orderBy: order });
}

export async function getShippingMethod(ctx: Ctx, id: string) {
  const method = await ctx.db.shippingMethod.findUnique({ where: { id }, include });
  if (!method) throw AppError.notFound('shipping method');
  return method;
}

export async function createShippingMethod(ctx: Ctx, input: ShippingMethodCreateInput) {
  await assertTaxRuleExists(ctx, input.taxRuleId);
  const { translations, customFields, ...fields } = input;
  return ctx.db.shippingMethod.create({
    data: {
      ...provided(fields),
      customFields: (customFields ?? {}) as object,
      translations: { create: translationRows(translations) },
    },
    include,
  });
}

/** Changes the given fields; given translations replace the existing ones, in one transaction. */
export async function updateShippingMethod(ctx: Ctx, id: string, input: ShippingMethodUpdateInput) {
  rejectNulls(input, ['active', 'priceNet', 'priceGross', 'position', 'translations', 'customFields']);
  return inTransaction(ctx, async (tx) => {
    await getShippingMethod(tx, id);
    await assertTaxRuleExists(tx, input.taxRuleId);
    const { translations, customFields, ...fields } = input;
    return tx.db.shippingMethod.update({
      where: { id },
      data: {
        ...(provided(fields) as object),
        ...(customFields !== undefined ? { customFields: customFields as object } : {}),
        ...(translations ? { translations: { deleteMany: {}, create: translationRows(translations) } } : {}),
      },
      include,
    });
  });
}

/** Deletes the method; orders that used it keep their copy of the price and a null method id. */
export async function deleteShippingMethod(ctx: Ctx, id: string): Promise<boolean> {
  await getShippingMethod(ctx, id);
  await ctx.db.shippingMethod.delete({ where: { id } });
  return true;
}
