import { join } from 'node:path';

import { AppError } from '../../shared/errors';
import { loadConfig } from '../config/load';
import { assertStoredKey, createMediaStorage, LocalMediaStorage, S3MediaStorage } from './media-storage';

const KEY = '2026/05/ab12cd34-photo.png';
const s3 = (env: Record<string, string> = {}) =>
  createMediaStorage(
    loadConfig({
      env: {
        SVC_MEDIA_STORAGE: 's3',
        SVC_MEDIA_S3_BUCKET: 'media',
        SVC_MEDIA_S3_ACCESS_KEY_ID: 'a',
        SVC_MEDIA_S3_SECRET_ACCESS_KEY: 'b',
        ...env,
      },
    }),
  );

describe('createMediaStorage', () => {
  it('local: files under <data_dir>/uploads served at /uploads/', () => {
    const storage = createMediaStorage(loadConfig({ env: { SVC_DATA_DIR: '/srv/shop' } }));
    expect(storage).toBeInstanceOf(LocalMediaStorage);
    expect((storage as LocalMediaStorage).root).toBe(join('/srv/shop', 'uploads'));
    expect(storage.url(KEY)).toBe(`/uploads/${KEY}`);
  });

  it('s3: URLs on public_url, else on the bucket URL (path style by default, AWS endpoint by region)', () => {
    expect(s3()).toBeInstanceOf(S3MediaStorage);
    expect(s3().url(KEY)).toBe(`https://s3.us-east-1.amazonaws.com/media/${KEY}`);
    expect(s3({ SVC_MEDIA_S3_REGION: 'eu-west-1', SVC_MEDIA_S3_FORCE_PATH_STYLE: 'false' }).url(KEY)).toBe(
      `https://media.s3.eu-west-1.amazonaws.com/${KEY}`,
    );
    expect(s3({ SVC_MEDIA_S3_ENDPOINT: 'http://minio:9000' }).url(KEY)).toBe(`http://minio:9000/media/${KEY}`);
    expect(s3({ SVC_MEDIA_S3_PUBLIC_URL: 'https://cdn.example.com/shop/' }).url(KEY)).toBe(
      `https://cdn.example.com/shop/${KEY}`,
    );
  });
});

describe('assertStoredKey', () => {
  it('accepts only YYYY/MM/<8 hex>-name without dot segments', () => {
    expect(() => assertStoredKey(KEY)).not.toThrow();
    for (const bad of [
      '../../etc/passwd',
      'x.png',
      '2026/01/abcdef01-x/../../../../outside.png',
      '2026/01/abcdef01-x/./y',
      '2026/01/abcdef01-x//y',
    ]) {
      expect(() => assertStoredKey(bad)).toThrow(new AppError('invalid_media_path', 'invalid media path'));
    }
  });
});
