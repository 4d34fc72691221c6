/**
 * How an unexpected error is written to the log: its name (`TypeError`, `RangeError`, Prisma's class), message,
 * stack, its code when it has one (driver and Prisma errors), and the same for its `cause`, one level deep.
 * Every "answered 500" log line uses this shape, so the cause of any 500 can be found from its request id.
 * (Plain objects: logged as they are; anything else as a string.)
 */
export function errorFields(err: unknown, depth = 0): Record<string, unknown> | string {
  if (!(err instanceof Error)) {
    if (err && typeof err === 'object') return err as Record<string, unknown>;
    return String(err);
  }
  const code = (err as { code?: unknown }).code;
  const cause = (err as { cause?: unknown }).cause;
  return {
    name: err.name,
    message: err.message,
    stack: err.stack,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(cause !== undefined && depth < 1 ? { cause: errorFields(cause, depth + 1) } : {}),
  };
}
