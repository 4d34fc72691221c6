import { Ctx as Context, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../context/ctx';
import { PluginExtension, PluginInfo } from './plugin.type';

@Resolver()
export class PluginResolver {
  @Query(() => [PluginInfo], { description: 'Every plugin the service knows, with its state. Needs `plugins.manage`.' })
  plugins(@Context() ctx: Ctx): PluginInfo[] {
    return ctx.plugins.list();
  }

  @Query(() => [PluginExtension], { description: 'Storefront UI extensions of the active plugins. Public.' })
  storePluginExtensions(@Context() ctx: Ctx): PluginExtension[] {
    return ctx.plugins.extensions();
  }
}
