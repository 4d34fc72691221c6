import { open } from 'node:fs/promises';

import type { NextFunction, Request, Response } from 'express';

import type { LocalMediaStorage } from '../platform/storage/media-storage';

/** What an upload opened directly may do on this origin: show itself, run nothing (an SVG's scripts included). */
export const UPLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** How much of a file the type is sniffed from: what the upload sniffed (src/domains/media/sniff.ts). */
const SNIFFED_BYTES = 512;

/** The first bytes of a file; undefined when there is no such regular file. */
async function headOf(file: string): Promise<Buffer | undefined> {
  let handle;
  try {
    handle = await open(file, 'r');
    if (!(await handle.stat()).isFile()) return undefined;
    const head = Buffer.alloc(SNIFFED_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFFED_BYTES, 0);
    return head.subarray(0, bytesRead);
  } catch (err) {
    if (['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG'].includes((err as NodeJS.ErrnoException).code ?? '')) {
      return undefined;
    }
    throw err;
  } finally {
    await handle?.close();
  }
}

/**
 * `/uploads/<stored key>`: local media, served with the type the upload recorded (`recordedType`, sniffed from
 * the same first 512 bytes), never the one the file's name implies: an SVG named `x.html` is `image/svg+xml`, a
 * PNG named `x.js` is `image/png`. A file no upload would store (put there by hand) is a download
 * (`application/octet-stream`, `attachment`). Every answer is sandboxed ({@link UPLOAD_CSP}); `nosniff` comes
 * from the security headers in front of every router. Paths that are not stored keys are the app's 404.
 */
export function serveUploads(storage: LocalMediaStorage, recordedType: (head: Buffer) => string | null) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let file: string | undefined;
    try {
      file = storage.fileOf(decodeURIComponent(req.path.slice(1)));
    } catch {
      return next();
    }
    if (!file) return next();
    let head: Buffer | undefined;
    try {
      head = await headOf(file);
    } catch (err) {
      return next(err);
    }
    if (!head) return next();
    const type = recordedType(head);
    res.setHeader('Content-Type', type ?? 'application/octet-stream');
    if (!type) res.setHeader('Content-Disposition', 'attachment');
    res.setHeader('Content-Security-Policy', UPLOAD_CSP);
    res.sendFile(file, { dotfiles: 'deny' }, (err?: Error & { status?: number; code?: string }) => {
      // The client went away mid-download: nothing to answer.
      if (!err || res.headersSent || err.code === 'ECONNABORTED') return;
      for (const name of ['Content-Type', 'Content-Disposition', 'Content-Range']) res.removeHeader(name);
      // Gone between the sniff and the send, or a range or precondition `send` refused: the app's 404, as
      // `express.static` falls through on a client error.
      next(err.status !== undefined && err.status < 500 ? undefined : err);
    });
  };
}
