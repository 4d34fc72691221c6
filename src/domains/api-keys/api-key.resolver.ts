import { Arg, Args, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { PageArgs, resolvePage } from '../../shared/pagination';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import * as keys from './api-key.service';
import { ApiKey, ApiKeyCreated, ApiKeyCreateInput, ApiKeyList } from './api-key.type';

@Resolver(() => ApiKey)
export class ApiKeyResolver {
  @Query(() => ApiKeyList, {
    description: "The caller's active staff API keys, newest first; `all: true` (super_admin) lists everyone's.",
  })
  apiKeys(
    @Context() ctx: Ctx,
    @Args(() => PageArgs) { page, limit }: PageArgs,
    @Arg('all', () => Boolean, { nullable: true }) all?: boolean,
  ) {
    return keys.listApiKeyPage(ctx, { all }, resolvePage(page, limit, { limit: 20, max: 100 }));
  }

  @Query(() => [String], {
    description:
      'The permissions a staff key may be granted (`apiKeyCreate.permissions`): each permission and each group as ' +
      '`<group>.*`. A key holds at most what its creator holds.',
  })
  apiKeyPermissions() {
    return keys.grantable('admin');
  }

  @Query(() => [String], {
    description:
      "The permissions a customer's key may be granted (`customerApiKeyCreate.permissions`), groups as `<group>.*`.",
  })
  customerApiKeyPermissions() {
    return keys.grantable('customer');
  }

  @Mutation(() => ApiKeyCreated, {
    description: 'Creates a staff key (`ck_`); at most 10 active per user.',
  })
  @Raises('limit_exceeded')
  apiKeyCreate(@Context() ctx: Ctx, @Arg('input', () => ApiKeyCreateInput) input: ApiKeyCreateInput) {
    return keys.createApiKey(ctx, 'admin', input);
  }

  @Mutation(() => Boolean, { description: 'Revokes a staff key.' })
  apiKeyDelete(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return keys.revokeApiKey(ctx, 'admin', id);
  }

  @Query(() => [ApiKey], { description: "The signed-in customer's active keys." })
  customerApiKeys(@Context() ctx: Ctx) {
    return keys.listApiKeys(ctx, 'customer');
  }

  @Mutation(() => ApiKeyCreated, {
    description: 'Creates a customer key (`sk_`, store permissions only); at most 5 active.',
  })
  @Raises('limit_exceeded')
  customerApiKeyCreate(@Context() ctx: Ctx, @Arg('input', () => ApiKeyCreateInput) input: ApiKeyCreateInput) {
    return keys.createApiKey(ctx, 'customer', input);
  }

  @Mutation(() => Boolean, { description: "Revokes one of the customer's keys." })
  customerApiKeyDelete(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return keys.revokeApiKey(ctx, 'customer', id);
  }
}
