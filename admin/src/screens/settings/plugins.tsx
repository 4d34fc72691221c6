import { useQuery } from '@tanstack/react-query';

import { gql } from '../../api/client';
import { ErrorState } from '../../components/error-state';
import { Table, Td, Th } from '../../components/ui/table';
import { AdminPluginsDocument } from '../../generated/graphql';
import { keys } from '../../resource/keys';
import { SettingsNav } from './nav';

const STATES: Record<string, string> = { active: 'Active', failed: 'Failed', disabled: 'Disabled' };

/**
 * The plugins the service knows and their state (a failed one with its reason). The list is short and the API
 * has no paging or search for it; plugins are installed and configured in the service's configuration.
 */
export function PluginsScreen() {
  const query = useQuery({ queryKey: keys.plugins.all, queryFn: () => gql(AdminPluginsDocument) });
  return (
    <>
      <h1 className="text-2xl font-semibold">Plugins</h1>
      <SettingsNav />
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Table aria-busy={query.isFetching}>
          <caption className="sr-only">Plugins</caption>
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Version</Th>
              <Th>State</Th>
              <Th>Description</Th>
            </tr>
          </thead>
          <tbody>
            {query.data?.plugins.map((p) => (
              <tr key={p.name}>
                <Td className="font-medium">{p.name}</Td>
                <Td>{p.version}</Td>
                <Td>
                  {STATES[p.state] ?? p.state}
                  {p.error && <span className="block text-sm text-red-700">{p.error}</span>}
                </Td>
                <Td>{p.description}</Td>
              </tr>
            ))}
            {query.data && query.data.plugins.length === 0 && (
              <tr>
                <Td colSpan={4}>No plugins are installed.</Td>
              </tr>
            )}
            {query.isPending && (
              <tr>
                <Td colSpan={4}>Loading…</Td>
              </tr>
            )}
          </tbody>
        </Table>
      )}
    </>
  );
}
