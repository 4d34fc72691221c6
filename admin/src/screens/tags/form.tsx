import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';

import { describeError } from '../../api/errors';
import { placeServerErrors, type SaveOutcome } from '../../components/form-errors';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { z } from '../../lib/zod';

const tagSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  slug: z
    .string()
    .trim()
    .regex(/^([a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'Lowercase letters, digits and single dashes only.'),
});
export type TagValues = z.infer<typeof tagSchema>;

export const placeTagErrors = (error: unknown, setError: UseFormSetError<TagValues>) =>
  placeServerErrors(error, setError, ['name', 'slug']);

/** A tag: Name and Slug (empty on a new tag: the service derives it from the name), then Save. */
export function TagForm({
  initial,
  readOnly,
  onSave,
  slugHint,
}: {
  initial: TagValues;
  readOnly: boolean;
  slugHint?: string;
  onSave: (values: TagValues, setError: UseFormSetError<TagValues>) => Promise<SaveOutcome>;
}) {
  const form = useForm<TagValues>({ resolver: zodResolver(tagSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    setSaved(false);
    const outcome = await onSave(values, form.setError);
    if (outcome.saved) {
      setSaved(true);
      form.reset(values);
    } else if (outcome.unclaimed !== undefined) setFailure(outcome.unclaimed);
  });
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-4">
      <fieldset disabled={readOnly || isSubmitting} className="space-y-4">
        <Field label="Name" error={errors.name?.message} {...form.register('name')} />
        <Field label="Slug" error={errors.slug?.message} hint={slugHint} {...form.register('slug')} />
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
