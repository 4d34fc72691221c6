/** Plugins: their states (admin) and the storefront UI extensions of the active ones (store). */
import type { DomainModule } from '../module';
import { PluginResolver } from './plugin.resolver';
import { pluginsAccess } from './plugins.access';

export const domain: DomainModule = { name: 'plugins', resolvers: [PluginResolver], access: [pluginsAccess] };
