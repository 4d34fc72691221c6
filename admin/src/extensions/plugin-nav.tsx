import { Link } from '@tanstack/react-router';

import { useExtensions } from './use-extensions';

/** Navigation entries of plugins (`admin:nav`), after the core ones; each opens the plugin's page. */
export function PluginNavLinks() {
  const { extensions } = useExtensions('admin:nav');
  return extensions.map((ext) => (
    <li key={`${ext.plugin}/${ext.id}`}>
      <Link
        to="/plugins/$plugin/$extensionId"
        params={{ plugin: ext.plugin, extensionId: ext.id }}
        className="block rounded-md px-3 py-2 text-sm hover:bg-slate-100"
        activeProps={{ className: 'bg-slate-200 font-semibold', 'aria-current': 'page' }}
      >
        {ext.label ?? ext.plugin}
      </Link>
    </li>
  ));
}
