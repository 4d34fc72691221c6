import { Arg, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { UuidScalar } from '../../shared/scalars';
import * as addresses from './address.service';
import { Address, AddressCreateInput, AddressUpdateInput } from './address.type';

@Resolver(() => Address)
export class AddressResolver {
  @Query(() => [Address], { description: "The signed-in customer's addresses." })
  accountAddresses(@Context() ctx: Ctx) {
    return addresses.listAddresses(ctx);
  }

  @Mutation(() => Address, { description: 'Saves an address for the signed-in customer.' })
  accountAddressCreate(@Context() ctx: Ctx, @Arg('input', () => AddressCreateInput) input: AddressCreateInput) {
    return addresses.createAddress(ctx, input);
  }

  @Mutation(() => Address, {
    description: "Changes one of the signed-in customer's addresses (404 for anyone else's).",
  })
  accountAddressUpdate(
    @Context() ctx: Ctx,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => AddressUpdateInput) input: AddressUpdateInput,
  ) {
    return addresses.updateAddress(ctx, id, input);
  }

  @Mutation(() => Boolean, { description: "Deletes one of the signed-in customer's addresses." })
  accountAddressDelete(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return addresses.deleteAddress(ctx, id);
  }
}
