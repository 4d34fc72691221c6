import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  type UseMutationResult,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { gql } from '../api/client';
import type { TypedDocumentString } from '../generated/graphql';
import { isUnder, type ResourceKeys } from './keys';

/**
 * A resource's data hooks from its five GraphQL documents (the shape Medusa's per-resource hooks and Vendure's
 * `useDetailPage` show): `useList`, `useDetail`, and the mutations `useCreate`, `useUpdate`, `useRemove`, each
 * of which invalidates the resource's root (every list and item) and the keys in `invalidates` (what else its
 * change alters: deleting a tag changes products). A screen calls the hooks and never `invalidateQueries`.
 *
 * Each document's answer has one root field (`{ tags: {...} }`, `{ tagCreate: { id } }`); the hooks hand over
 * that field's value.
 */

type Document<R, V> = TypedDocumentString<R, V>;
/** The value of an answer's one root field. */
export type Only<R> = R[keyof R];
const only = <R>(data: R): Only<R> => Object.values(data as object)[0] as Only<R>;
/** `gql` with the variables as a plain parameter (its rest-tuple signature does not resolve for generic V). */
const run = <R, V>(document: Document<R, V>, variables: V): Promise<R> =>
  (gql as unknown as (d: Document<R, V>, v: V) => Promise<R>)(document, variables);

/** Invalidates `keys` (each as a prefix) and waits for the active queries among them to refetch. */
export async function invalidate(client: ReturnType<typeof useQueryClient>, keys: readonly QueryKey[]) {
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/**
 * A mutation that invalidates `invalidates` when it succeeds (before `mutateAsync` resolves, so a screen that
 * navigates afterwards finds fresh lists). For actions the five standard hooks do not cover: a bulk update, an
 * order's transition, stock set in a warehouse.
 */
export function useSaveMutation<TVariables, TResult>(options: {
  mutationFn: (variables: TVariables) => Promise<TResult>;
  invalidates: readonly QueryKey[] | ((result: TResult, variables: TVariables) => readonly QueryKey[]);
}): UseMutationResult<TResult, unknown, TVariables> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: (result, variables) =>
      invalidate(
        client,
        typeof options.invalidates === 'function' ? options.invalidates(result, variables) : options.invalidates,
      ),
  });
}

export interface ResourceDocuments<LR, LV, DR, CR, CI, UR, UI, RR> {
  keys: ResourceKeys;
  list: Document<LR, LV>;
  /** One item (a resource listed and created only, such as API keys, has none). */
  detail?: Document<DR, { id: string }>;
  create?: Document<CR, { input: CI }>;
  update?: Document<UR, { id: string; input: UI }>;
  remove?: Document<RR, { id: string }>;
  /** Other resources a change of this one alters (their roots are invalidated too). */
  invalidates?: readonly QueryKey[];
}

export function defineResource<LR, LV, DR, CR extends object, CI, UR, UI, RR>(
  spec: ResourceDocuments<LR, LV, DR, CR, CI, UR, UI, RR>,
) {
  const { keys } = spec;
  const touched = [keys.all, ...(spec.invalidates ?? [])];
  const missing = (what: string) => () => Promise.reject(new Error(`this resource has no ${what} document`));
  return {
    keys,
    /** One page of the list; the previous page stays on screen while the next loads. */
    useList: (variables: LV) =>
      useQuery({
        queryKey: keys.list(variables as object),
        queryFn: () => run(spec.list, variables).then(only),
        placeholderData: keepPreviousData,
      }),
    useDetail: (id: string) =>
      useQuery({
        queryKey: keys.detail(id),
        queryFn: () => (spec.detail ? run(spec.detail, { id }).then(only) : missing('detail')()),
      }),
    /** Resolves to the create mutation's answer (usually `{ id }`). */
    useCreate: () =>
      useSaveMutation({
        mutationFn: (input: CI) => (spec.create ? run(spec.create, { input }).then(only) : missing('create')()),
        invalidates: touched,
      }),
    useUpdate: (id: string) =>
      useSaveMutation({
        mutationFn: (input: UI) => (spec.update ? run(spec.update, { id, input }).then(only) : missing('update')()),
        invalidates: touched,
      }),
    /**
     * Deletes. The deleted item's own query is only marked stale, not refetched: the screen still showing it
     * would flash a "does not exist" error before it navigates away.
     */
    useRemove: (id: string) => {
      const client = useQueryClient();
      const gone = keys.detail(id);
      return useMutation({
        mutationFn: () => (spec.remove ? run(spec.remove, { id }).then(only) : missing('remove')()),
        onSuccess: async () => {
          await client.invalidateQueries({ queryKey: gone, refetchType: 'none' });
          await Promise.all(
            touched.map((queryKey) =>
              client.invalidateQueries({ queryKey, predicate: (q) => !isUnder(q.queryKey, gone) }),
            ),
          );
        },
      });
    },
  };
}
export type Resource = ReturnType<typeof defineResource>;
