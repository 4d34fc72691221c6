import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { CatalogNav } from '../../components/catalog-nav';
import { ErrorState } from '../../components/error-state';
import { SearchField } from '../../components/search-field';
import { Button } from '../../components/ui/button';
import { Table, Td, Th } from '../../components/ui/table';
import { AdminPropertyGroupsDocument } from '../../generated/graphql';
import { translatedName } from '../../lib/translations';

const route = getRouteApi('/_app/properties');

/**
 * Property groups (the axes variants are generated from). The API answers them whole with their options (a
 * shop has a handful), so the search filters what arrived; the search still lives in the URL.
 */
export function PropertyGroupsScreen() {
  const { q } = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const list = useQuery({ queryKey: ['propertyGroups'], queryFn: () => gql(AdminPropertyGroupsDocument) });
  const needle = q?.toLowerCase();
  const groups = (list.data?.propertyGroups ?? []).filter(
    (g) =>
      !needle ||
      g.identifier.includes(needle) ||
      g.translations.some((t) => t.name.toLowerCase().includes(needle)) ||
      g.options.some((o) => o.translations.some((t) => t.name.toLowerCase().includes(needle))),
  );
  return (
    <>
      <CatalogNav />
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Property groups</h1>
        {can('products.create') && (
          <Button asChild>
            <Link to="/properties/new">New property group</Link>
          </Button>
        )}
      </div>
      <SearchField value={q ?? ''} onSearch={(text) => navigate({ search: { q: text || undefined } })} />
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <Table aria-busy={list.isFetching}>
          <caption className="sr-only">Property groups</caption>
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Identifier</Th>
              <Th>Options</Th>
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.id}>
                <Td>
                  <Link
                    to="/properties/$groupId"
                    params={{ groupId: g.id }}
                    className="font-medium text-blue-800 underline"
                  >
                    {translatedName(g.translations, g.identifier)}
                  </Link>
                </Td>
                <Td>{g.identifier}</Td>
                <Td>{g.options.map((o) => translatedName(o.translations)).join(', ') || '—'}</Td>
              </tr>
            ))}
            {list.isPending && (
              <tr>
                <Td colSpan={3}>Loading…</Td>
              </tr>
            )}
            {list.data && groups.length === 0 && (
              <tr>
                <Td colSpan={3}>{q ? `No property groups match “${q}”.` : 'No property groups yet.'}</Td>
              </tr>
            )}
          </tbody>
        </Table>
      )}
    </>
  );
}
