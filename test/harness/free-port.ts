import { type AddressInfo, createServer } from 'node:net';

/** A port nothing listens on right now (for child processes that must be told their port up front). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
