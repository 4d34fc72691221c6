import type { Ctx } from '../../context/ctx';
import { provided } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import { type Page, findPage } from '../../shared/pagination';
import { rejectNulls } from '../../shared/updates';
import type { TaxRuleCreateInput, TaxRuleUpdateInput } from './tax-rule.type';

export function listTaxRules(ctx: Ctx, page: Page) {
  return findPage(
    page,
    (w) => ctx.db.taxRule.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...w }),
    () => ctx.db.taxRule.count(),
  );
}

export async function getTaxRule(ctx: Ctx, id: string) {
  const rule = await ctx.db.taxRule.findUnique({ where: { id } });
  if (!rule) throw AppError.notFound('tax rule');
  return rule;
}

export function createTaxRule(ctx: Ctx, input: TaxRuleCreateInput) {
  return ctx.db.taxRule.create({ data: { ...provided(input), name: input.name, rate: input.rate } });
}

/** Changes the given fields; products and shipping methods using the rule are taxed at the new rate from now on. */
export async function updateTaxRule(ctx: Ctx, id: string, input: TaxRuleUpdateInput) {
  rejectNulls(input, ['name', 'rate', 'type']);
  await getTaxRule(ctx, id);
  return ctx.db.taxRule.update({ where: { id }, data: provided(input) as object });
}

/** Deletes the rule; products and shipping methods that used it fall back to no tax (the FK sets null). */
export async function deleteTaxRule(ctx: Ctx, id: string): Promise<boolean> {
  await getTaxRule(ctx, id);
  await ctx.db.taxRule.delete({ where: { id } });
  return true;
}

/** Asserts that an optional tax-rule reference names an existing rule (404 with the field otherwise). */
export async function assertTaxRuleExists(
  ctx: Ctx,
  id: string | null | undefined,
  field = 'tax_rule_id',
): Promise<void> {
  if (id && !(await ctx.db.taxRule.findUnique({ where: { id }, select: { id: true } }))) {
    throw new AppError('not_found', 'tax rule not found', { field });
  }
}
