import { Arg, Args, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { PageArgs, resolvePage } from '../../shared/pagination';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import * as discounts from './discount.service';
import {
  DiscountCode,
  DiscountCodeCreateInput,
  DiscountCodeList,
  DiscountCodeUpdateInput,
  DiscountQuote,
  DiscountValidateInput,
} from './discount.type';

const PAGE = { limit: 20, max: 200 };

@Resolver(() => DiscountCode)
export class DiscountResolver {
  @Query(() => DiscountCodeList, {
    description: 'Discount codes, newest first; `search` matches part of the code.',
  })
  discountCodes(
    @Context() ctx: Ctx,
    @Args(() => PageArgs) { page, limit }: PageArgs,
    @Arg('active', () => Boolean, { nullable: true }) active?: boolean,
    @Arg('search', () => String, { nullable: true }) search?: string,
  ) {
    return discounts.listDiscountCodes(ctx, resolvePage(page, limit, PAGE), {
      active: active ?? undefined,
      search: search ?? undefined,
    });
  }

  @Query(() => DiscountCode)
  discountCode(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return discounts.getDiscountCode(ctx, id);
  }

  @Mutation(() => DiscountCode, {
    description: '409 `duplicate_code` when the code exists (case-insensitively).',
  })
  @Raises('duplicate_code')
  discountCodeCreate(@Context() ctx: Ctx, @Arg('input', () => DiscountCodeCreateInput) input: DiscountCodeCreateInput) {
    return discounts.createDiscountCode(ctx, input);
  }

  @Mutation(() => DiscountCode)
  @Raises('duplicate_code')
  discountCodeUpdate(
    @Context() ctx: Ctx,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => DiscountCodeUpdateInput) input: DiscountCodeUpdateInput,
  ) {
    return discounts.updateDiscountCode(ctx, id, input);
  }

  @Mutation(() => Boolean)
  discountCodeDelete(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return discounts.deleteDiscountCode(ctx, id);
  }

  @Mutation(() => DiscountQuote, {
    description: 'Checks a code against a subtotal: 422 `code_invalid` or `max_uses_reached`. Claims nothing. Public.',
  })
  @Raises('code_invalid', 'max_uses_reached')
  discountValidate(@Context() ctx: Ctx, @Arg('input', () => DiscountValidateInput) input: DiscountValidateInput) {
    return discounts.validateDiscountCode(ctx, input);
  }
}
