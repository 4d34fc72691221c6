import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type LinkProps, useNavigate, useParams } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { ComponentType, ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';

import { useCan } from '../api/session';
import type { z } from '../lib/zod';
import { DetailFrame, Loaded } from './detail-frame';
import type { FieldSpec } from './fields';
import { ResourceForm } from './form';
import { type BulkSpec, ListPage, type ListQuery, useListSearch } from './list-page';

/**
 * A plain resource's three screens (list, new, detail) from one declaration: what differs between tags, tax
 * rules, warehouses, shipping and payment methods is their nouns, columns, fields and the mapping between the
 * API's item and the form's values, never how the screens behave. Anything a declaration cannot say goes into
 * a slot (a custom field, `Intro`, `After`) or, for a screen of another shape, into the parts this is built of
 * (ListPage, DetailFrame, ResourceForm).
 */

const noDefaults = () => ({});

/** The hooks `defineResource` makes, as the screens use them. */
export interface CrudResource<Row, Item, CI, UI> {
  useList: (variables: { page: number; limit: number; search?: string }) => ListQuery<Row>;
  useDetail: (id: string) => UseQueryResult<Item>;
  useCreate: () => UseMutationResult<{ id: string }, unknown, CI>;
  useUpdate: (id: string) => UseMutationResult<unknown, unknown, UI>;
  useRemove: (id: string) => UseMutationResult<unknown, unknown, void>;
}

export interface CrudDeclaration<Row, Item, V extends FieldValues, CI extends UI, UI> {
  resource: CrudResource<Row, Item, CI, UI>;
  paths: {
    list: LinkProps['to'];
    create: LinkProps['to'];
    /** The detail route (`/tags/$tagId`) and its parameter's name. */
    detail: LinkProps['to'];
    param: string;
    /** The detail route's own search, when it has one (a warehouse's stock list). */
    detailSearch?: Record<string, unknown>;
  };
  nouns: {
    /** The list's heading, table caption and the back link's label ("Tags"). */
    plural: string;
    /** The new screen's heading and the create link ("New tag"). */
    create: string;
    /** The delete dialog's object ("this tag"). */
    what: string;
    /** Completes "You do not have the permission to …" on the new screen ("create tags"). */
    createAction: string;
    /** When the list's page says more than the plural: its `h1`, the table's `h2`, the back link's label. */
    title?: string;
    subheading?: string;
  };
  permissions: { create: string; update: string; remove: string };
  /** The area's navigation (CatalogNav, SettingsNav, InventoryTabs). */
  Nav?: ComponentType;
  list: {
    columns: ColumnDef<Row>[];
    /** The API searches this list: a search box bound to `q`. */
    search?: boolean;
    empty: (q: string | undefined) => string;
    bulk?: BulkSpec<Row>;
    pageSize?: number;
  };
  form: {
    schema: z.ZodType<V>;
    /** The fields for a new item (`undefined`) or an existing one; may call hooks (options from a query). */
    useFields: (item: Item | undefined) => ReadonlyArray<FieldSpec<V>> | undefined;
    values: (item: Item | undefined) => V;
    /**
     * A new item's defaults that depend on other data (a new warehouse goes after the last one); `undefined`
     * while that loads. A hook: it may call queries.
     */
    useDefaults?: () => Partial<V> | undefined;
    input: (values: V, item: Item | undefined) => CI;
  };
  detail: {
    title: (item: Item) => string;
    removeDescription: (item: Item) => string;
    /** Shown above the form (read-only facts). */
    Intro?: ComponentType<{ item: Item }>;
    /** Shown below the form (parts with their own saves). */
    After?: ComponentType<{ item: Item; id: string }>;
  };
}

/**
 * A screen component. A screen module exports each of its screens with this type (`export const TagsScreen:
 * Screen = screens.ListScreen`): the route tree loads the module, and an export whose type tsc had to infer from
 * `crudScreens(...)` would depend on that route tree (typed links), a cycle tsc refuses.
 */
export type Screen = () => ReactNode;
export interface CrudScreens {
  ListScreen: Screen;
  NewScreen: Screen;
  DetailScreen: Screen;
}

export function crudScreens<
  Row extends { id: string },
  Item extends { id: string },
  V extends FieldValues,
  CI extends UI,
  UI,
>(d: CrudDeclaration<Row, Item, V, CI, UI>): CrudScreens {
  const nav = d.Nav ? <d.Nav /> : undefined;
  const back = { label: d.nouns.title ?? d.nouns.plural, to: d.paths.list };

  function ListScreen() {
    const { page, q } = useListSearch();
    const list = d.resource.useList({ page, limit: d.list.pageSize ?? 25, ...(d.list.search ? { search: q } : {}) });
    return (
      <ListPage
        title={d.nouns.title ?? d.nouns.plural}
        subheading={d.nouns.subheading}
        nav={nav}
        create={{ label: d.nouns.create, to: d.paths.create, permission: d.permissions.create }}
        search={d.list.search}
        caption={d.nouns.subheading ?? d.nouns.plural}
        columns={d.list.columns}
        query={list}
        empty={d.list.empty(q)}
        bulk={d.list.bulk}
      />
    );
  }

  function ItemForm({
    item,
    readOnly,
    onSave,
  }: {
    item?: Item;
    readOnly: boolean;
    onSave: (input: CI) => Promise<unknown>;
  }) {
    const fields = d.form.useFields(item);
    // Called on every render of every form of this declaration (the declaration never changes), as hooks must be.
    const defaults = (d.form.useDefaults ?? noDefaults)();
    if (!fields || (!item && d.form.useDefaults && !defaults)) return <p>Loading…</p>;
    return (
      <ResourceForm
        schema={d.form.schema}
        initial={item ? d.form.values(item) : { ...d.form.values(undefined), ...defaults }}
        fields={fields}
        readOnly={readOnly}
        onSave={(values) => onSave(d.form.input(values, item))}
      />
    );
  }

  function NewScreen() {
    const can = useCan();
    const navigate = useNavigate();
    const create = d.resource.useCreate();
    const open = (id: string) =>
      navigate({ to: d.paths.detail, params: { [d.paths.param]: id }, search: d.paths.detailSearch } as never);
    return (
      <DetailFrame
        back={back}
        title={d.nouns.create}
        nav={nav}
        requires={{ permission: d.permissions.create, action: d.nouns.createAction }}
      >
        <ItemForm
          readOnly={!can(d.permissions.create)}
          onSave={async (input) => open((await create.mutateAsync(input)).id)}
        />
      </DetailFrame>
    );
  }

  function DetailScreen() {
    const id = (useParams({ strict: false }) as Record<string, string>)[d.paths.param];
    const can = useCan();
    const navigate = useNavigate();
    const query = d.resource.useDetail(id);
    const update = d.resource.useUpdate(id);
    const remove = d.resource.useRemove(id);
    return (
      <Loaded query={query}>
        {(item): ReactNode => (
          <DetailFrame
            back={back}
            title={d.detail.title(item)}
            nav={nav}
            remove={{
              permission: d.permissions.remove,
              what: d.nouns.what,
              description: d.detail.removeDescription(item),
              run: async () => {
                await remove.mutateAsync();
                await navigate({ to: d.paths.list, search: { page: 1 } } as never);
              },
            }}
          >
            {d.detail.Intro && <d.detail.Intro item={item} />}
            <ItemForm
              key={item.id}
              item={item}
              readOnly={!can(d.permissions.update)}
              onSave={(input) => update.mutateAsync(input)}
            />
            {d.detail.After && <d.detail.After item={item} id={id} />}
          </DetailFrame>
        )}
      </Loaded>
    );
  }

  return { ListScreen, NewScreen, DetailScreen };
}
