import { Arg, Args, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { PageArgs, resolvePage } from '../../shared/pagination';
import { UuidScalar } from '../../shared/scalars';
import * as methods from './payment-method.service';
import {
  PaymentMethod,
  PaymentMethodCreateInput,
  PaymentMethodList,
  PaymentMethodUpdateInput,
} from './payment-method.type';

const PAGE = { limit: 20, max: 200 };

@Resolver(() => PaymentMethod)
export class PaymentMethodResolver {
  @Query(() => PaymentMethodList, { description: 'All payment methods.' })
  paymentMethods(
    @Context() ctx: Ctx,
    @Args(() => PageArgs) { page, limit }: PageArgs,
    @Arg('active', () => Boolean, { nullable: true }) active?: boolean,
  ) {
    return methods.listPaymentMethods(ctx, resolvePage(page, limit, PAGE), { active: active ?? undefined });
  }

  @Query(() => PaymentMethod)
  paymentMethod(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return methods.getPaymentMethod(ctx, id);
  }

  @Query(() => [PaymentMethod], { description: 'Active payment methods for the store. Public.' })
  storePaymentMethods(@Context() ctx: Ctx) {
    return methods.listActivePaymentMethods(ctx);
  }

  @Mutation(() => PaymentMethod)
  paymentMethodCreate(
    @Context() ctx: Ctx,
    @Arg('input', () => PaymentMethodCreateInput) input: PaymentMethodCreateInput,
  ) {
    return methods.createPaymentMethod(ctx, input);
  }

  @Mutation(() => PaymentMethod)
  paymentMethodUpdate(
    @Context() ctx: Ctx,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => PaymentMethodUpdateInput) input: PaymentMethodUpdateInput,
  ) {
    return methods.updatePaymentMethod(ctx, id, input);
  }

  @Mutation(() => Boolean)
  paymentMethodDelete(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return methods.deletePaymentMethod(ctx, id);
  }
}
