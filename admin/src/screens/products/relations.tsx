import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';

import { gql } from '../../api/client';
import { ActionError } from '../../components/error-state';
import { type PickItem, RelationPicker } from '../../components/relation-picker';
import { Button } from '../../components/ui/button';
import {
  AdminCategoryNameDocument,
  AdminCategoryPickDocument,
  AdminProductUpdateDocument,
  AdminTagNameDocument,
  AdminTagPickDocument,
} from '../../generated/graphql';
import { keys } from '../../resource/keys';

const PICK_LIMIT = 20;

const searchCategories = async (text: string): Promise<PickItem[]> =>
  (await gql(AdminCategoryPickDocument, { search: text || undefined, limit: PICK_LIMIT })).categories.items.map(
    (c) => ({ id: c.id, label: c.name }),
  );
const searchTags = async (text: string): Promise<PickItem[]> =>
  (await gql(AdminTagPickDocument, { search: text || undefined, limit: PICK_LIMIT })).tags.items.map((t) => ({
    id: t.id,
    label: t.name,
  }));

/** The names of the product's chosen categories and tags (the product answers ids), one cached query each. */
function useNames(kind: 'category' | 'tag', ids: readonly string[]): PickItem[] {
  const results = useQueries({
    queries: ids.map((id) => ({
      // Under the item's detail key: a rename (which invalidates the resource) refreshes it.
      queryKey: [...(kind === 'category' ? keys.categories : keys.tags).detail(id), 'name'],
      queryFn: async () =>
        kind === 'category'
          ? (await gql(AdminCategoryNameDocument, { id })).category.name
          : (await gql(AdminTagNameDocument, { id })).tag.name,
      staleTime: 60_000,
    })),
  });
  return ids.map((id, i) => ({ id, label: results[i].data ?? '…' }));
}

/** A product's categories and tags, each chosen with a searching picker; Save replaces both lists. */
export function RelationsPanel({
  productId,
  categories,
  tags,
  readOnly,
  onSaved,
}: {
  productId: string;
  categories: readonly string[];
  tags: readonly string[];
  readOnly: boolean;
  onSaved: () => Promise<void>;
}) {
  const [categoryIds, setCategoryIds] = useState<string[]>([...categories]);
  const [tagIds, setTagIds] = useState<string[]>([...tags]);
  const [known, setKnown] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<unknown>();
  const storedCategories = useNames('category', categories);
  const storedTags = useNames('tag', tags);
  const label = (stored: PickItem[]) => (id: string) => ({
    id,
    label: known[id] ?? stored.find((s) => s.id === id)?.label ?? '…',
  });
  const add = (set: (f: (ids: string[]) => string[]) => void) => (item: PickItem) => {
    setKnown((k) => ({ ...k, [item.id]: item.label }));
    set((ids) => (ids.includes(item.id) ? ids : [...ids, item.id]));
    setSaved(false);
  };
  const remove = (set: (f: (ids: string[]) => string[]) => void) => (id: string) => {
    set((ids) => ids.filter((x) => x !== id));
    setSaved(false);
  };

  async function save() {
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      await gql(AdminProductUpdateDocument, { id: productId, input: { categoryIds, tagIds } });
      setSaved(true);
      await onSaved();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="space-y-6" aria-label="Categories and tags">
      <RelationPicker
        label="Categories"
        lists={keys.categories}
        selected={categoryIds.map(label(storedCategories))}
        search={searchCategories}
        onAdd={add(setCategoryIds)}
        onRemove={remove(setCategoryIds)}
        disabled={readOnly}
      />
      <RelationPicker
        label="Tags"
        lists={keys.tags}
        selected={tagIds.map(label(storedTags))}
        search={searchTags}
        onAdd={add(setTagIds)}
        onRemove={remove(setTagIds)}
        disabled={readOnly}
      />
      <ActionError error={error} />
      <div aria-live="polite" className="text-sm text-green-800">
        {saved ? 'Saved.' : ''}
      </div>
      {!readOnly && (
        <Button onClick={save} disabled={busy}>
          Save
        </Button>
      )}
    </section>
  );
}
