import { type QueryKey, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { FieldValues, Path, PathValue } from 'react-hook-form';

import { useCan } from '../../api/session';
import type { OptionValues } from '../../components/options-editor';
import { Field } from '../../components/ui/field';
import { z } from '../../lib/zod';
import type { FieldSpec } from '../../resource/fields';
import type { ListQuery } from '../../resource/list-page';
import { invalidate } from '../../resource/resource';

/** What the catalog's small resources (property groups, attributes, categories) share beyond the kit. */

/** The service's identifier rule (`^[a-z0-9][a-z0-9_-]*$`), said before the request is made. */
export const identifierRule = z
  .string()
  .trim()
  .min(1, 'Enter an identifier.')
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Lowercase letters, digits, dashes and underscores; starts with a letter or digit.');

/** A slug as the service takes it (products, categories). */
export const slugRule = z
  .string()
  .trim()
  .min(1, 'Enter a slug.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lowercase letters, digits and single dashes only.');

/** "Shirt size" → "shirt-size": what a new identifier (or slug) starts as, until it is edited. */
export const toIdentifier = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * The Name field of a new item whose `follower` (identifier, slug) is made from the name as it is typed, until
 * the follower is edited; on an existing item (`follow` false) a plain Name field.
 */
export function nameField<V extends FieldValues>(follower: Path<V>, follow: boolean): FieldSpec<V> {
  return {
    kind: 'custom',
    name: 'name' as Path<V>,
    render: ({ form, id, error }) => {
      const edited = !!(form.formState.dirtyFields as Record<string, unknown>)[follower];
      const name = form.register('name' as Path<V>, {
        onChange: (e: { target: { value: string } }) => {
          if (follow && !edited) form.setValue(follower, toIdentifier(e.target.value) as PathValue<V, Path<V>>);
        },
      });
      return <Field id={id} label="Name" error={error('name' as Path<V>)} {...name} />;
    },
  };
}

/**
 * A list the API answers whole (a shop has a handful of property groups, dozens of attributes) as the kit's list
 * page takes it: the search filters what arrived, and it is one page.
 */
export function wholeList<T>(
  useAll: () => UseQueryResult<readonly T[]>,
  matches: (item: T, needle: string) => boolean,
) {
  return function useList({ search }: { page: number; limit: number; search?: string }): ListQuery<T> {
    const all = useAll();
    const needle = search?.trim().toLowerCase();
    const items = (all.data ?? []).filter((item) => !needle || matches(item, needle));
    return {
      data: all.data && { items, meta: { page: 1, pages: 1, total: items.length } },
      isFetching: all.isFetching,
      isPending: all.isPending,
      isError: all.isError,
      error: all.error,
      refetch: all.refetch,
    };
  };
}

/** Refreshes `keys` after a part of a screen saved on its own (an option, a move). */
export function useRefresh(keys: readonly QueryKey[]) {
  const client = useQueryClient();
  return () => invalidate(client, keys);
}

/**
 * Moving `id` one place (`by`) among `items` (in their shown order): the positions to save, the list numbered
 * 0, 1, 2… in its new order, only those that change (items made with the same position get distinct ones).
 */
export function movedPositions<T extends { id: string; position: number }>(
  items: readonly T[],
  id: string,
  by: -1 | 1,
): Array<{ item: T; position: number }> {
  const from = items.findIndex((i) => i.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= items.length) return [];
  const order = [...items];
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved);
  return order.flatMap((item, position) => (item.position === position ? [] : [{ item, position }]));
}

/**
 * What a catalog `OptionsEditor` (a property group's options, a select attribute's) takes besides its looks: the
 * product permissions decide which actions show, and every write refreshes `refreshKeys` when it is done. `update`
 * gets the option as shown, for what the form does not edit (its position, its other translations).
 */
export function useOptionWrites<O extends { id: string }>(spec: {
  options: readonly O[];
  refreshKeys: readonly QueryKey[];
  create: (values: OptionValues) => Promise<unknown>;
  update: (optionId: string, values: OptionValues, option: O | undefined) => Promise<unknown>;
  remove: (optionId: string) => Promise<unknown>;
}) {
  const can = useCan();
  const refresh = useRefresh(spec.refreshKeys);
  const thenRefresh =
    <A extends unknown[]>(write: (...args: A) => Promise<unknown>) =>
    async (...args: A): Promise<void> => {
      await write(...args);
      await refresh();
    };
  return {
    /** The editor's props. */
    editor: {
      options: spec.options,
      canCreate: can('products.create'),
      canUpdate: can('products.update'),
      canDelete: can('products.delete'),
      onCreate: thenRefresh(spec.create),
      onUpdate: thenRefresh((optionId: string, values: OptionValues) =>
        spec.update(
          optionId,
          values,
          spec.options.find((o) => o.id === optionId),
        ),
      ),
      onDelete: thenRefresh(spec.remove),
    },
    /** Wraps another write of the screen's (a move) the same way. */
    thenRefresh,
  };
}
