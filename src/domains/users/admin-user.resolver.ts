import { Arg, Args, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { PageArgs, resolvePage } from '../../shared/pagination';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import * as users from './admin-user.service';
import { AdminUser, AdminUserCreateInput, AdminUserList, AdminUserUpdateInput } from './admin-user.type';

const PAGE = { limit: 20, max: 200 };

@Resolver(() => AdminUser)
export class AdminUserResolver {
  @Query(() => AdminUserList, { description: 'Staff accounts.' })
  adminUsers(@Context() ctx: Ctx, @Args(() => PageArgs) { page, limit }: PageArgs) {
    return users.listAdminUsers(ctx, resolvePage(page, limit, PAGE));
  }

  @Query(() => AdminUser, { description: 'One staff account.' })
  adminUser(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return users.getAdminUser(ctx, id);
  }

  @Mutation(() => AdminUser, { description: 'Creates a staff account; 409 `email_taken`.' })
  @Raises('email_taken')
  adminUserCreate(@Context() ctx: Ctx, @Arg('input', () => AdminUserCreateInput) input: AdminUserCreateInput) {
    return users.createAdminUser(ctx, input);
  }

  @Mutation(() => AdminUser, { description: 'Changes a staff account; 409 `last_super_admin`.' })
  @Raises('email_taken', 'last_super_admin')
  adminUserUpdate(
    @Context() ctx: Ctx,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => AdminUserUpdateInput) input: AdminUserUpdateInput,
  ) {
    return users.updateAdminUser(ctx, id, input);
  }

  @Mutation(() => Boolean, { description: 'Deletes a staff account; 409 `last_super_admin`.' })
  @Raises('last_super_admin')
  adminUserDelete(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return users.deleteAdminUser(ctx, id);
  }
}
