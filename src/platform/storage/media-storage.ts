import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, posix, resolve, sep } from 'node:path';

import { AppError } from '../../shared/errors';
import type { Config } from '../config/keys';
import { S3Client, S3Error } from './s3-client';
import { uriEncode } from './sigv4';

/**
 * Where media bytes live. One instance per process (`AppServices.mediaStorage`), chosen by `media.storage`.
 * `put` and `remove` throw {@link MediaStorageError} when the backend fails, and `remove` throws 400
 * `invalid_media_path` for a key that is not a stored key.
 */
export interface MediaStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes the object; one that is already gone is a success. */
  remove(key: string): Promise<void>;
  /** The public URL of a stored object: {@link urlPattern}'s prefix and the key (encoded when it says so). */
  url(key: string): string;
  /**
   * How a URL is made of a key, so SQL can make it too (compiled reads write media URLs in PostgreSQL:
   * `svc_uri_path` encodes a key as `uriEncode` does).
   */
  readonly urlPattern: MediaUrlPattern;
}

/** A media URL is `prefix` followed by the key, percent-encoded as an S3 path (slashes kept) when `encodeKey`. */
export interface MediaUrlPattern {
  prefix: string;
  encodeKey: boolean;
}

/** The URL `pattern` makes of `key`. */
export const mediaUrl = (pattern: MediaUrlPattern, key: string) =>
  pattern.prefix + (pattern.encodeKey ? uriEncode(key, false) : key);

/** A backend failure; `facts` are safe to log (status and error codes, no messages, no secrets). */
export class MediaStorageError extends Error {
  constructor(
    readonly op: 'put' | 'delete',
    readonly facts: Record<string, unknown>,
  ) {
    super(`media storage ${op} failed`);
    this.name = 'MediaStorageError';
  }
}

const STORED_KEY = /^\d{4}\/\d{2}\/[0-9a-f]{8}-.+$/;

/**
 * Keys are only ever made as `YYYY/MM/<8 hex>-<sanitized name>`. Anything else in the table (a hand-edited
 * row, say) is refused before anything is deleted: `..` segments would climb out of the media folder, and in
 * an S3 URL they are collapsed by the URL parser into another object's path.
 */
export function assertStoredKey(key: string): void {
  if (!isStoredKey(key)) throw new AppError('invalid_media_path', 'invalid media path');
}

/** Whether `key` has the shape every stored key is made in, without dot segments (see {@link assertStoredKey}). */
export const isStoredKey = (key: string): boolean => STORED_KEY.test(key) && posix.normalize(key) === key;

/** The folder local media live in: `media.local_path`, else `<data_dir>/uploads`. */
export function mediaRoot(config: Config): string {
  return resolve(config['media.local_path'] || join(config.data_dir, 'uploads'));
}

/** Files under the media folder, served by the HTTP server at `/uploads/`. */
export class LocalMediaStorage implements MediaStorage {
  readonly urlPattern: MediaUrlPattern = { prefix: '/uploads/', encodeKey: false };

  constructor(readonly root: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  url(key: string): string {
    return mediaUrl(this.urlPattern, key);
  }

  /** The file of a stored key, or undefined for anything else (what `/uploads/` may serve). */
  fileOf(key: string): string | undefined {
    if (!isStoredKey(key)) return undefined;
    const target = resolve(this.root, key);
    return target.startsWith(this.root + sep) ? target : undefined;
  }

  private pathOf(key: string): string {
    const target = this.fileOf(key);
    if (!target) throw new AppError('invalid_media_path', 'invalid media path');
    return target;
  }
}

/** Media types a browser runs script in when the file is opened as a document (the rest are inert images and PDF). */
const SCRIPTABLE_TYPES = new Set(['image/svg+xml']);

/** Objects in an S3-compatible bucket; URLs point at `media.s3.public_url` (default: the bucket URL). */
export class S3MediaStorage implements MediaStorage {
  readonly urlPattern: MediaUrlPattern;

  constructor(
    private readonly client: S3Client,
    publicUrl: string,
  ) {
    this.urlPattern = { prefix: `${(publicUrl || client.bucketUrl()).replace(/\/+$/, '')}/`, encodeKey: true };
  }

  /**
   * Stored with the recorded type as its `Content-Type`, which the bucket serves whatever the key's name says. A
   * bucket sends no CSP, so an SVG (a document that can run script) is stored as a download
   * (`Content-Disposition: attachment`): opened directly it is saved, not run on the bucket's or CDN's origin,
   * while an `<img>` still shows it (an image runs no script there).
   */
  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertStoredKey(key);
    const disposition = SCRIPTABLE_TYPES.has(contentType) ? 'attachment' : undefined;
    await this.call('put', () => this.client.putObject(key, bytes, contentType, disposition));
  }

  async remove(key: string): Promise<void> {
    assertStoredKey(key);
    await this.call('delete', () => this.client.deleteObject(key));
  }

  url(key: string): string {
    return mediaUrl(this.urlPattern, key);
  }

  private async call(op: MediaStorageError['op'], fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      if (!(err instanceof S3Error)) throw err;
      throw new MediaStorageError(op, {
        storage: 's3',
        call: err.call,
        reason: err.reason,
        status: err.status,
        s3Code: err.s3Code,
      });
    }
  }
}

/** The process's media storage from configuration (validated by the config loader). */
export function createMediaStorage(config: Config): MediaStorage {
  if (config['media.storage'] !== 's3') return new LocalMediaStorage(mediaRoot(config));
  const region = config['media.s3.region'];
  const client = new S3Client({
    endpoint: config['media.s3.endpoint'] || `https://s3.${region}.amazonaws.com`,
    region,
    bucket: config['media.s3.bucket'],
    accessKeyId: config['media.s3.access_key_id'],
    secretAccessKey: config['media.s3.secret_access_key'],
    forcePathStyle: config['media.s3.force_path_style'],
  });
  return new S3MediaStorage(client, config['media.s3.public_url']);
}
