import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { CatalogNav } from '../../components/catalog-nav';
import { DataTable } from '../../components/data-table';
import { ErrorState } from '../../components/error-state';
import { SearchField } from '../../components/search-field';
import { Button } from '../../components/ui/button';
import { AdminTagsDocument, type AdminTagsQuery } from '../../generated/graphql';

const route = getRouteApi('/_app/tags');
const PAGE_SIZE = 25;
type TagRow = AdminTagsQuery['tags']['items'][number];

const COLUMNS: ColumnDef<TagRow>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <Link to="/tags/$tagId" params={{ tagId: row.original.id }} className="font-medium text-blue-800 underline">
        {row.original.name}
      </Link>
    ),
  },
  { id: 'slug', header: 'Slug', cell: ({ row }) => row.original.slug },
];

/** Tags, searched and paged on the server (the search and page live in the URL). */
export function TagsScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const variables = { page: search.page, limit: PAGE_SIZE, search: search.q };
  const list = useQuery({
    queryKey: ['tags', variables],
    queryFn: () => gql(AdminTagsDocument, variables),
    placeholderData: keepPreviousData,
  });
  const table = useReactTable({
    data: list.data?.tags.items ?? [],
    columns: COLUMNS,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
  });
  return (
    <>
      <CatalogNav />
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Tags</h1>
        {can('tags.create') && (
          <Button asChild>
            <Link to="/tags/new">New tag</Link>
          </Button>
        )}
      </div>
      <SearchField
        value={search.q ?? ''}
        onSearch={(q) => navigate({ search: (prev) => ({ ...prev, q: q || undefined, page: 1 }) })}
      />
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <DataTable
          table={table}
          caption="Tags"
          busy={list.isFetching}
          pending={list.isPending}
          empty={list.data ? `No tags${search.q ? ` match “${search.q}”` : ''}.` : null}
          meta={list.data?.tags.meta}
          onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
        />
      )}
    </>
  );
}
