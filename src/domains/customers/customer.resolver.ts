import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx as Context, FieldResolver, Info, Mutation, Query, Resolver, Root } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { RateLimit } from '../../context/limits';
import { PageArgs, resolvePage } from '../../shared/pagination';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import { Address } from './address.type';
import { AccountUpdateInput, CustomerUpdateInput, RegisterInput } from './customer.inputs';
import * as customers from './customer.service';
import { Customer, CustomerCreateInput, CustomerList } from './customer.type';

const PAGE = { limit: 20, max: 200 };

@Resolver(() => Customer)
export class CustomerResolver {
  @Query(() => CustomerList, {
    description: 'Customers, newest first; `search` matches email and names.',
  })
  customers(
    @Context() ctx: Ctx,
    @Info() info: GraphQLResolveInfo,
    @Args(() => PageArgs) { page, limit }: PageArgs,
    @Arg('search', () => String, { nullable: true }) search?: string,
    @Arg('active', () => Boolean, { nullable: true }) active?: boolean,
  ) {
    const filter = { search: search ?? undefined, active: active ?? undefined };
    return customers.listCustomers(ctx, resolvePage(page, limit, PAGE), filter, customers.customerListPlan(info));
  }

  @Query(() => Customer)
  customer(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return customers.getCustomer(ctx, id);
  }

  @Mutation(() => Customer, {
    description: '409 `email_taken` when the email is registered.',
  })
  @Raises('email_taken', 'hook_rejected')
  customerCreate(@Context() ctx: Ctx, @Arg('input', () => CustomerCreateInput) input: CustomerCreateInput) {
    return customers.createCustomer(ctx, input);
  }

  @Mutation(() => Customer)
  @Raises('email_taken', 'hook_rejected')
  customerUpdate(
    @Context() ctx: Ctx,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => CustomerUpdateInput) input: CustomerUpdateInput,
  ) {
    return customers.updateCustomer(ctx, id, input);
  }

  @Mutation(() => Boolean, { description: 'Orders stay, without a customer id.' })
  customerDelete(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return customers.deleteCustomer(ctx, id);
  }

  @Query(() => Customer, { description: "The signed-in customer's account." })
  account(@Context() ctx: Ctx) {
    return customers.getAccount(ctx);
  }

  @Mutation(() => Customer, { description: "Changes the signed-in customer's own account." })
  @Raises('email_taken', 'hook_rejected')
  accountUpdate(@Context() ctx: Ctx, @Arg('input', () => AccountUpdateInput) input: AccountUpdateInput) {
    return customers.updateAccount(ctx, input);
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the customer proved this email is theirs (`emailVerifiedAt` is set; contract §11).',
  })
  emailVerified(@Root() customer: Customer): boolean {
    return !!customer.emailVerifiedAt;
  }

  @FieldResolver(() => [Address])
  addresses(@Root() customer: Customer, @Context() ctx: Ctx) {
    return ctx.loaders.addressesByCustomerId.load(customer.id);
  }

  @Mutation(() => Customer, { description: 'Registers a customer. 409 `email_taken`.' })
  @RateLimit('register')
  @Raises('email_taken', 'hook_rejected')
  customerRegister(@Context() ctx: Ctx, @Arg('input', () => RegisterInput) input: RegisterInput) {
    return customers.registerCustomer(ctx, input);
  }
}
