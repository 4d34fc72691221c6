import { useQuery } from '@tanstack/react-query';

import { gql } from '../../api/client';
import { AdminPluginsDocument, type AdminPluginsQuery } from '../../generated/graphql';
import { textColumn } from '../../resource/columns';
import { PageHeader } from '../../resource/detail-frame';
import { keys } from '../../resource/keys';
import { PagedTable } from '../../resource/list-page';
import { SettingsNav } from './nav';

const STATES: Record<string, string> = { active: 'Active', failed: 'Failed', disabled: 'Disabled' };
type Plugin = AdminPluginsQuery['plugins'][number];

const columns = [
  textColumn('name', 'Name', (p: Plugin) => <span className="font-medium">{p.name}</span>),
  textColumn('version', 'Version', (p: Plugin) => p.version),
  textColumn('state', 'State', (p: Plugin) => (
    <>
      {STATES[p.state] ?? p.state}
      {p.error && <span className="block text-sm text-red-700">{p.error}</span>}
    </>
  )),
  textColumn('description', 'Description', (p: Plugin) => p.description),
];

/**
 * The plugins the service knows and their state (a failed one with its reason). The list is short and the API
 * has no paging or search for it (so no pager); plugins are installed and configured in the service's
 * configuration.
 */
export function PluginsScreen() {
  const query = useQuery({ queryKey: keys.plugins.all, queryFn: () => gql(AdminPluginsDocument) });
  return (
    <>
      <PageHeader title="Plugins" />
      <SettingsNav />
      <PagedTable
        caption="Plugins"
        columns={columns}
        query={{ ...query, data: query.data && { items: query.data.plugins } }}
        empty="No plugins are installed."
        getRowId={(p) => p.name}
      />
    </>
  );
}
