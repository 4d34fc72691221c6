import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { CatalogNav } from '../../components/catalog-nav';
import { ErrorState } from '../../components/error-state';
import { SearchField } from '../../components/search-field';
import { Button } from '../../components/ui/button';
import { Table, Td, Th } from '../../components/ui/table';
import { AdminAttributesDocument } from '../../generated/graphql';
import { translatedName } from '../../lib/translations';
import { TYPE_LABELS } from './form';

const route = getRouteApi('/_app/attributes');

/** Attribute definitions; the API answers them whole (a shop has dozens), the search filters what arrived. */
export function AttributesScreen() {
  const { q } = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const list = useQuery({ queryKey: ['attributes'], queryFn: () => gql(AdminAttributesDocument) });
  const needle = q?.toLowerCase();
  const items = (list.data?.attributes ?? []).filter(
    (a) =>
      !needle || a.identifier.includes(needle) || a.translations.some((t) => t.name.toLowerCase().includes(needle)),
  );
  return (
    <>
      <CatalogNav />
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Attributes</h1>
        {can('products.create') && (
          <Button asChild>
            <Link to="/attributes/new">New attribute</Link>
          </Button>
        )}
      </div>
      <SearchField value={q ?? ''} onSearch={(text) => navigate({ search: { q: text || undefined } })} />
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <Table aria-busy={list.isFetching}>
          <caption className="sr-only">Attributes</caption>
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Identifier</Th>
              <Th>Type</Th>
              <Th>Unit</Th>
            </tr>
          </thead>
          <tbody>
            {items.map((a) => (
              <tr key={a.id}>
                <Td>
                  <Link
                    to="/attributes/$attributeId"
                    params={{ attributeId: a.id }}
                    className="font-medium text-blue-800 underline"
                  >
                    {translatedName(a.translations, a.identifier)}
                  </Link>
                </Td>
                <Td>{a.identifier}</Td>
                <Td>{TYPE_LABELS[a.type] ?? a.type}</Td>
                <Td>{a.unit ?? '—'}</Td>
              </tr>
            ))}
            {list.isPending && (
              <tr>
                <Td colSpan={4}>Loading…</Td>
              </tr>
            )}
            {list.data && items.length === 0 && (
              <tr>
                <Td colSpan={4}>{q ? `No attributes match “${q}”.` : 'No attributes yet.'}</Td>
              </tr>
            )}
          </tbody>
        </Table>
      )}
    </>
  );
}
