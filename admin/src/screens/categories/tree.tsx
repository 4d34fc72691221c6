import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ActionError, ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import {
  AdminCategoriesDocument,
  type AdminCategoriesQuery,
  AdminCategoryUpdateDocument,
} from '../../generated/graphql';
import { keys } from '../../resource/keys';
import { useSaveMutation } from '../../resource/resource';
import { movedPositions } from '../properties/shared';

const LEVEL_PAGE = 50;
type Item = AdminCategoriesQuery['categories']['items'][number];

/**
 * One level of the tree (the roots, or one category's children), read from the server a page at a time: a big
 * catalog's tree is never loaded whole, only the levels a person opens.
 */
export function CategoryLevel({ parentId }: { parentId?: string }) {
  const level = useInfiniteQuery({
    // A level is an infinite list (pages appended), kept apart from the plain lists under the same root.
    queryKey: [...keys.categories.lists(), 'level', parentId ?? null],
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
  const move = useMoveInLevel();
  if (level.isError) return <ErrorState error={level.error} onRetry={() => level.refetch()} />;
  if (!level.data) return <p className="text-sm">Loading…</p>;
  const items = level.data.pages.flatMap((p) => p.categories.items);
  if (items.length === 0) return <p className="text-sm">{parentId ? 'No subcategories.' : 'No categories yet.'}</p>;
  return (
    <>
      <ActionError error={move.error ?? undefined} />
      <ul className={parentId ? 'ml-6 space-y-1 border-l border-slate-200 pl-3' : 'space-y-1'}>
        {items.map((item, index) => (
          <CategoryNode
            key={item.id}
            item={item}
            busy={move.isPending}
            onMove={items.length > 1 ? (by) => move.mutate({ items, id: item.id, by }) : undefined}
            first={index === 0}
            last={index === items.length - 1}
          />
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

/** Moves one category a place up or down among its loaded siblings. */
function useMoveInLevel() {
  return useSaveMutation({
    mutationFn: async ({ items, id, by }: { items: readonly Item[]; id: string; by: -1 | 1 }) => {
      for (const { item, position } of movedPositions(items, id, by))
        await gql(AdminCategoryUpdateDocument, { id: item.id, input: { position } });
    },
    invalidates: [keys.categories.all],
  });
}

function CategoryNode(props: {
  item: Item;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove?: (by: -1 | 1) => void;
}) {
  const { item, onMove } = props;
  const can = useCan();
  const [open, setOpen] = useState(false);
  return (
    <li>
      <div className="flex flex-wrap items-center gap-2">
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
        {onMove && can('categories.update') && (
          <span className="flex gap-1">
            <Button
              variant="outline"
              className="px-2 py-1 text-xs"
              disabled={props.first || props.busy}
              onClick={() => onMove(-1)}
            >
              Move up
              <span className="sr-only"> {item.name}</span>
            </Button>
            <Button
              variant="outline"
              className="px-2 py-1 text-xs"
              disabled={props.last || props.busy}
              onClick={() => onMove(1)}
            >
              Move down
              <span className="sr-only"> {item.name}</span>
            </Button>
          </span>
        )}
      </div>
      {open && <CategoryLevel parentId={item.id} />}
    </li>
  );
}
