import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';

import { ApiError, describeError } from '../../api/errors';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { z } from '../../lib/zod';
import { slugify } from '../products/form';

export const categorySchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  slug: z
    .string()
    .trim()
    .min(1, 'Enter a slug.')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lowercase letters, digits and single dashes only.'),
  active: z.boolean(),
});
export type CategoryValues = z.infer<typeof categorySchema>;

/** The service's field errors next to Name and Slug; `true` when all of them found a field. */
export function applyCategoryErrors(error: unknown, setError: UseFormSetError<CategoryValues>): unknown {
  if (!(error instanceof ApiError) || error.kind !== 'api') return error;
  let unclaimed = error.entries.length === 0;
  for (const entry of error.entries) {
    const last = entry.field
      ?.split(/[.[\]]/)
      .filter(Boolean)
      .pop();
    if (last === 'name' || last === 'slug')
      setError(last, { type: entry.code, message: `${entry.detail} (${entry.code})` }, { shouldFocus: true });
    else unclaimed = true;
  }
  return unclaimed ? error : undefined;
}

interface CategoryFormProps {
  initial: CategoryValues;
  followName: boolean;
  readOnly: boolean;
  /** Resolves to nothing when saved, else to the error no field claimed (or `null` when all did). */
  onSave: (
    values: CategoryValues,
    setError: UseFormSetError<CategoryValues>,
  ) => Promise<{ saved: boolean; error?: unknown }>;
}

export function CategoryForm({ initial, followName, readOnly, onSave }: CategoryFormProps) {
  const form = useForm<CategoryValues>({ resolver: zodResolver(categorySchema), defaultValues: initial });
  const { errors, isSubmitting, dirtyFields } = form.formState;
  const [failure, setFailure] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    setSaved(false);
    const outcome = await onSave(values, form.setError);
    if (outcome.saved) {
      setSaved(true);
      form.reset(values);
    } else if (outcome.error !== undefined) setFailure(outcome.error);
  });
  const name = form.register('name', {
    onChange: (e) => {
      if (followName && !dirtyFields.slug) form.setValue('slug', slugify(e.target.value));
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-4">
      <fieldset disabled={readOnly || isSubmitting} className="space-y-4">
        <Field label="Name" error={errors.name?.message} {...name} />
        <Field label="Slug" error={errors.slug?.message} hint="Used in the shop's URLs." {...form.register('slug')} />
        <div className="flex items-center gap-2">
          <input id="category-active" type="checkbox" {...form.register('active')} />
          <label htmlFor="category-active" className="text-sm">
            Active (visible in the shop)
          </label>
        </div>
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
