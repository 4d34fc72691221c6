import { gql } from '../../api/client';
import { CatalogNav } from '../../components/catalog-nav';
import { OptionsEditor, type OptionValues } from '../../components/options-editor';
import {
  AdminPropertyGroupCreateDocument,
  AdminPropertyGroupDeleteDocument,
  AdminPropertyGroupDocument,
  type AdminPropertyGroupRowFragment,
  AdminPropertyGroupsDocument,
  AdminPropertyGroupUpdateDocument,
  AdminPropertyOptionCreateDocument,
  AdminPropertyOptionDeleteDocument,
  AdminPropertyOptionUpdateDocument,
} from '../../generated/graphql';
import { translatedName, withEnglish } from '../../lib/translations';
import { z } from '../../lib/zod';
import { linkColumn, textColumn } from '../../resource/columns';
import { crudScreens, type Screen } from '../../resource/crud';
import type { FieldSpec } from '../../resource/fields';
import { keys } from '../../resource/keys';
import { defineResource } from '../../resource/resource';
import { identifierRule, movedPositions, nameField, useOptionWrites, wholeList } from './shared';

/**
 * Property groups (the axes variants are generated from) and their options. The API answers them whole with
 * their options (a shop has a handful), so the list's search filters what arrived; the search still lives in
 * the URL.
 */

type Group = AdminPropertyGroupRowFragment;

const groups = defineResource({
  keys: keys.propertyGroups,
  list: AdminPropertyGroupsDocument,
  detail: AdminPropertyGroupDocument,
  create: AdminPropertyGroupCreateDocument,
  update: AdminPropertyGroupUpdateDocument,
  remove: AdminPropertyGroupDeleteDocument,
  // Variants show their options by group.
  invalidates: [keys.products.all],
});

const matches = (g: Group, needle: string) =>
  g.identifier.includes(needle) ||
  g.translations.some((t) => t.name.toLowerCase().includes(needle)) ||
  g.options.some((o) => o.translations.some((t) => t.name.toLowerCase().includes(needle)));

const schema = z.object({ name: z.string().trim().min(1, 'Enter a name.'), identifier: identifierRule });
type Values = z.infer<typeof schema>;

const screens = crudScreens({
  resource: { ...groups, useList: wholeList(() => groups.useList({}), matches) },
  paths: { list: '/properties', create: '/properties/new', detail: '/properties/$groupId', param: 'groupId' },
  nouns: {
    plural: 'Property groups',
    create: 'New property group',
    what: 'this property group',
    createAction: 'create property groups',
  },
  permissions: { create: 'products.create', update: 'products.update', remove: 'products.delete' },
  Nav: CatalogNav,
  list: {
    search: true,
    columns: [
      linkColumn(
        'Name',
        (g: Group) => translatedName(g.translations, g.identifier),
        (g) => ({ to: '/properties/$groupId', params: { groupId: g.id } }),
      ),
      textColumn('identifier', 'Identifier', (g: Group) => g.identifier),
      textColumn(
        'options',
        'Options',
        (g: Group) => g.options.map((o) => translatedName(o.translations)).join(', ') || '—',
      ),
    ],
    empty: (q) => (q ? `No property groups match “${q}”.` : 'No property groups yet.'),
  },
  form: {
    schema,
    useFields: (g): ReadonlyArray<FieldSpec<Values>> => [
      nameField<Values>('identifier', !g),
      { name: 'identifier', label: 'Identifier', hint: 'Stable key for imports and the API (e.g. size).' },
    ],
    values: (g?: Group) => ({
      name: g ? translatedName(g.translations, g.identifier) : '',
      identifier: g?.identifier ?? '',
    }),
    input: (v, g) => ({
      identifier: v.identifier,
      ...(g ? { position: g.position } : {}),
      translations: withEnglish(g?.translations ?? [], { name: v.name }),
    }),
  },
  detail: {
    title: (g) => translatedName(g.translations, g.identifier),
    removeDescription: (g) => `“${translatedName(g.translations, g.identifier)}” and its options are deleted.`,
    After: GroupOptions,
  },
});

export const PropertyGroupsScreen: Screen = screens.ListScreen;
export const NewPropertyGroupScreen: Screen = screens.NewScreen;
export const PropertyGroupScreen: Screen = screens.DetailScreen;

/** A group's options: each saved on its own, in the order the shop lists them. */
function GroupOptions({ item: group }: { item: Group }) {
  const groupId = group.id;
  const optionInput = (values: OptionValues, translations: ReadonlyArray<{ locale: string; name: string }> = []) => ({
    translations: withEnglish(translations, { name: values.name }),
    ...(values.colorHex ? { colorHex: values.colorHex } : {}),
  });
  const { editor, thenRefresh } = useOptionWrites({
    options: group.options,
    refreshKeys: [keys.propertyGroups.all, keys.products.all],
    create: (values) => gql(AdminPropertyOptionCreateDocument, { groupId, input: optionInput(values) }),
    update: (optionId, values, option) =>
      gql(AdminPropertyOptionUpdateDocument, {
        groupId,
        optionId,
        input: { ...optionInput(values, option?.translations), position: option?.position },
      }),
    remove: (optionId) => gql(AdminPropertyOptionDeleteDocument, { groupId, optionId }),
  });
  return (
    <OptionsEditor
      noun="option"
      withColour
      {...editor}
      onMove={thenRefresh(async (optionId: string, by: -1 | 1) => {
        for (const { item, position } of movedPositions(group.options, optionId, by))
          await gql(AdminPropertyOptionUpdateDocument, {
            groupId,
            optionId: item.id,
            input: {
              translations: item.translations.map((t) => ({ locale: t.locale, name: t.name })),
              ...(item.colorHex ? { colorHex: item.colorHex } : {}),
              position,
            },
          });
      })}
    />
  );
}
