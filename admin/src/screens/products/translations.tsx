import { useId, useState } from 'react';

import { gql } from '../../api/client';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { type AdminProductQuery, AdminProductUpdateDocument } from '../../generated/graphql';
import { z } from '../../lib/zod';
import type { FieldSpec } from '../../resource/fields';
import { ResourceForm } from '../../resource/form';
import { nameField, slugRule } from '../properties/shared';

type Translation = AdminProductQuery['product']['translations'][number];

const translationSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  slug: slugRule,
  description: z.string(),
  metaTitle: z.string().trim(),
  metaDescription: z.string().trim(),
});
type TranslationValues = z.infer<typeof translationSchema>;

/**
 * The product's texts per locale: a locale select (the stored locales, plus any added here), and that locale's
 * name, slug, description and meta texts. Saving upserts that one locale; the others are kept.
 */
export function TranslationsPanel({
  productId,
  translations,
  readOnly,
  onSaved,
}: {
  productId: string;
  translations: readonly Translation[];
  readOnly: boolean;
  onSaved: () => Promise<void>;
}) {
  const selectId = useId();
  const [added, setAdded] = useState<string[]>([]);
  const locales = [
    ...translations.map((t) => t.locale),
    ...added.filter((l) => !translations.some((t) => t.locale === l)),
  ];
  const [locale, setLocale] = useState(locales[0] ?? 'en');
  const [newLocale, setNewLocale] = useState('');
  const newLocaleValid = /^[a-z]{2}(-[A-Z]{2})?$/.test(newLocale.trim());
  const current = translations.find((t) => t.locale === locale);

  return (
    <section className="space-y-4" aria-label="Translations">
      <div className="flex flex-wrap items-end gap-4">
        <div className="space-y-1">
          <label htmlFor={selectId} className="block text-sm font-medium">
            Locale
          </label>
          <select id={selectId} className={inputClass} value={locale} onChange={(e) => setLocale(e.target.value)}>
            {locales.map((l) => (
              <option key={l} value={l}>
                {l}
                {translations.some((t) => t.locale === l) ? '' : ' (new)'}
              </option>
            ))}
          </select>
        </div>
        {!readOnly && (
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              const l = newLocale.trim();
              if (!newLocaleValid) return;
              if (!locales.includes(l)) setAdded([...added, l]);
              setLocale(l);
              setNewLocale('');
            }}
          >
            <Field
              label="New locale"
              placeholder="de or de-AT"
              value={newLocale}
              onChange={(e) => setNewLocale(e.target.value)}
            />
            <Button type="submit" variant="outline" disabled={!newLocaleValid}>
              Add locale
            </Button>
          </form>
        )}
      </div>
      <TranslationForm
        key={locale}
        productId={productId}
        locale={locale}
        initial={{
          name: current?.name ?? '',
          slug: current?.slug ?? '',
          description: current?.description ?? '',
          metaTitle: current?.metaTitle ?? '',
          metaDescription: current?.metaDescription ?? '',
        }}
        isNew={!current}
        readOnly={readOnly}
        onSaved={onSaved}
      />
    </section>
  );
}

function TranslationForm({
  productId,
  locale,
  initial,
  isNew,
  readOnly,
  onSaved,
}: {
  productId: string;
  locale: string;
  initial: TranslationValues;
  isNew: boolean;
  readOnly: boolean;
  onSaved: () => Promise<void>;
}) {
  const fields: FieldSpec<TranslationValues>[] = [
    nameField<TranslationValues>('slug', isNew),
    { name: 'slug', label: 'Slug' },
    {
      kind: 'custom',
      name: 'description',
      render: ({ form, id }) => (
        <div className="space-y-1">
          <label htmlFor={id} className="block text-sm font-medium">
            Description
          </label>
          <textarea id={id} rows={5} className={inputClass} {...form.register('description')} />
        </div>
      ),
    },
    { name: 'metaTitle', label: 'Meta title' },
    { name: 'metaDescription', label: 'Meta description' },
  ];
  return (
    <section aria-label={`Texts in ${locale}`}>
      <ResourceForm
        schema={translationSchema}
        initial={initial}
        fields={fields}
        readOnly={readOnly}
        onSave={async (values) => {
          await gql(AdminProductUpdateDocument, {
            id: productId,
            input: {
              translations: [
                {
                  locale,
                  name: values.name,
                  slug: values.slug,
                  ...(values.description ? { description: values.description } : {}),
                  ...(values.metaTitle ? { metaTitle: values.metaTitle } : {}),
                  ...(values.metaDescription ? { metaDescription: values.metaDescription } : {}),
                },
              ],
            },
          });
          await onSaved();
        }}
      />
    </section>
  );
}
