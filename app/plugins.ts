import { automationPlugin } from '../plugins/automation';
import { payprovPlugin } from '../plugins/payprov';
import type { PluginDefinition } from '../src/plugin-api';

/**
 * The plugins shipped with the service. Each is loaded only when configured (`plugins.<name>` in the config
 * file, or any `SVC_PLUGINS_<NAME>_*` variable), and `plugins.<name>.enabled: false` turns it off.
 */
export const BUNDLED_PLUGINS: PluginDefinition<any, any>[] = [automationPlugin, payprovPlugin];
