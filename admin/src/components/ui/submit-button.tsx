import type { ReactNode } from 'react';

import { Button } from './button';

/** The full-width submit button of a single-column form, disabled while the form is being sent. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={pending} className="w-full">
      {children}
    </Button>
  );
}
