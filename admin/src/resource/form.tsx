import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  useForm,
  type UseFormReturn,
} from 'react-hook-form';

import { describeError } from '../api/errors';
import { Button } from '../components/ui/button';
import type { z } from '../lib/zod';
import { DeclaredField, type FieldSpec, type FormPart } from './fields';
import { type ClaimedField, placeServerErrors } from './server-errors';

/**
 * The form of every resource screen: declared fields (and custom parts in slots) over react-hook-form and a zod
 * schema; the service's field errors next to their fields (server-errors.ts); one footer: what went wrong, the
 * "Saved." announcement and Save. Read-only (no permission) disables every field and leaves out Save.
 */

/** Where a save stands, for a form's footer: what failed (not placed on a field) and whether it just saved. */
export function useSaveState() {
  const [failure, setFailure] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  return {
    failure,
    saved,
    begin: () => (setFailure(undefined), setSaved(false)),
    succeed: () => setSaved(true),
    fail: (error: unknown) => setFailure(error),
  };
}

/**
 * A hand-written form's submit handler with the kit's behaviour: runs `onSave`, on success resets the form to
 * what was saved (no longer dirty) and announces it; on failure places the service's errors on `fields` and
 * keeps the rest for the footer.
 */
export function useFormSave<V extends FieldValues>(
  form: UseFormReturn<V>,
  fields: ReadonlyArray<Path<V> | ClaimedField<V>>,
  onSave: (values: V) => Promise<unknown>,
) {
  const state = useSaveState();
  const onSubmit = form.handleSubmit(async (values) => {
    state.begin();
    try {
      await onSave(values);
      form.reset(values);
      state.succeed();
    } catch (error) {
      const left = placeServerErrors(error, form.setError, fields);
      if (left !== undefined) state.fail(left);
    }
  });
  return { onSubmit, failure: state.failure, saved: state.saved, submitting: form.formState.isSubmitting };
}

/** The end of every form: the failure as an alert, "Saved." in a live region, then Save (unless read-only). */
export function FormFooter(props: {
  failure: unknown;
  saved: boolean;
  submitting: boolean;
  readOnly?: boolean;
  submitLabel?: string;
  /** More buttons beside Save (e.g. Cancel). */
  actions?: ReactNode;
}) {
  return (
    <>
      {props.failure !== undefined && (
        <p role="alert" className="text-sm text-red-700">
          {describeError(props.failure)}
        </p>
      )}
      <div aria-live="polite" className="text-sm text-green-800">
        {props.saved ? 'Saved.' : ''}
      </div>
      {!props.readOnly && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={props.submitting}>
            {props.submitLabel ?? 'Save'}
          </Button>
          {props.actions}
        </div>
      )}
    </>
  );
}

export interface ResourceFormProps<V extends FieldValues> {
  schema: z.ZodType<V>;
  initial: V;
  fields: ReadonlyArray<FieldSpec<V>>;
  readOnly: boolean;
  /** Saves, or throws the service's error (its field errors are placed next to the fields). */
  onSave: (values: V) => Promise<unknown>;
  submitLabel?: string;
  actions?: ReactNode;
}

/** A form of declared fields, their errors next to them, and the footer. */
export function ResourceForm<V extends FieldValues>(props: ResourceFormProps<V>) {
  const form = useForm<V>({
    resolver: zodResolver(props.schema as never) as unknown as Resolver<V>,
    defaultValues: props.initial as DefaultValues<V>,
  });
  const save = useFormSave(form, props.fields, props.onSave);
  const idBase = useId();
  const errors = form.formState.errors as Record<string, { message?: unknown } | undefined>;
  const part: FormPart<V> = {
    form,
    id: idBase,
    readOnly: props.readOnly,
    error: (name) => {
      const message = errors[name]?.message;
      return typeof message === 'string' ? message : undefined;
    },
  };
  return (
    <form onSubmit={save.onSubmit} noValidate className="max-w-xl space-y-4">
      <fieldset disabled={props.readOnly || save.submitting} className="min-w-0 space-y-4">
        {props.fields.map((spec) => (
          <DeclaredField key={spec.name} spec={spec} part={part} />
        ))}
      </fieldset>
      <FormFooter {...save} readOnly={props.readOnly} submitLabel={props.submitLabel} actions={props.actions} />
    </form>
  );
}
