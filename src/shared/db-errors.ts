/**
 * Prisma reports a unique-constraint violation as P2002 from a model query, and as P2010 (raw query failed) with
 * the driver adapter's `UniqueConstraintViolation` (SQLSTATE 23505) from raw SQL; services turn either into
 * their 409 code or a retry.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'P2002') return true;
  const cause = driverErrorCause(err);
  return code === 'P2010' && (cause?.kind === 'UniqueConstraintViolation' || cause?.originalCode === '23505');
}

/**
 * What the driver adapter reported under a Prisma error of a raw statement (`meta.driverAdapterError.cause`):
 * PostgreSQL's SQLSTATE as `originalCode` and the adapter's classification as `kind`.
 */
export function driverErrorCause(err: unknown): { originalCode?: string; kind?: string } | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  return (err as { meta?: { driverAdapterError?: { cause?: { originalCode?: string; kind?: string } } } }).meta
    ?.driverAdapterError?.cause;
}

/**
 * What a unique violation names (constraint, columns), as text to search: Prisma's `meta` differs between the
 * PostgreSQL and embedded drivers, so look at all of it.
 */
export function violatedUnique(err: unknown): string {
  if (!isUniqueViolation(err)) return '';
  return JSON.stringify((err as { meta?: unknown }).meta ?? {}) + String((err as Error).message);
}

/** P2025: the record an update or delete targeted does not exist. */
export function isRecordMissing(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === 'P2025';
}

/** Drops keys whose value is `undefined`, so an update touches only the fields the caller gave. */
export function provided<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Prisma's codes for a database it cannot reach, lost, or has no free connection to. */
const UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
/** Driver errors (pg, socket) that mean the same, by code or by message. */
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
const UNAVAILABLE_MESSAGE =
  /can't reach database server|connection terminated|server closed the connection|connection timeout|timed out fetching a new connection|Client has encountered a connection error|ECONNREFUSED|ECONNRESET/i;

/**
 * Whether an error means the database is unreachable or the connection to it was lost (not a bad query): the
 * request is answered 503 `service_unavailable` with `Retry-After`, not 500. Follows `cause` chains, since
 * Prisma's driver adapters wrap the driver's error.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; kind?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || UNAVAILABLE_NODE_CODES.has(e.code))) return true;
  if (e.kind === 'DatabaseNotReachable' || e.kind === 'ConnectionClosed' || e.kind === 'SocketTimeout') return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * PostgreSQL refusals that a client's values provoke, by SQLSTATE (the driver adapter's `originalCode`) and
 * Prisma code: a number or text too large for its column (an order total past the integer range, a stock sum),
 * a null in a NOT NULL column. Input validation catches the direct cases; this is the net for values the
 * service computes from input. The statement fails inside the use case's transaction, so nothing is written.
 */
const CLIENT_DATA_ERRORS: Record<string, 'out_of_range' | 'required' | 'max_length'> = {
  '22003': 'out_of_range',
  P2020: 'out_of_range',
  '23502': 'required',
  P2011: 'required',
  '22001': 'max_length',
  P2000: 'max_length',
};

/** The validation detail for a database refusal caused by the request's values, or undefined for any other error. */
export function clientDataError(err: unknown, depth = 0): 'out_of_range' | 'required' | 'max_length' | undefined {
  if (typeof err !== 'object' || err === null || depth > 5) return undefined;
  const e = err as { code?: unknown; originalCode?: unknown; meta?: { driverAdapterError?: unknown }; cause?: unknown };
  for (const code of [e.originalCode, e.code])
    if (typeof code === 'string' && CLIENT_DATA_ERRORS[code]) return CLIENT_DATA_ERRORS[code];
  return clientDataError(e.meta?.driverAdapterError, depth + 1) ?? clientDataError(e.cause, depth + 1);
}
