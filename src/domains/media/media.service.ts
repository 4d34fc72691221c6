import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import type { Ctx } from '../../context/ctx';
import { MediaStorageError } from '../../platform/storage/media-storage';
import { AppError } from '../../shared/errors';
import { type Page, pageMeta } from '../../shared/pagination';
import type { MediaLimits, MediaUpdateInput, MediaUploadInput } from './media.type';
import { acceptedType, ALLOWED_TYPES } from './sniff';

/** `../My Photo (1).PNG` → `My-Photo-1-.PNG`: a file name safe in a path and a URL. */
export function sanitizeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(-100);
  return clean || 'file';
}

function toMedia(
  ctx: Ctx,
  row: {
    id: string;
    filename: string;
    mimeType: string;
    size: number;
    storageKey: string;
    altText: string | null;
    createdAt: Date;
  },
) {
  return { ...row, url: ctx.mediaStorage.url(row.storageKey) };
}

/** The upload's bytes: a multipart file the REST adapter spooled to disk, or base64 from GraphQL clients. */
async function readUpload(
  ctx: Ctx,
  input: MediaUploadInput,
): Promise<{ bytes: Buffer; filename: string; declared: string }> {
  const upload = input.file ? ctx.uploads?.get(input.file.replace(/^upload:/, '')) : undefined;
  if (upload) return { bytes: await readFile(upload.path), filename: upload.filename, declared: upload.declaredType };
  if (!input.dataBase64) throw AppError.validation([{ field: 'file', detail: 'required' }]);
  const bytes = Buffer.from(input.dataBase64, 'base64');
  if (bytes.length > ctx.config['server.max_upload_size'])
    throw new AppError('body_too_large', `upload exceeds ${ctx.config['server.max_upload_size']} bytes`);
  return { bytes, filename: input.filename ?? 'file', declared: input.contentType ?? '' };
}

/**
 * Runs one storage call. A backend failure is 502 `provider_error` naming the call, never the provider's
 * message; what the operator needs (status, S3 error code) goes to the request's log.
 */
async function storageCall(ctx: Ctx, op: MediaStorageError['op'], fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    if (!(err instanceof MediaStorageError)) throw err;
    ctx.log.error({ ...err.facts, op }, 'media storage call failed');
    throw new AppError('provider_error', `media storage ${op} failed`);
  }
}

/**
 * Stores an upload: the type is sniffed from the first 512 bytes (415 when not allowed), the object is stored
 * as `YYYY/MM/<8 hex>-<sanitized name>`, then a media row records it. The object goes first so a row never
 * points at nothing; when the insert fails, the object is removed again.
 */
export async function uploadMedia(ctx: Ctx, input: MediaUploadInput) {
  const { bytes, filename, declared } = await readUpload(ctx, input);
  if (bytes.length === 0) throw AppError.validation([{ field: 'file', detail: 'required' }]);
  const mimeType = acceptedType(bytes.subarray(0, 512), declared);
  if (!mimeType) throw new AppError('unsupported_media_type', 'file type not allowed', { field: 'file' });
  const now = new Date();
  const name = sanitizeName(filename);
  const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(4).toString('hex')}-${name}`;
  await storageCall(ctx, 'put', () => ctx.mediaStorage.put(key, bytes, mimeType));
  try {
    const row = await ctx.db.media.create({
      data: { filename: name, mimeType, size: bytes.length, storageKey: key, altText: input.altText ?? null },
    });
    return toMedia(ctx, row);
  } catch (err) {
    await ctx.mediaStorage
      .remove(key)
      .catch((undo: unknown) =>
        ctx.log.error(
          { key, ...(undo instanceof MediaStorageError ? undo.facts : { err: String(undo) }) },
          'media upload: removing the object of a failed insert failed',
        ),
      );
    throw err;
  }
}

export async function listMedia(ctx: Ctx, page: Page) {
  const [rows, total] = await Promise.all([
    ctx.db.media.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: page.skip, take: page.limit }),
    ctx.db.media.count(),
  ]);
  return { items: rows.map((row) => toMedia(ctx, row)), meta: pageMeta(total, page) };
}

export async function getMedia(ctx: Ctx, id: string) {
  const row = await ctx.db.media.findUnique({ where: { id } });
  if (!row) throw AppError.notFound('media');
  return toMedia(ctx, row);
}

/** Changes a file's alt text (an empty one clears it). */
export async function updateMedia(ctx: Ctx, id: string, input: MediaUpdateInput) {
  if (input.altText === undefined) return getMedia(ctx, id);
  // One guarded statement: a file deleted meanwhile is a 404, never Prisma's "record not found" as a 500.
  const { count } = await ctx.db.media.updateMany({ where: { id }, data: { altText: input.altText?.trim() || null } });
  if (count === 0) throw AppError.notFound('media');
  return getMedia(ctx, id);
}

/** The upload rules a client can check before sending: the configured size and the accepted types. */
export function mediaLimits(ctx: Ctx): MediaLimits {
  return { maxUploadBytes: ctx.config['server.max_upload_size'], acceptedTypes: [...ALLOWED_TYPES] };
}

/**
 * Deletes a media object and its row. A stored key that is not `YYYY/MM/<8 hex>-name` (or would leave the media
 * folder) is 400 `invalid_media_path` and nothing is deleted. An object already gone is fine; a storage failure
 * is 502 and the row stays, so the media is still listed and can be deleted again.
 */
export async function deleteMedia(ctx: Ctx, id: string): Promise<boolean> {
  const row = await ctx.db.media.findUnique({ where: { id } });
  if (!row) throw AppError.notFound('media');
  await storageCall(ctx, 'delete', () => ctx.mediaStorage.remove(row.storageKey));
  await ctx.db.media.delete({ where: { id } });
  return true;
}
