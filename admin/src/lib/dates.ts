/** Instants in the API are ISO strings; people read and type them in the browser's local time. */

/** An instant for reading: "Dec 5, 2026, 4:14 PM" (local time). */
export function dateTime(iso: string): string {
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A `datetime-local` field's value (local time) → an ISO instant; empty → null. */
export const toInstant = (local: string): string | null => (local ? new Date(local).toISOString() : null);

/** An ISO instant → a `datetime-local` field's value (local time, to the minute); none → "". */
export function fromInstant(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
