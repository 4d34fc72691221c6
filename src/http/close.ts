import type http from 'node:http';

/** Stops accepting, lets in-flight requests finish for `graceMs`, then cuts what is left. */
export function closeHttpServer(server: http.Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * Counts the requests whose handlers are still running. A connection cut at the end of the grace period does
 * not stop its handler: a checkout may still be in its transaction. Shutdown waits for those handlers (until
 * they call `res.end`, which they do even on a dead socket) before it closes the database under them, which
 * would fail them with "Cannot use a pool after calling end on the pool".
 *
 * A response whose headers were already sent when its connection closed counts as finished too: its handler is
 * streaming the body (a file from `/uploads/`, the admin's assets), and a stream cut by the client ends without
 * `res.end`, so waiting for one held every shutdown for the whole drain. A handler still computing its answer
 * has sent no headers yet (JSON and HTML answers write them in the one `res.end`), so a cut checkout is still
 * waited for.
 */
export function trackInFlight(server: http.Server): { running(): number; settled(ms: number): Promise<boolean> } {
  let running = 0;
  let waiters: Array<() => void> = [];
  // Registered before the app's own listener, so every request is counted before any of its work starts.
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    running++;
    let counted = false;
    const finished = () => {
      if (counted) return;
      counted = true;
      running--;
      if (running === 0) for (const wake of waiters.splice(0)) wake();
    };
    const end = res.end;
    res.end = function (this: http.ServerResponse, ...args: Parameters<typeof end>) {
      finished();
      return end.apply(this, args);
    } as typeof end;
    res.once('close', () => {
      if (res.headersSent) finished();
    });
  });
  return {
    running: () => running,
    settled(ms) {
      if (running === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== wake);
          resolve(false);
        }, ms);
        timer.unref();
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        waiters.push(wake);
      });
    },
  };
}
