import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';

import { gql } from '../../api/client';
import { describeError } from '../../api/errors';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { type AdminProductQuery, AdminProductUpdateDocument } from '../../generated/graphql';
import { z } from '../../lib/zod';
import { placeServerErrors } from '../../resource/server-errors';
import { slugify } from './form';

type Translation = AdminProductQuery['product']['translations'][number];

const translationSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  slug: z
    .string()
    .trim()
    .min(1, 'Enter a slug.')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lowercase letters, digits and single dashes only.'),
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
  const form = useForm<TranslationValues>({ resolver: zodResolver(translationSchema), defaultValues: initial });
  const { errors, isSubmitting, dirtyFields } = form.formState;
  const [failure, setFailure] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  const descriptionId = useId();
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    setSaved(false);
    try {
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
      form.reset(values);
      setSaved(true);
      await onSaved();
    } catch (error) {
      const unclaimed = placeServerErrors(error, form.setError, [
        'name',
        'slug',
        'description',
        'metaTitle',
        'metaDescription',
      ]);
      if (unclaimed !== undefined) setFailure(unclaimed);
    }
  });
  const name = form.register('name', {
    onChange: (e) => {
      if (isNew && !dirtyFields.slug) form.setValue('slug', slugify(e.target.value));
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-4" aria-label={`Texts in ${locale}`}>
      <fieldset disabled={readOnly || isSubmitting} className="space-y-4">
        <Field label="Name" error={errors.name?.message} {...name} />
        <Field label="Slug" error={errors.slug?.message} {...form.register('slug')} />
        <div className="space-y-1">
          <label htmlFor={descriptionId} className="block text-sm font-medium">
            Description
          </label>
          <textarea id={descriptionId} rows={5} className={inputClass} {...form.register('description')} />
        </div>
        <Field label="Meta title" error={errors.metaTitle?.message} {...form.register('metaTitle')} />
        <Field label="Meta description" error={errors.metaDescription?.message} {...form.register('metaDescription')} />
      </fieldset>
      {failure !== undefined && (
        <p role="alert" className="text-sm text-red-700">
          {describeError(failure)}
        </p>
      )}
      <div aria-live="polite" className="text-sm text-green-800">
        {saved ? 'Saved.' : ''}
      </div>
      {!readOnly && (
        <Button type="submit" disabled={isSubmitting}>
          Save
        </Button>
      )}
    </form>
  );
}
