import { Arg, Args, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { PageArgs, resolvePage } from '../../shared/pagination';
import { UuidScalar } from '../../shared/scalars';
import * as taxRules from './tax-rule.service';
import { TaxRule, TaxRuleCreateInput, TaxRuleList, TaxRuleUpdateInput } from './tax-rule.type';

const PAGE = { limit: 20, max: 200 };

@Resolver(() => TaxRule)
export class TaxRuleResolver {
  @Query(() => TaxRuleList, { description: 'Tax rules, oldest first.' })
  taxRules(@Context() ctx: Ctx, @Args(() => PageArgs) { page, limit }: PageArgs) {
    return taxRules.listTaxRules(ctx, resolvePage(page, limit, PAGE));
  }

  @Query(() => TaxRule)
  taxRule(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return taxRules.getTaxRule(ctx, id);
  }

  @Mutation(() => TaxRule)
  taxRuleCreate(@Context() ctx: Ctx, @Arg('input', () => TaxRuleCreateInput) input: TaxRuleCreateInput) {
    return taxRules.createTaxRule(ctx, input);
  }

  @Mutation(() => TaxRule)
  taxRuleUpdate(
    @Context() ctx: Ctx,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => TaxRuleUpdateInput) input: TaxRuleUpdateInput,
  ) {
    return taxRules.updateTaxRule(ctx, id, input);
  }

  @Mutation(() => Boolean, {
    description: 'Products and shipping methods using it are then untaxed.',
  })
  taxRuleDelete(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return taxRules.deleteTaxRule(ctx, id);
  }
}
