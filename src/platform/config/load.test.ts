import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { scratchDir } from '../../../test/harness/scratch-dir';
import { CONFIG_KEYS, envNameOf } from './keys';
import { ConfigError, loadConfig } from './load';

const scratch = scratchDir('svc-config');
let files = 0;
const yaml = (text: string) => {
  const file = join(scratch, `svc.config.${++files}.yaml`);
  writeFileSync(file, text);
  return file;
};

describe('loadConfig', () => {
  it('gives every key its default', () => {
    const config = loadConfig({ env: {} });
    for (const [key, spec] of Object.entries(CONFIG_KEYS))
      expect(config[key as keyof typeof CONFIG_KEYS]).toEqual(spec.default);
    expect(config['server.port']).toBe(8080);
    expect(config.data_dir).toBe('./data');
  });

  it('reads YAML, lets SVC_* env win, and maps DATABASE_URL', () => {
    const file = yaml(
      'server:\n  port: 9000\n  max_body_size: 2048\nlog:\n  level: warn\nplugins:\n  payprov:\n    currency: USD\n',
    );
    const config = loadConfig({
      file,
      env: {
        SVC_SERVER_PORT: '9100',
        DATABASE_URL: 'postgresql://x/y',
        SVC_PLUGINS_PAYPROV_SECRET_KEY: 'sk',
        SVC_SERVER_CORS_ALLOWED_ORIGINS: 'https://a.example, https://b.example',
      },
    });
    expect(config['server.port']).toBe(9100);
    expect(config['server.max_body_size']).toBe(2048);
    expect(config['log.level']).toBe('warn');
    expect(config['database.url']).toBe('postgresql://x/y');
    expect(config['server.cors.allowed_origins']).toEqual(['https://a.example', 'https://b.example']);
    expect(config.plugins.payprov).toEqual({ currency: 'USD', secret_key: 'sk' });
  });

  it('names the key of an ill-typed or unknown value', () => {
    expect(() => loadConfig({ env: { SVC_SERVER_PORT: 'eighty' } })).toThrow(
      new ConfigError('server.port: expected an integer, got "eighty" (from SVC_SERVER_PORT)'),
    );
    expect(() => loadConfig({ env: { SVC_SERVER_PORT: '70000' } })).toThrow(/server\.port: must be at most 65535/);
    expect(() => loadConfig({ env: { SVC_DATABASE_AUTO_MIGRATE: 'perhaps' } })).toThrow(
      /database\.auto_migrate: expected true or false/,
    );
    expect(() => loadConfig({ env: { SVC_LOG_LEVEL: 'loud' } })).toThrow(/log\.level: expected one of/);
    expect(() => loadConfig({ env: { SVC_SERVER_PROT: '1' } })).toThrow(/SVC_SERVER_PROT: unknown configuration key/);
    expect(() => loadConfig({ file: yaml('server:\n  prot: 1\n'), env: {} })).toThrow(
      /server\.prot: unknown configuration key/,
    );
  });

  it('refuses CORS "*" together with credentials', () => {
    expect(() =>
      loadConfig({ env: { SVC_SERVER_CORS_ALLOWED_ORIGINS: '*', SVC_SERVER_CORS_ALLOW_CREDENTIALS: 'true' } }),
    ).toThrow(/server\.cors\.allowed_origins/);
  });

  it('media.storage s3 needs a bucket and a key pair, and never echoes the secrets', () => {
    const s3 = {
      SVC_MEDIA_STORAGE: 's3',
      SVC_MEDIA_S3_BUCKET: 'media',
      SVC_MEDIA_S3_ACCESS_KEY_ID: 'AKID',
      SVC_MEDIA_S3_SECRET_ACCESS_KEY: 'top-secret',
    };
    expect(() => loadConfig({ env: { SVC_MEDIA_STORAGE: 's3' } })).toThrow(
      new ConfigError('media.s3.bucket: required when media.storage is s3'),
    );
    expect(() => loadConfig({ env: { ...s3, SVC_MEDIA_S3_SECRET_ACCESS_KEY: '' } })).toThrow(
      new ConfigError('media.s3.secret_access_key: required when media.storage is s3'),
    );
    expect(() => loadConfig({ env: { ...s3, SVC_MEDIA_S3_ACCESS_KEY_ID: ' ' } })).toThrow(
      /media\.s3\.access_key_id: required/,
    );
    expect(() => loadConfig({ env: { ...s3, SVC_MEDIA_S3_BUCKET: 'a/b' } })).toThrow(
      /media\.s3\.bucket: expected 3 to 63/,
    );
    expect(() => loadConfig({ env: { ...s3, SVC_MEDIA_S3_ENDPOINT: 'minio:9000' } })).toThrow(
      new ConfigError('media.s3.endpoint: expected an http:// or https:// URL'),
    );
    expect(() => loadConfig({ env: { ...s3, SVC_MEDIA_STORAGE: 'ftp' } })).toThrow(
      /media\.storage: expected one of local, s3/,
    );
    const config = loadConfig({
      env: { ...s3, SVC_MEDIA_S3_FORCE_PATH_STYLE: 'false', SVC_MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' },
    });
    expect(config).toMatchObject({
      'media.storage': 's3',
      'media.s3.bucket': 'media',
      'media.s3.region': 'us-east-1',
      'media.s3.force_path_style': false,
    });
    // Local storage ignores the s3 keys entirely.
    expect(loadConfig({ env: { SVC_MEDIA_S3_ENDPOINT: 'not a url' } })['media.storage']).toBe('local');
  });

  it('defaults security.csrf.secure to true in production only; an explicit value wins everywhere', () => {
    expect(loadConfig({ env: {} })['security.csrf.secure']).toBe(false);
    expect(loadConfig({ env: { SVC_ENV: 'test' } })['security.csrf.secure']).toBe(false);
    expect(loadConfig({ env: { SVC_ENV: 'production' } })['security.csrf.secure']).toBe(true);
    expect(loadConfig({ file: yaml('env: production\n'), env: {} })['security.csrf.secure']).toBe(true);
    expect(loadConfig({ env: {}, overrides: { env: 'production' } })['security.csrf.secure']).toBe(true);
    expect(
      loadConfig({ env: { SVC_ENV: 'production', SVC_SECURITY_CSRF_SECURE: 'false' } })['security.csrf.secure'],
    ).toBe(false);
    expect(loadConfig({ env: { SVC_SECURITY_CSRF_SECURE: 'true' } })['security.csrf.secure']).toBe(true);
    expect(() => loadConfig({ env: { SVC_ENV: 'staging' } })).toThrow(ConfigError);
  });

  it('derives env names from key paths', () => {
    expect(envNameOf('auth.jwt_secret')).toBe('SVC_AUTH_JWT_SECRET');
    expect(envNameOf('security.csrf.secure')).toBe('SVC_SECURITY_CSRF_SECURE');
  });
});
