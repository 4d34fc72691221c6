/**
 * The one way a screen says the signed-in person may not do something: a new-item screen without the create
 * permission, a screen whose data the service refused (`forbidden`). The server enforces every permission
 * regardless; this tells the person why nothing here can be changed, the same way on every screen.
 */
export function Refusal({
  action,
}: {
  /** "create tags": completes "You do not have the permission to …". */ action?: string;
}) {
  return (
    <p
      role="status"
      data-refusal=""
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      {action ? `You do not have the permission to ${action}.` : 'You do not have the permission for this.'}
    </p>
  );
}
