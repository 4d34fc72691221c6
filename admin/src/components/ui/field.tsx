import * as Label from '@radix-ui/react-label';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

import { cn } from '../../lib/cn';

export const inputClass =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 disabled:bg-slate-100 aria-[invalid=true]:border-red-700';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The service's (or the form's) message for this field, shown under it and announced with it. */
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error next to it (`aria-invalid`, `aria-describedby`). */
export function Field({ label, error, hint, className, id, ref, ...props }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1', className)}>
      <Label.Root htmlFor={inputId} className="block text-sm font-medium">
        {label}
      </Label.Root>
      <input
        id={inputId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
        {...props}
      />
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
