import { ApiError, describeError } from '../api/errors';
import { Refusal } from './refusal';
import { Button } from './ui/button';

/**
 * A failed load, said plainly, with a retry (a lost connection and a 503 are worth trying again). A refusal is
 * the permission's own message, with nothing to retry.
 */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.code === 'forbidden') return <Refusal />;
  return (
    <div role="alert" className="space-y-3 rounded-md border border-red-300 bg-red-50 p-4">
      <p className="text-sm text-red-900">{describeError(error)}</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** A failed action, next to the control that started it. */
export function ActionError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {describeError(error)}
    </p>
  );
}
