import { randomBytes } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import busboy from 'busboy';
import type { Request, Response } from 'express';

import { AppError } from '../src/shared/errors';
import { type UploadedFile, uploadRef } from '../src/shared/uploads';

/**
 * Reads a multipart/form-data request: text fields become body keys, each file part is streamed to a
 * temporary file (removed when the response finishes) and appears in the body as a reference to it
 * (`upload:<field>`), so the operation's input names the file like any other field. A part larger than
 * `limit` bytes is 413 `body_too_large`; a request that is not multipart is left alone (the operation then
 * reports the missing file field).
 */
export function readMultipart(
  req: Request,
  res: Response,
  limit: number,
): Promise<{ body: Record<string, unknown>; uploads: Map<string, UploadedFile> } | null> {
  if (!/^multipart\/form-data\b/i.test(req.get('content-type') ?? '')) return Promise.resolve(null);
  const body: Record<string, unknown> = {};
  const uploads = new Map<string, UploadedFile>();
  // 'close' fires for every response, finished or cut off by a client that went away: the files always go.
  res.on('close', () => {
    for (const file of uploads.values()) rmSync(file.path, { force: true });
  });
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: limit, files: 5, fields: 50 } });
    } catch {
      reject(AppError.validation([{ field: 'file', detail: 'required' }]));
      return;
    }
    const pending: Array<Promise<void>> = [];
    let failed: AppError | null = null;
    parser.on('field', (name, value) => {
      body[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const path = join(tmpdir(), `svc-upload-${randomBytes(8).toString('hex')}`);
      const file: UploadedFile = {
        field: name,
        filename: info.filename ?? 'file',
        declaredType: info.mimeType ?? '',
        path,
        size: 0,
      };
      uploads.set(name, file);
      body[name] = uploadRef(name);
      const out = createWriteStream(path);
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
      });
      stream.on('limit', () => {
        failed = new AppError('body_too_large', `upload exceeds ${limit} bytes`);
        stream.resume();
      });
      pending.push(
        new Promise((done, fail) => {
          out.on('finish', done);
          out.on('error', fail);
          stream.pipe(out);
        }),
      );
    });
    parser.on('error', () => reject(new AppError('validation_error', 'malformed multipart body', { field: 'file' })));
    parser.on('close', () => {
      Promise.all(pending).then(() => (failed ? reject(failed) : resolve({ body, uploads })), reject);
    });
    req.pipe(parser);
  });
}
