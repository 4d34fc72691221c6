import { Ctx as Context, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { isAdminExtension } from '../../context/plugins';
import { AppError } from '../../shared/errors';
import { PluginExtension, PluginInfo } from './plugin.type';

@Resolver()
export class PluginResolver {
  @Query(() => [PluginInfo], { description: 'Every plugin the service knows, with its state.' })
  plugins(@Context() ctx: Ctx): PluginInfo[] {
    return ctx.plugins.list();
  }

  @Query(() => [PluginExtension], { description: 'Storefront UI extensions of the active plugins. Public.' })
  storePluginExtensions(@Context() ctx: Ctx): PluginExtension[] {
    return ctx.plugins.extensions().filter((ext) => !isAdminExtension(ext));
  }

  @Query(() => [PluginExtension], {
    description:
      'Admin dashboard UI extensions of the active plugins (slots `admin:home`, `admin:nav`, `admin:order:detail`, ' +
      '`admin:product:detail`, `admin:customer:detail`), validated when the plugin started. Staff only (a signed-in ' +
      'staff member or a staff API key): the scripts run with the staff member’s session.',
  })
  adminPluginExtensions(@Context() ctx: Ctx): PluginExtension[] {
    const actor = ctx.actor;
    if (actor.kind === 'anonymous') throw new AppError('unauthorized', 'sign in as staff');
    const staff = actor.kind === 'admin' || (actor.kind === 'api_key' && actor.ownerType === 'admin');
    if (!staff) throw new AppError('forbidden', 'admin extensions are for staff');
    return ctx.plugins.extensions().filter(isAdminExtension);
  }
}
