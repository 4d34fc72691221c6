import type { Request, Response } from 'express';

import { AppError } from '../shared/errors';
import { sendErrorFor } from './send';

/**
 * Cuts a request whose body stops arriving. Node's own `requestTimeout` bounds a whole request (uploads
 * included, so it is generous: minutes); a client that sends its headers and then nothing would hold the
 * connection, a parser and its buffers for all of that time. Here the socket's byte counter is sampled: when no
 * byte has arrived for `idleMs` while the body is incomplete, the answer is 408 `request_timeout` with
 * `Connection: close`, and the socket is closed once the answer is written. A body that keeps arriving, however
 * slowly, is never cut by this (only by `requestTimeout`).
 *
 * The byte counter is read, never the stream: listening to `data` would switch the body into flowing mode
 * before its parser (JSON, raw webhook bytes, multipart uploads) is attached, and lose bytes.
 */
export function watchBodyProgress(req: Request, res: Response, idleMs: number): void {
  const socket = req.socket;
  // Sampled a few times per idle period, so the cut comes at most a quarter of it late.
  const every = Math.max(50, Math.min(1000, Math.floor(idleMs / 4)));
  let seen = socket.bytesRead;
  let quietSince = Date.now();
  const timer = setInterval(() => {
    if (req.complete || res.writableEnded || socket.destroyed) return stop();
    const now = Date.now();
    // Bytes arrived; or the body's buffer is full because the server is not reading it yet (an upload waiting
    // on its storage): then the pause is ours, not the client's.
    if (socket.bytesRead !== seen || req.readableLength >= req.readableHighWaterMark) {
      seen = socket.bytesRead;
      quietSince = now;
      return;
    }
    if (now - quietSince < idleMs) return;
    stop();
    req.log.warn({ idleMs, bytesRead: socket.bytesRead }, 'request body stalled; answering 408 and closing');
    if (res.headersSent) {
      socket.destroy();
      return;
    }
    res.setHeader('Connection', 'close');
    // Node ends the socket after a `Connection: close` answer; a client that never closes its side is cut a
    // moment later (not at once: the answer must reach it first).
    res.on('finish', () => setTimeout(() => socket.destroy(), 1000).unref());
    sendErrorFor(
      req,
      res,
      new AppError('request_timeout', `no part of the request body arrived for ${Math.round(idleMs / 1000)} s`),
    );
  }, every);
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    req.off('end', stop);
    res.off('close', stop);
  };
  req.on('end', stop);
  res.on('close', stop);
}
