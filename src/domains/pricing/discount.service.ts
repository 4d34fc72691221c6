import type { Ctx } from '../../context/ctx';
import { flagIs, modelColumns, readPage } from '../../context/page-statement';
import { Prisma } from '../../generated/prisma/client';
import { isUniqueViolation, provided } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import { containing } from '../../shared/like';
import { type Page, pageMeta } from '../../shared/pagination';
import { rejectNulls } from '../../shared/updates';
import type { DiscountCodeCreateInput, DiscountCodeUpdateInput, DiscountValidateInput } from './discount.type';
import { discountAmount, normalizeCode } from './discount-rules';

type DiscountRow = Awaited<ReturnType<Ctx['db']['discountCode']['findFirstOrThrow']>>;
const DISCOUNT_COLUMNS = modelColumns(Prisma.DiscountCodeScalarFieldEnum, 'd');

/**
 * Discount codes newest first, in one statement with the count capped at COUNT_CAP (D-234): a bulk campaign writes
 * codes by the hundred thousand, and an exact count read all of them for every page (docs/decisions.md D-307).
 * `search` matches part of the code, literally, after the codes' own normalization (trimmed, lower case).
 */
export async function listDiscountCodes(ctx: Ctx, page: Page, filter: { active?: boolean; search?: string } = {}) {
  const where: Prisma.Sql[] = [];
  if (filter.active !== undefined) where.push(flagIs('d.active', filter.active));
  if (filter.search) where.push(Prisma.sql`d.code LIKE ${containing(normalizeCode(filter.search))}`);
  const { rows, total } = await readPage<DiscountRow>(ctx, page, {
    table: 'discount_codes',
    alias: 'd',
    columns: DISCOUNT_COLUMNS,
    where,
    order: Prisma.raw('d.created_at DESC, d.id ASC'),
  });
  return { items: rows.map((r) => r.row), meta: pageMeta(total, page) };
}

export async function getDiscountCode(ctx: Ctx, id: string) {
  const discount = await ctx.db.discountCode.findUnique({ where: { id } });
  if (!discount) throw AppError.notFound('discount code');
  return discount;
}

export async function createDiscountCode(ctx: Ctx, input: DiscountCodeCreateInput) {
  checkTerms(input.type, input.value, input.validFrom, input.validUntil);
  try {
    return await ctx.db.discountCode.create({
      data: { ...provided(input), code: normalizeCode(input.code), type: input.type, value: input.value },
    });
  } catch (err) {
    throw duplicate(err);
  }
}

/** Changes the given fields; the combined terms are checked again (a percentage above 100 % is refused). */
export async function updateDiscountCode(ctx: Ctx, id: string, input: DiscountCodeUpdateInput) {
  rejectNulls(input, ['code', 'type', 'value', 'active']);
  const current = await getDiscountCode(ctx, id);
  const merged = { ...current, ...provided(input) };
  checkTerms(merged.type, merged.value, merged.validFrom, merged.validUntil);
  try {
    return await ctx.db.discountCode.update({
      where: { id },
      data: { ...(provided(input) as object), ...(input.code ? { code: normalizeCode(input.code) } : {}) },
    });
  } catch (err) {
    throw duplicate(err);
  }
}

export async function deleteDiscountCode(ctx: Ctx, id: string): Promise<boolean> {
  await getDiscountCode(ctx, id);
  await ctx.db.discountCode.delete({ where: { id } });
  return true;
}

/** The store's check of a code against a subtotal; it claims nothing (checkout does, atomically). */
export async function validateDiscountCode(ctx: Ctx, input: DiscountValidateInput) {
  const discount = await ctx.db.discountCode.findUnique({ where: { code: normalizeCode(input.code) } });
  const amount = discountAmount(discount, input.subtotal);
  const found = discount as NonNullable<typeof discount>;
  return { code: found.code, type: found.type, value: found.value, discountAmount: amount };
}

function checkTerms(type: string, value: number, from?: Date | null, until?: Date | null): void {
  const problems: Array<{ field: string; detail: string }> = [];
  if (type === 'percentage' && value > 10000) problems.push({ field: 'value', detail: 'max' });
  if (from && until && until < from) problems.push({ field: 'valid_until', detail: 'min' });
  if (problems.length) throw AppError.validation(problems);
}

function duplicate(err: unknown): unknown {
  return isUniqueViolation(err)
    ? new AppError('duplicate_code', 'discount code already exists', { field: 'code' })
    : err;
}
