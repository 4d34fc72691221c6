/**
 * A form's failure as a whole (a refusal that belongs to no single field): announced at once (`role="alert"`),
 * nothing rendered while there is none. Field errors stay beside their fields (`Field`'s `error`).
 */
export function FormFailure({ children }: { children?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {children}
    </p>
  );
}
