import { screen } from '../routes/root';

/** Plugins' pages: an `admin:nav` entry opens `/admin/plugins/<plugin>/<id>`. */
const pluginPageRoute = screen('plugins/$plugin/$extensionId', () => import('./plugin-page'), 'PluginPageScreen');

export const extensionRoutes = [pluginPageRoute] as const;
