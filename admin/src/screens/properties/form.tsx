import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';

import { describeError } from '../../api/errors';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { z } from '../../lib/zod';
import { failedSave, type SaveOutcome } from '../../resource/server-errors';

/** The service's identifier rule (`^[a-z0-9][a-z0-9_-]*$`), said before the request is made. */
export const identifierRule = z
  .string()
  .trim()
  .min(1, 'Enter an identifier.')
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Lowercase letters, digits, dashes and underscores; starts with a letter or digit.');

/** "Shirt size" → "shirt-size": what a new identifier starts as, until it is edited. */
export const toIdentifier = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const groupSchema = z.object({ name: z.string().trim().min(1, 'Enter a name.'), identifier: identifierRule });
export type GroupValues = z.infer<typeof groupSchema>;

export const placeGroupErrors = (error: unknown, setError: UseFormSetError<GroupValues>) =>
  failedSave(error, setError, ['name', 'identifier']);

/** A property group's own fields: Name (English) and Identifier, then Save. */
export function PropertyGroupForm({
  initial,
  followName,
  readOnly,
  onSave,
}: {
  initial: GroupValues;
  followName: boolean;
  readOnly: boolean;
  onSave: (values: GroupValues, setError: UseFormSetError<GroupValues>) => Promise<SaveOutcome>;
}) {
  const form = useForm<GroupValues>({ resolver: zodResolver(groupSchema), defaultValues: initial });
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
    } else if (outcome.unclaimed !== undefined) setFailure(outcome.unclaimed);
  });
  const name = form.register('name', {
    onChange: (e) => {
      if (followName && !dirtyFields.identifier) form.setValue('identifier', toIdentifier(e.target.value));
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-4">
      <fieldset disabled={readOnly || isSubmitting} className="space-y-4">
        <Field label="Name" error={errors.name?.message} {...name} />
        <Field
          label="Identifier"
          error={errors.identifier?.message}
          hint="Stable key for imports and the API (e.g. size)."
          {...form.register('identifier')}
        />
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
