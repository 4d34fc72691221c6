import { screenRoute } from '../resource/routes';

/** Plugins' pages: an `admin:nav` entry opens `/admin/plugins/<plugin>/<id>`. */
const pluginPageRoute = screenRoute('plugins/$plugin/$extensionId', () => import('./plugin-page'), 'PluginPageScreen');

export const extensionRoutes = [pluginPageRoute] as const;
