import { Session } from 'node:inspector';

/**
 * Asks V8 to give back what start-up left behind: one collection of everything collectable that also compacts the
 * heap and shrinks the young generation (V8's low-memory notification, reached through the in-process inspector's
 * `HeapProfiler.collectGarbage`; no port is opened). Start-up builds the schema, runs migrations and may seed a
 * demo shop, and V8 would otherwise keep that memory committed until its memory reducer runs, a minute or more
 * later. Called once, after the service listens; it takes tens of milliseconds.
 */
export async function releaseStartupMemory(): Promise<void> {
  const session = new Session();
  session.connect();
  try {
    await new Promise<void>((resolve, reject) =>
      session.post('HeapProfiler.collectGarbage', (err) => (err ? reject(err) : resolve())),
    );
  } finally {
    session.disconnect();
  }
}
