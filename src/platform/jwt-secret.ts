import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { ConfigError } from './config/load';
import { ensureWritableDir } from './ensure-dir';
import type { Logger } from './logger';

const KNOWN_DEFAULT = 'change-me-in-production';

/**
 * Applies the spec's start-up rules to the JWT secret: the well-known default or fewer than 32 bytes
 * abort, 32–63 bytes warn. With no secret on the embedded default a 64-byte secret is generated once and
 * kept in `<data_dir>/jwt-secret`, so tokens survive restarts; with a real database a missing secret aborts.
 */
export function resolveJwtSecret(
  configured: string,
  opts: { embedded: boolean; dataDir: string; log: Logger },
): Uint8Array {
  let secret = configured;
  if (!secret) {
    if (!opts.embedded)
      throw new ConfigError('auth.jwt_secret: required when database.url is set (SVC_AUTH_JWT_SECRET)');
    secret = loadOrCreateSecretFile(join(opts.dataDir, 'jwt-secret'));
  }
  if (secret === KNOWN_DEFAULT) throw new ConfigError('auth.jwt_secret: the well-known default value is not allowed');
  const length = Buffer.byteLength(secret, 'utf8');
  if (length < 32) throw new ConfigError(`auth.jwt_secret: must be at least 32 bytes (got ${length})`);
  if (length < 64) opts.log.warn({ key: 'auth.jwt_secret', bytes: length }, 'jwt secret is shorter than 64 bytes');
  return new TextEncoder().encode(secret);
}

function loadOrCreateSecretFile(path: string): string {
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  ensureWritableDir(join(path, '..'), 'data_dir');
  const secret = randomBytes(64).toString('hex');
  writeFileSync(path, secret + '\n', { mode: 0o600 });
  return secret;
}
