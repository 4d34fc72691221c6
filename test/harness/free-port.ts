import { readFileSync } from 'node:fs';
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

/**
 * A free port below the kernel's ephemeral range, for a server that is stopped and started again on the same port
 * (the failover test's replica): a port from the ephemeral range can be taken meanwhile as the local port of any
 * outgoing connection on the machine, and the restart then fails to bind.
 */
export async function stablePort(): Promise<number> {
  let low = 32768;
  try {
    low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || low;
  } catch {
    // Not Linux: the usual default.
  }
  const floor = Math.max(1024, low - 12000);
  for (let i = 0; i < 50; i++) {
    const port = floor + Math.floor(Math.random() * (low - floor));
    if (await isFree(port)) return port;
  }
  return freePort();
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
