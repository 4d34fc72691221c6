import type { Ctx } from '../../context/ctx';
import { inTransaction } from '../../context/transaction';
import { provided } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import { type Page, findPage } from '../../shared/pagination';
import { translationRows } from '../../shared/translations';
import { rejectNulls } from '../../shared/updates';
import type { PaymentMethodCreateInput, PaymentMethodUpdateInput } from './payment-method.type';

const include = { translations: { orderBy: { locale: 'asc' as const } } };
const order = [{ position: 'asc' as const }, { createdAt: 'asc' as const }, { id: 'asc' as const }];

export function listPaymentMethods(ctx: Ctx, page: Page, filter: { active?: boolean } = {}) {
  const where = filter.active === undefined ? {} : { active: filter.active };
  return findPage(
    page,
    (w) => ctx.db.paymentMethod.findMany({ where, include, orderBy: order, ...w }),
    () => ctx.db.paymentMethod.count({ where }),
  );
}

/** Active methods in store order. */
export function listActivePaymentMethods(ctx: Ctx) {
  return ctx.db.paymentMethod.findMany({ where: { active: true }, include, orderBy: order });
}

export async function getPaymentMethod(ctx: Ctx, id: string) {
  const method = await ctx.db.paymentMethod.findUnique({ where: { id }, include });
  if (!method) throw AppError.notFound('payment method');
  return method;
}

export function createPaymentMethod(ctx: Ctx, input: PaymentMethodCreateInput) {
  const { translations, ...fields } = input;
  return ctx.db.paymentMethod.create({
    data: { ...provided(fields), translations: { create: translationRows(translations) } },
    include,
  });
}

/** Changes the given fields; given translations replace the existing ones, in one transaction. */
export async function updatePaymentMethod(ctx: Ctx, id: string, input: PaymentMethodUpdateInput) {
  rejectNulls(input, ['provider', 'active', 'position', 'translations']);
  return inTransaction(ctx, async (tx) => {
    await getPaymentMethod(tx, id);
    const { translations, ...fields } = input;
    return tx.db.paymentMethod.update({
      where: { id },
      data: {
        ...(provided(fields) as object),
        ...(translations ? { translations: { deleteMany: {}, create: translationRows(translations) } } : {}),
      },
      include,
    });
  });
}

/** Deletes the method; orders that used it keep a null method id. */
export async function deletePaymentMethod(ctx: Ctx, id: string): Promise<boolean> {
  await getPaymentMethod(ctx, id);
  await ctx.db.paymentMethod.delete({ where: { id } });
  return true;
}
