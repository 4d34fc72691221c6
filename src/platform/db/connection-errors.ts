/**
 * One line for a failure to reach or log in to PostgreSQL at start, naming what to check; null when `err` is not
 * such a failure. The URL's password is never shown.
 */
export function describeDatabaseError(err: unknown, url: string): string | null {
  const e = err as { code?: string; message?: string; cause?: unknown };
  if (e?.cause && !e.code) return describeDatabaseError(e.cause, url);
  const parsed = URL.parse(url);
  const where = parsed ? `${parsed.hostname}:${parsed.port || 5432}` : 'the configured server';
  const database = parsed?.pathname.slice(1) || 'postgres';
  const message = String(e?.message ?? '');
  switch (e?.code) {
    case 'ECONNREFUSED':
      return `cannot reach PostgreSQL at ${where} (connection refused): is it running? (database.url)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot resolve the PostgreSQL host ${parsed?.hostname ?? ''} (database.url)`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `cannot reach PostgreSQL at ${where} (${e.code}) (database.url)`;
    case '28P01':
    case '28000':
      return `PostgreSQL at ${where} refused the login (${e.code}): check the user and password in database.url`;
    case '3D000':
      return `PostgreSQL at ${where} has no database "${database}": create it or fix database.url`;
  }
  if (/does not support SSL/i.test(message))
    return (
      `PostgreSQL at ${where} does not support TLS, and database.tls requires it: for a local server set ` +
      'database.tls to disable (SVC_DATABASE_TLS=disable) or add ?sslmode=disable to database.url'
    );
  if (/timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test(message))
    return `cannot reach PostgreSQL at ${where} (timed out) (database.url)`;
  return null;
}
