import { Arg, Args, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { PageArgs, resolvePage } from '../../shared/pagination';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import * as methods from './shipping-method.service';
import {
  ShippingMethod,
  ShippingMethodCreateInput,
  ShippingMethodList,
  ShippingMethodUpdateInput,
} from './shipping-method.type';

const PAGE = { limit: 20, max: 200 };

@Resolver(() => ShippingMethod)
export class ShippingMethodResolver {
  @Query(() => ShippingMethodList, { description: 'All shipping methods.' })
  shippingMethods(
    @Context() ctx: Ctx,
    @Args(() => PageArgs) { page, limit }: PageArgs,
    @Arg('active', () => Boolean, { nullable: true }) active?: boolean,
  ) {
    return methods.listShippingMethods(ctx, resolvePage(page, limit, PAGE), { active: active ?? undefined });
  }

  @Query(() => ShippingMethod)
  shippingMethod(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return methods.getShippingMethod(ctx, id);
  }

  @Query(() => [ShippingMethod], { description: 'Active shipping methods for the store. Public.' })
  storeShippingMethods(@Context() ctx: Ctx) {
    return methods.listActiveShippingMethods(ctx);
  }

  @Mutation(() => ShippingMethod)
  @Raises('not_found')
  shippingMethodCreate(
    @Context() ctx: Ctx,
    @Arg('input', () => ShippingMethodCreateInput) input: ShippingMethodCreateInput,
  ) {
    return methods.createShippingMethod(ctx, input);
  }

  @Mutation(() => ShippingMethod)
  @Raises('not_found')
  shippingMethodUpdate(
    @Context() ctx: Ctx,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => ShippingMethodUpdateInput) input: ShippingMethodUpdateInput,
  ) {
    return methods.updateShippingMethod(ctx, id, input);
  }

  @Mutation(() => Boolean)
  shippingMethodDelete(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return methods.deleteShippingMethod(ctx, id);
  }
}
