import { CatalogNav } from '../../components/catalog-nav';
import {
  AdminTagCreateDocument,
  AdminTagDeleteDocument,
  AdminTagDocument,
  AdminTagsDocument,
  AdminTagUpdateDocument,
} from '../../generated/graphql';
import { z } from '../../lib/zod';
import { linkColumn, textColumn } from '../../resource/columns';
import { crudScreens, type Screen } from '../../resource/crud';
import type { FieldSpec } from '../../resource/fields';
import { keys } from '../../resource/keys';
import { defineResource } from '../../resource/resource';

/** Tags: searched and paged on the server (a shop may have many); a tag's slug is derived from its name when empty. */

const tags = defineResource({
  keys: keys.tags,
  list: AdminTagsDocument,
  detail: AdminTagDocument,
  create: AdminTagCreateDocument,
  update: AdminTagUpdateDocument,
  remove: AdminTagDeleteDocument,
  // A renamed or deleted tag changes the products that carry it.
  invalidates: [keys.products.all],
});

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  slug: z
    .string()
    .trim()
    .regex(/^([a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'Lowercase letters, digits and single dashes only.'),
});
type Values = z.infer<typeof schema>;
type Tag = { id: string; name: string; slug: string };

const fields = (tag: Tag | undefined): FieldSpec<Values>[] => [
  { name: 'name', label: 'Name' },
  { name: 'slug', label: 'Slug', hint: tag ? undefined : 'Leave empty to derive it from the name.' },
];

const screens = crudScreens({
  resource: tags,
  paths: { list: '/tags', create: '/tags/new', detail: '/tags/$tagId', param: 'tagId' },
  nouns: { plural: 'Tags', create: 'New tag', what: 'this tag', createAction: 'create tags' },
  permissions: { create: 'tags.create', update: 'tags.update', remove: 'tags.delete' },
  Nav: CatalogNav,
  list: {
    columns: [
      linkColumn(
        'Name',
        (t: Tag) => t.name,
        (t) => ({ to: '/tags/$tagId', params: { tagId: t.id } }),
      ),
      textColumn('slug', 'Slug', (t: Tag) => t.slug),
    ],
    search: true,
    empty: (q) => `No tags${q ? ` match “${q}”` : ''}.`,
  },
  form: {
    schema,
    useFields: fields,
    values: (tag) => ({ name: tag?.name ?? '', slug: tag?.slug ?? '' }),
    input: (v) => ({ name: v.name, ...(v.slug ? { slug: v.slug } : {}) }),
  },
  detail: {
    title: (tag) => tag.name,
    removeDescription: (tag) => `“${tag.name}” is deleted and removed from its products.`,
  },
});

export const TagsScreen: Screen = screens.ListScreen;
export const NewTagScreen: Screen = screens.NewScreen;
export const TagScreen: Screen = screens.DetailScreen;
