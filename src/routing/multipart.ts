import { randomBytes } from 'node:crypto';
import { createWriteStream, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import busboy from 'busboy';
import type { Request, Response } from 'express';

import { AppError } from '../shared/errors';
import { type UploadedFile, uploadRef } from '../shared/uploads';

/**
 * Text fields one multipart request may have. The widest multipart operation (media upload) has four
 * (`filename`, `content_type`, `alt_text` and the file); unknown ones are ignored like unknown JSON keys, so
 * this only needs room for what a client might add, not for a bomb of parts.
 */
export const MULTIPART_MAX_FIELDS = 20;

/**
 * Bytes one text field may have: 20 fields of 64 KiB come to 1.25 MiB, about what one JSON body may carry by
 * default (`server.max_body_size`), so a form's text costs what a JSON body does. busboy's own default (1 MiB
 * a field, cut off silently) would let one request hold 20 MiB of text in memory.
 */
export const MULTIPART_MAX_FIELD_BYTES = 64 * 1024;

/** A file part's name, as the JSON upload's `filename` rule allows (`maxLength: 255`). */
export const MULTIPART_MAX_FILENAME = 255;

/**
 * Reads a multipart/form-data request: text fields become body keys, each file part is streamed to a
 * temporary file (removed when the response finishes) and appears in the body as a reference to it
 * (`upload:<field>`), so the operation's input names the file like any other field. Only the route's `files`
 * may be files, each once. Every part is bounded and the first part past a bound ends the reading at once:
 * a file larger than `limit` bytes or a text field larger than {@link MULTIPART_MAX_FIELD_BYTES} is 413
 * `body_too_large`; more than {@link MULTIPART_MAX_FIELDS} text fields, an unexpected or repeated file field
 * or a file name longer than {@link MULTIPART_MAX_FILENAME} is 400 `validation_error`. (busboy itself bounds
 * a part's headers to 16 KiB.) A request that is not multipart is left alone (the operation then reports the
 * missing file field).
 */
export function readMultipart(
  req: Request,
  res: Response,
  limit: number,
  files: readonly string[],
): Promise<{ body: Record<string, unknown>; uploads: Map<string, UploadedFile> } | null> {
  if (!/^multipart\/form-data\b/i.test(req.get('content-type') ?? '')) return Promise.resolve(null);
  const body: Record<string, unknown> = {};
  const uploads = new Map<string, UploadedFile>();
  // 'close' fires for every response, finished or cut off by a client that went away: the files always go.
  let answered = false;
  res.on('close', () => {
    answered = true;
    for (const file of uploads.values()) rmSync(file.path, { force: true });
  });
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: limit,
          files: files.length,
          fields: MULTIPART_MAX_FIELDS,
          fieldSize: MULTIPART_MAX_FIELD_BYTES,
          parts: files.length + MULTIPART_MAX_FIELDS,
        },
      });
    } catch {
      reject(AppError.validation([{ field: 'file', detail: 'required' }]));
      return;
    }
    const pending: Array<Promise<void>> = [];
    /** The files being written, each with what stops it: unpiped from its part, then closed. */
    const writing = new Map<WriteStream, () => void>();
    let failed = false;
    /** Stops reading at the first part past a bound: what is left of the body is never parsed. */
    const fail = (err: AppError) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      for (const stop of writing.values()) stop();
      reject(err);
    };
    const tooMany = (what: string, max: number) =>
      fail(AppError.validation([{ field: '', detail: `max_items (at most ${max} ${what})` }]));
    parser.on('field', (name, value, info) => {
      if (failed) return;
      if (info.valueTruncated)
        return fail(
          new AppError('body_too_large', `field ${name} exceeds ${MULTIPART_MAX_FIELD_BYTES} bytes`, { field: name }),
        );
      body[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const filename = info.filename ?? 'file';
      // An unexpected file would cost a temporary file for nothing: only the route's own, each once.
      const refusal = failed
        ? null
        : !files.includes(name)
          ? AppError.validation([{ field: name, detail: 'oneof', allowed: files }])
          : uploads.has(name)
            ? AppError.validation([{ field: name, detail: 'max_items (at most 1 file)' }])
            : filename.length > MULTIPART_MAX_FILENAME
              ? AppError.validation([
                  { field: name, detail: `max_length (file name at most ${MULTIPART_MAX_FILENAME})` },
                ])
              : null;
      if (failed || refusal) {
        stream.resume();
        if (refusal) fail(refusal);
        return;
      }
      const path = join(tmpdir(), `svc-upload-${randomBytes(8).toString('hex')}`);
      const file: UploadedFile = { field: name, filename, declaredType: info.mimeType ?? '', path, size: 0 };
      uploads.set(name, file);
      body[name] = uploadRef(name);
      const out = createWriteStream(path);
      // A refusal may answer before the file is even open (the open then creates it): it goes when it closes.
      out.on('close', () => answered && rmSync(path, { force: true }));
      writing.set(out, () => {
        stream.unpipe(out);
        stream.resume();
        out.destroy();
      });
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
      });
      stream.on('limit', () => fail(new AppError('body_too_large', `upload exceeds ${limit} bytes`, { field: name })));
      pending.push(
        new Promise((done, error) => {
          out.on('finish', () => {
            writing.delete(out);
            done();
          });
          // After a refusal nobody waits for this file any more: its errors are not the request's.
          out.on('error', (err) => failed || error(err));
          stream.pipe(out);
        }),
      );
    });
    parser.on('fieldsLimit', () => tooMany('text fields', MULTIPART_MAX_FIELDS));
    parser.on('filesLimit', () => tooMany(files.length === 1 ? 'file' : 'files', files.length));
    parser.on('partsLimit', () => tooMany('parts', files.length + MULTIPART_MAX_FIELDS));
    parser.on('error', () =>
      fail(new AppError('validation_error', 'malformed multipart body', { field: files[0] ?? 'file' })),
    );
    parser.on('close', () => {
      if (!failed) Promise.all(pending).then(() => resolve({ body, uploads }), reject);
    });
    req.pipe(parser);
  });
}
