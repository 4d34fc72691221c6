import { gql } from '../../api/client';
import { CatalogNav } from '../../components/catalog-nav';
import { OptionsEditor } from '../../components/options-editor';
import {
  AdminAttributeCreateDocument,
  AdminAttributeDeleteDocument,
  AdminAttributeDocument,
  AdminAttributeOptionCreateDocument,
  AdminAttributeOptionDeleteDocument,
  AdminAttributeOptionUpdateDocument,
  type AdminAttributeRowFragment,
  AdminAttributesDocument,
  AdminAttributeUpdateDocument,
} from '../../generated/graphql';
import { englishOf, translatedName, withEnglish } from '../../lib/translations';
import { z } from '../../lib/zod';
import { linkColumn, textColumn } from '../../resource/columns';
import { crudScreens, type Screen } from '../../resource/crud';
import type { FieldSpec } from '../../resource/fields';
import { keys } from '../../resource/keys';
import { defineResource } from '../../resource/resource';
import { identifierRule, nameField, useOptionWrites, wholeList } from '../properties/shared';

/** Attribute definitions; the API answers them whole (a shop has dozens), the search filters what arrived. */

type Attribute = AdminAttributeRowFragment;

/** Every attribute type the API takes (`AttributeInput.type`). */
export const ATTRIBUTE_TYPES = ['text', 'number', 'select', 'multi_select', 'boolean'] as const;
export const TYPE_LABELS: Record<string, string> = {
  text: 'Text',
  number: 'Number',
  select: 'Select (one option)',
  multi_select: 'Multi-select (several options)',
  boolean: 'Yes / no',
};

export const attributes = defineResource({
  keys: keys.attributes,
  list: AdminAttributesDocument,
  detail: AdminAttributeDocument,
  create: AdminAttributeCreateDocument,
  update: AdminAttributeUpdateDocument,
  remove: AdminAttributeDeleteDocument,
  // Deleting one deletes every product's value of it.
  invalidates: [keys.products.all],
});

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  identifier: identifierRule,
  type: z.enum(ATTRIBUTE_TYPES),
  unit: z.string().trim(),
  description: z.string().trim(),
  required: z.boolean(),
  filterable: z.boolean(),
});
type Values = z.infer<typeof schema>;

const fields = (a: Attribute | undefined): ReadonlyArray<FieldSpec<Values>> => [
  nameField<Values>('identifier', !a),
  { name: 'identifier', label: 'Identifier' },
  {
    name: 'type',
    label: 'Type',
    kind: 'select',
    options: ATTRIBUTE_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })),
  },
  { name: 'unit', label: 'Unit', hint: 'Optional, e.g. cm or kg.' },
  { name: 'description', label: 'Description' },
  { name: 'required', label: 'Required', kind: 'checkbox' },
  { name: 'filterable', label: 'Filterable in the shop', kind: 'checkbox' },
];

const screens = crudScreens({
  resource: {
    ...attributes,
    useList: wholeList(
      () => attributes.useList({}),
      (a: Attribute, needle) =>
        a.identifier.includes(needle) || a.translations.some((t) => t.name.toLowerCase().includes(needle)),
    ),
  },
  paths: { list: '/attributes', create: '/attributes/new', detail: '/attributes/$attributeId', param: 'attributeId' },
  nouns: { plural: 'Attributes', create: 'New attribute', what: 'this attribute', createAction: 'create attributes' },
  permissions: { create: 'products.create', update: 'products.update', remove: 'products.delete' },
  Nav: CatalogNav,
  list: {
    search: true,
    columns: [
      linkColumn(
        'Name',
        (a: Attribute) => translatedName(a.translations, a.identifier),
        (a) => ({ to: '/attributes/$attributeId', params: { attributeId: a.id } }),
      ),
      textColumn('identifier', 'Identifier', (a: Attribute) => a.identifier),
      textColumn('type', 'Type', (a: Attribute) => TYPE_LABELS[a.type] ?? a.type),
      textColumn('unit', 'Unit', (a: Attribute) => a.unit ?? '—'),
    ],
    empty: (q) => (q ? `No attributes match “${q}”.` : 'No attributes yet.'),
  },
  form: {
    schema,
    useFields: fields,
    values: (a?: Attribute) => ({
      name: a ? translatedName(a.translations, a.identifier) : '',
      identifier: a?.identifier ?? '',
      type: ATTRIBUTE_TYPES.find((t) => t === a?.type) ?? 'text',
      unit: a?.unit ?? '',
      description: (a && englishOf(a.translations)?.description) ?? '',
      required: a?.required ?? false,
      filterable: a?.filterable ?? false,
    }),
    // A full replacement: the translations of other locales are sent back as they are.
    input: (v, a) => ({
      identifier: v.identifier,
      type: v.type,
      required: v.required,
      filterable: v.filterable,
      ...(v.unit ? { unit: v.unit } : {}),
      ...(a ? { position: a.position } : {}),
      translations: withEnglish(a?.translations ?? [], { name: v.name, description: v.description }),
    }),
  },
  detail: {
    title: (a) => translatedName(a.translations, a.identifier),
    removeDescription: (a) =>
      `“${translatedName(a.translations, a.identifier)}”, its options and every product's value of it are deleted.`,
    After: AttributeOptions,
  },
});

export const AttributesScreen: Screen = screens.ListScreen;
export const NewAttributeScreen: Screen = screens.NewScreen;
export const AttributeScreen: Screen = screens.DetailScreen;

/** A select attribute's options, each saved on its own. */
function AttributeOptions({ item: attribute }: { item: Attribute }) {
  const attributeId = attribute.id;
  const { editor } = useOptionWrites({
    options: attribute.options,
    refreshKeys: [keys.attributes.all, keys.products.all],
    create: (values) =>
      gql(AdminAttributeOptionCreateDocument, {
        attributeId,
        input: { translations: [{ locale: 'en', name: values.name }] },
      }),
    update: (optionId, values, option) =>
      gql(AdminAttributeOptionUpdateDocument, {
        attributeId,
        optionId,
        input: {
          position: option?.position,
          translations: withEnglish(option?.translations ?? [], { name: values.name }),
        },
      }),
    remove: (optionId) => gql(AdminAttributeOptionDeleteDocument, { attributeId, optionId }),
  });
  if (attribute.type !== 'select' && attribute.type !== 'multi_select') return null;
  return <OptionsEditor noun="option" {...editor} />;
}
