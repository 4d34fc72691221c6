import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';

import { describeError } from '../../api/errors';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { z } from '../../lib/zod';
import { failedSave, type SaveOutcome } from '../../resource/server-errors';
import { identifierRule, toIdentifier } from '../properties/form';

/** Every attribute type the API takes (`AttributeInput.type`). */
export const ATTRIBUTE_TYPES = ['text', 'number', 'select', 'multi_select', 'boolean'] as const;
export const TYPE_LABELS: Record<string, string> = {
  text: 'Text',
  number: 'Number',
  select: 'Select (one option)',
  multi_select: 'Multi-select (several options)',
  boolean: 'Yes / no',
};

const attributeSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  identifier: identifierRule,
  type: z.enum(ATTRIBUTE_TYPES),
  unit: z.string().trim(),
  description: z.string().trim(),
  required: z.boolean(),
  filterable: z.boolean(),
});
export type AttributeValues = z.infer<typeof attributeSchema>;

export const placeAttributeErrors = (error: unknown, setError: UseFormSetError<AttributeValues>) =>
  failedSave(error, setError, ['name', 'identifier', 'type', 'unit', 'description']);

/** The API's input (a full replacement) from the form, keeping the translations of other locales. */
export function attributeInput(
  values: AttributeValues,
  others: ReadonlyArray<{ locale: string; name: string; description?: string | null }> = [],
  position?: number,
) {
  return {
    identifier: values.identifier,
    type: values.type,
    required: values.required,
    filterable: values.filterable,
    ...(values.unit ? { unit: values.unit } : {}),
    ...(position !== undefined ? { position } : {}),
    translations: [
      ...others
        .filter((t) => t.locale !== 'en')
        .map((t) => ({ locale: t.locale, name: t.name, ...(t.description ? { description: t.description } : {}) })),
      { locale: 'en', name: values.name, ...(values.description ? { description: values.description } : {}) },
    ],
  };
}

export function AttributeForm({
  initial,
  followName,
  readOnly,
  onSave,
}: {
  initial: AttributeValues;
  followName: boolean;
  readOnly: boolean;
  onSave: (values: AttributeValues, setError: UseFormSetError<AttributeValues>) => Promise<SaveOutcome>;
}) {
  const form = useForm<AttributeValues>({ resolver: zodResolver(attributeSchema), defaultValues: initial });
  const { errors, isSubmitting, dirtyFields } = form.formState;
  const [failure, setFailure] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  const ids = { type: useId(), required: useId(), filterable: useId() };
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
        <Field label="Identifier" error={errors.identifier?.message} {...form.register('identifier')} />
        <div className="space-y-1">
          <label htmlFor={ids.type} className="block text-sm font-medium">
            Type
          </label>
          <select id={ids.type} className={inputClass} {...form.register('type')}>
            {ATTRIBUTE_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
          {errors.type && <p className="text-sm text-red-700">{errors.type.message}</p>}
        </div>
        <Field label="Unit" hint="Optional, e.g. cm or kg." error={errors.unit?.message} {...form.register('unit')} />
        <Field label="Description" error={errors.description?.message} {...form.register('description')} />
        <div className="flex items-center gap-2">
          <input id={ids.required} type="checkbox" {...form.register('required')} />
          <label htmlFor={ids.required} className="text-sm">
            Required
          </label>
        </div>
        <div className="flex items-center gap-2">
          <input id={ids.filterable} type="checkbox" {...form.register('filterable')} />
          <label htmlFor={ids.filterable} className="text-sm">
            Filterable in the shop
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
