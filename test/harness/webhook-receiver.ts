import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers a request: a status (and optional headers), after an optional delay. */
export type Answer = { status: number; headers?: Record<string, string>; delayMs?: number };

/** A real HTTP webhook receiver on 127.0.0.1 for tests: records what arrives, answers as `answer` says. */
export async function startReceiver(answer: (req: Received, nth: number) => Answer = () => ({ status: 204 })) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      const a = receiver.answer(entry, received.length);
      setTimeout(() => {
        res.writeHead(a.status, a.headers);
        res.end(a.status >= 400 ? 'receiver says no' : '');
      }, a.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}

/** Polls `check` until it holds (or fails after `ms`). */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
