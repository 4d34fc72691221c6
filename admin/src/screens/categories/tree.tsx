import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';

import { gql } from '../../api/client';
import { ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { AdminCategoriesDocument, type AdminCategoriesQuery } from '../../generated/graphql';

const LEVEL_PAGE = 50;
type Item = AdminCategoriesQuery['categories']['items'][number];

/**
 * One level of the tree (the roots, or one category's children), read from the server a page at a time: a big
 * catalog's tree is never loaded whole, only the levels a person opens.
 */
export function CategoryLevel({ parentId }: { parentId?: string }) {
  const level = useInfiniteQuery({
    queryKey: ['categories', parentId ?? 'roots'],
    queryFn: ({ pageParam }) =>
      gql(
        AdminCategoriesDocument,
        parentId
          ? { parentId, page: pageParam, limit: LEVEL_PAGE }
          : { roots: true, page: pageParam, limit: LEVEL_PAGE },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.categories.meta.page < last.categories.meta.pages ? last.categories.meta.page + 1 : undefined,
  });
  if (level.isError) return <ErrorState error={level.error} onRetry={() => level.refetch()} />;
  if (!level.data) return <p className="text-sm">Loading…</p>;
  const items = level.data.pages.flatMap((p) => p.categories.items);
  if (items.length === 0) return <p className="text-sm">{parentId ? 'No subcategories.' : 'No categories yet.'}</p>;
  return (
    <>
      <ul className={parentId ? 'ml-6 space-y-1 border-l border-slate-200 pl-3' : 'space-y-1'}>
        {items.map((item) => (
          <CategoryNode key={item.id} item={item} />
        ))}
      </ul>
      {level.hasNextPage && (
        <Button variant="outline" disabled={level.isFetchingNextPage} onClick={() => level.fetchNextPage()}>
          More categories
        </Button>
      )}
    </>
  );
}

function CategoryNode({ item }: { item: Item }) {
  const [open, setOpen] = useState(false);
  return (
    <li>
      <div className="flex items-center gap-2">
        <button
          type="button"
          aria-expanded={open}
          aria-label={`Subcategories of ${item.name}`}
          onClick={() => setOpen(!open)}
          className="h-7 w-7 rounded-md text-sm hover:bg-slate-200"
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        </button>
        <Link to="/categories/$categoryId" params={{ categoryId: item.id }} className="text-blue-800 underline">
          {item.name}
        </Link>
        {!item.active && <span className="text-xs text-slate-700">(inactive)</span>}
      </div>
      {open && <CategoryLevel parentId={item.id} />}
    </li>
  );
}
