import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, openSync, readSync, closeSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { Ctx } from '../../app/context';
import { AppError } from '../../shared/errors';
import { type Page, pageMeta } from '../../shared/pagination';
import { mediaUrl } from '../catalog/catalog.loaders';
import { acceptedType } from './sniff';
import type { MediaUploadInput } from './media.type';

const STORED_KEY = /^\d{4}\/\d{2}\/[0-9a-f]{8}-.+$/;

/** The folder local media live in: `media.local_path`, else `<data_dir>/uploads`. */
export function mediaRoot(config: Ctx['config']): string {
  return resolve(config['media.local_path'] || join(config.data_dir, 'uploads'));
}

/** `../My Photo (1).PNG` → `My-Photo-1-.PNG`: a file name safe in a path and a URL. */
export function sanitizeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '').slice(-100);
  return clean || 'file';
}

function toMedia(row: { id: string; filename: string; mimeType: string; size: number; storageKey: string; altText: string | null; createdAt: Date }) {
  return { ...row, url: mediaUrl(row.storageKey) };
}

function readHead(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(512);
    const n = readSync(fd, buf, 0, 512, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/**
 * Stores an upload: the type is sniffed from the first 512 bytes (415 when not allowed), the file lands at
 * `YYYY/MM/<8 hex>-<sanitized name>` under the media folder, and a media row records it.
 */
export async function uploadMedia(ctx: Ctx, input: MediaUploadInput) {
  const upload = input.file ? ctx.uploads?.get(input.file.replace(/^upload:/, '')) : undefined;
  let head: Buffer;
  let size: number;
  let write: (target: string) => void;
  let filename: string;
  let declared: string;
  if (upload) {
    head = readHead(upload.path);
    size = upload.size;
    filename = upload.filename;
    declared = upload.declaredType;
    write = (target) => copyFileSync(upload.path, target);
  } else if (input.dataBase64) {
    const bytes = Buffer.from(input.dataBase64, 'base64');
    if (bytes.length > ctx.config['server.max_upload_size']) throw new AppError('body_too_large', `upload exceeds ${ctx.config['server.max_upload_size']} bytes`);
    head = bytes.subarray(0, 512);
    size = bytes.length;
    filename = input.filename ?? 'file';
    declared = input.contentType ?? '';
    write = (target) => writeFileSync(target, bytes);
  } else {
    throw AppError.validation([{ field: 'file', detail: 'required' }]);
  }
  if (size === 0) throw AppError.validation([{ field: 'file', detail: 'required' }]);
  const mimeType = acceptedType(head, declared);
  if (!mimeType) throw new AppError('unsupported_media_type', 'file type not allowed', { field: 'file' });
  const now = new Date();
  const name = sanitizeName(filename);
  const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(4).toString('hex')}-${name}`;
  const target = join(mediaRoot(ctx.config), key);
  mkdirSync(dirname(target), { recursive: true });
  write(target);
  try {
    const row = await ctx.db.media.create({ data: { filename: name, mimeType, size, storageKey: key, altText: input.altText ?? null } });
    return toMedia(row);
  } catch (err) {
    rmSync(target, { force: true });
    throw err;
  }
}

export async function listMedia(ctx: Ctx, page: Page) {
  const [rows, total] = await Promise.all([
    ctx.db.media.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: page.skip, take: page.limit }),
    ctx.db.media.count(),
  ]);
  return { items: rows.map(toMedia), meta: pageMeta(total, page) };
}

export async function getMedia(ctx: Ctx, id: string) {
  const row = await ctx.db.media.findUnique({ where: { id } });
  if (!row) throw AppError.notFound('media');
  return toMedia(row);
}

/**
 * Deletes a media row and its file. The stored key must look like `YYYY/MM/<8 hex>-name` and resolve inside
 * the media folder, else 400 `invalid_media_path` and nothing is deleted. A file already gone is fine.
 */
export async function deleteMedia(ctx: Ctx, id: string): Promise<boolean> {
  const row = await ctx.db.media.findUnique({ where: { id } });
  if (!row) throw AppError.notFound('media');
  const root = mediaRoot(ctx.config);
  const target = resolve(root, row.storageKey);
  if (!STORED_KEY.test(row.storageKey) || !target.startsWith(root + sep)) throw new AppError('invalid_media_path', 'invalid media path');
  rmSync(target, { force: true });
  await ctx.db.media.delete({ where: { id } });
  return true;
}
