import type { ColumnDef } from '@tanstack/react-table';
import type { ComponentType } from 'react';

import { translatedName, withEnglish } from '../../lib/translations';
import { z } from '../../lib/zod';
import { linkColumn, statusColumn, textColumn } from '../../resource/columns';
import { type CrudDeclaration, type CrudResource, type CrudScreens, crudScreens } from '../../resource/crud';
import type { FieldSpec } from '../../resource/fields';
import { SettingsNav } from './nav';

/**
 * What checkout offers (shipping methods, payment methods) shares one shape: an English name and description
 * (other locales kept), a position in the store's order, and whether checkout offers it. A method declares only
 * what it adds (a price and tax rule, a provider) between the description and the position.
 */

interface Method {
  id: string;
  position: number;
  active: boolean;
  translations: Array<{ locale: string; name: string; description?: string | null }>;
}

const common = {
  name: z.string().trim().min(1, 'Enter a name.'),
  description: z.string().trim(),
  position: z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'A whole number.'),
  active: z.boolean(),
};
type Common = { name: string; description: string; position: string; active: boolean };
/** A method's form values: the common ones and its own. */
export type MethodValues<E> = Common & E;

type Crud<M, E extends Record<string, unknown>, CI extends UI, UI> = CrudDeclaration<M, M, Common & E, CI, UI>;

export interface MethodDeclaration<M extends Method, E extends Record<string, unknown>, CI extends UI, UI> {
  resource: CrudResource<M, M, CI, UI>;
  paths: Crud<M, E, CI, UI>['paths'];
  nouns: Crud<M, E, CI, UI>['nouns'];
  permissions: Crud<M, E, CI, UI>['permissions'];
  /** The method's own fields: their schema, declarations (may call hooks), values and input. */
  own: {
    schema: { [K in keyof E]: z.ZodType<E[K]> };
    useFields: (method: M | undefined) => FieldSpec<Common & E>[] | undefined;
    values: (method: M | undefined) => E;
    input: (values: E) => Omit<CI, 'translations' | 'position' | 'active'>;
    /** Columns between Name and Position. */
    columns: ColumnDef<M>[];
  };
  /** What an order that used it keeps when it is deleted ("shipping", "payments"). */
  ordersKeep: string;
  Intro?: ComponentType<{ item: M }>;
}

export function checkoutMethodScreens<M extends Method, E extends Record<string, unknown>, CI extends UI, UI>(
  d: MethodDeclaration<M, E, CI, UI>,
): CrudScreens {
  const schema = z.object({ ...common, ...d.own.schema }) as unknown as z.ZodType<Common & E>;
  const detail = d.paths.detail;
  return crudScreens<M, M, Common & E, CI, UI>({
    resource: d.resource,
    paths: d.paths,
    nouns: d.nouns,
    permissions: d.permissions,
    Nav: SettingsNav,
    list: {
      columns: [
        linkColumn(
          'Name',
          (m: M) => translatedName(m.translations),
          (m) => ({ to: detail, params: { [d.paths.param]: m.id } }),
        ),
        ...d.own.columns,
        textColumn('position', 'Position', (m: M) => m.position),
        statusColumn<M>(),
      ],
      empty: () => `No ${d.nouns.plural.toLowerCase()} yet.`,
    },
    form: {
      schema,
      useFields: (m) => {
        const own = d.own.useFields(m);
        if (!own) return undefined;
        const fields: FieldSpec<Common>[] = [
          { name: 'name', label: 'Name', serverNames: ['translations'] },
          { name: 'description', label: 'Description' },
          ...(own as unknown as FieldSpec<Common>[]),
          { name: 'position', label: 'Position', kind: 'number', hint: 'Lower comes first in the store.' },
          { name: 'active', label: 'Active (offered at checkout)', kind: 'checkbox' },
        ];
        return fields as unknown as FieldSpec<Common & E>[];
      },
      values: (m) => ({
        name: m ? translatedName(m.translations) : '',
        description: m?.translations.find((t) => t.locale === 'en')?.description ?? '',
        position: String(m?.position ?? 0),
        active: m?.active ?? true,
        ...d.own.values(m),
      }),
      input: (v, m) =>
        ({
          translations: withEnglish(m?.translations ?? [], { name: v.name, description: v.description }),
          position: Number(v.position),
          active: v.active,
          ...d.own.input(v),
        }) as CI,
    },
    detail: {
      title: (m) => translatedName(m.translations),
      removeDescription: () => `Checkout no longer offers it. Orders that used it keep their ${d.ordersKeep}.`,
      Intro: d.Intro,
    },
  });
}
