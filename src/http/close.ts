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
