/** A form's failure, announced when it appears (role alert); nothing when there is none. */
export function Alert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
      {message}
    </p>
  );
}
