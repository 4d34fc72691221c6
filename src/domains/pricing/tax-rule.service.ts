import { adminResource } from '../../context/admin-resource';
import type { Ctx } from '../../context/ctx';
import { AppError } from '../../shared/errors';
import type { TaxRule, TaxRuleCreateInput, TaxRuleUpdateInput } from './tax-rule.type';

/** Tax rules: the simple admin resource recipe (no translations), oldest first. */
const taxRules = adminResource<TaxRule, TaxRuleCreateInput, TaxRuleUpdateInput>({
  model: (db) => db.taxRule as never,
  label: 'tax rule',
  orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  notNull: ['name', 'rate', 'type'],
});

export const {
  list: listTaxRules,
  get: getTaxRule,
  create: createTaxRule,
  /** Changes the given fields; products and shipping methods using the rule are taxed at the new rate from now on. */
  update: updateTaxRule,
  /** Deletes the rule; products and shipping methods that used it fall back to no tax (the FK sets null). */
  remove: deleteTaxRule,
} = taxRules;

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
