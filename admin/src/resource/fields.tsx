import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

import { Field, inputClass } from '../components/ui/field';

/** One field of a form, declared: the kit draws its label, input, hint and error. */
export type FieldSpec<V extends FieldValues> = StandardField<V> | CustomField<V>;

interface StandardField<V extends FieldValues> {
  name: Path<V>;
  label: string;
  kind?: 'text' | 'number' | 'checkbox' | 'select' | 'datetime' | 'password' | 'email';
  options?: ReadonlyArray<{ value: string; label: string }>;
  hint?: ReactNode;
  /** The service's names for this field when they are not the form's (e.g. `priceGross` for "Price"). */
  serverNames?: readonly string[];
}

/**
 * A slot for a part the declarations cannot say (translations per locale, a relation picker, an options
 * editor): drawn in its place among the fields with the form's state, so its values are saved with the rest
 * and the service's errors for `name` (and `serverNames`) land on it like on any field.
 */
export interface CustomField<V extends FieldValues> {
  kind: 'custom';
  name: Path<V>;
  serverNames?: readonly string[];
  render: (part: FormPart<V>) => ReactNode;
}

export interface FormPart<V extends FieldValues> {
  form: UseFormReturn<V>;
  /** A unique id base for the part's inputs. */
  id: string;
  /** The message on `name` (the form's rule or the service's), if any. */
  error: (name: Path<V>) => string | undefined;
  readOnly: boolean;
}

/** Draws one declared field. */
export function DeclaredField<V extends FieldValues>({ spec, part }: { spec: FieldSpec<V>; part: FormPart<V> }) {
  const { form, error } = part;
  const id = `${part.id}-${spec.name}`;
  if (spec.kind === 'custom') return <>{spec.render({ ...part, id })}</>;
  const message = error(spec.name);
  if (spec.kind === 'checkbox')
    return (
      <div className="flex items-center gap-2">
        <input id={id} type="checkbox" {...form.register(spec.name)} />
        <label htmlFor={id} className="text-sm">
          {spec.label}
        </label>
      </div>
    );
  if (spec.kind === 'select')
    return (
      <SelectField id={id} label={spec.label} error={message} {...form.register(spec.name)}>
        {spec.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectField>
    );
  const kind = spec.kind ?? 'text';
  return (
    <Field
      id={id}
      label={spec.label}
      error={message}
      hint={spec.hint}
      type={kind === 'datetime' ? 'datetime-local' : kind === 'number' ? 'text' : kind}
      inputMode={kind === 'number' ? 'decimal' : undefined}
      autoComplete={kind === 'password' ? 'new-password' : undefined}
      {...form.register(spec.name)}
    />
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled `<select>` with its error next to it. */
export function SelectField({ label, error, id, children, ref, ...props }: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className="space-y-1">
      <label htmlFor={selectId} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={selectId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={inputClass}
        {...props}
      >
        {children}
      </select>
      {error && (
        <p id={`${selectId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A list filter over a fixed set of values: "All …" (no filter) or one of them, by its label. */
export function ChoiceFilter<T extends string>(props: {
  label: string;
  /** The first option's text, meaning no filter ("All statuses"). */
  all: string;
  value: T | undefined;
  labels: Record<T, string>;
  onChange: (value: T | undefined) => void;
}) {
  const choices = Object.keys(props.labels) as T[];
  return (
    <SelectField
      label={props.label}
      value={props.value ?? ''}
      onChange={(e) => props.onChange(choices.find((c) => c === e.target.value))}
    >
      <option value="">{props.all}</option>
      {choices.map((c) => (
        <option key={c} value={c}>
          {props.labels[c]}
        </option>
      ))}
    </SelectField>
  );
}
