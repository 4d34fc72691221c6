import { ANONYMOUS } from '../../src/context/actor';
import { createContext } from '../../src/context/create-context';
import type { AppServices } from '../../src/context/ctx';
import { HookRegistry } from '../../src/context/hooks';
import { NO_PLUGINS } from '../../src/context/plugins';
import { createAdminUser } from '../../src/domains/users';
import { BackgroundTasks } from '../../src/platform/background';
import { openCatalogGeneration } from '../../src/platform/cache/catalog-generation';
import type { Config } from '../../src/platform/config/keys';
import { ConfigError } from '../../src/platform/config/load';
import { openDatabase } from '../../src/platform/db/database';
import { applyMigrations } from '../../src/platform/db/migrator';
import { resolveJwtSecret } from '../../src/platform/jwt-secret';
import type { Logger } from '../../src/platform/logger';
import { createPasswordHasher } from '../../src/platform/passwords';
import { migrationsDir } from '../../src/platform/paths';
import { openSecurityStore } from '../../src/platform/security-store';
import { createMediaStorage } from '../../src/platform/storage/media-storage';
import { AppError } from '../../src/shared/errors';
import { STAFF_ROLES } from '../../src/shared/permissions';
import { loaderFactory } from '../domains';
import type { CliOutput } from './output';

const ROLES = STAFF_ROLES;

/** Reads the password: a hidden prompt on a terminal, else the first line of stdin (scripts, tests). */
export async function readPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let text = '';
    for await (const chunk of stdin) text += chunk;
    return text.split(/\r?\n/)[0] ?? '';
  }
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const onData = (ch: string) => {
      for (const c of ch) {
        if (c === '\r' || c === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          return resolve(value);
        }
        if (c === '\u0003') return reject(new Error('cancelled'));
        if (c === '\u007f') value = value.slice(0, -1);
        else value += c;
      }
    };
    stdin.on('data', onData);
  });
}

/** `svc admin create --email E [--role R]`: creates a staff account (default `super_admin`). */
export async function adminCreate(config: Config, log: Logger, args: string[], out: CliOutput): Promise<void> {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  for (let i = 0; i < args.length; i += 2)
    if (args[i] !== '--email' && args[i] !== '--role')
      throw new ConfigError(`admin create: unknown argument ${args[i]} (expected --email E [--role R])`);
  const email = option('--email');
  const role = (option('--role') ?? 'super_admin') as (typeof ROLES)[number];
  if (!email) throw new ConfigError('admin create: --email is required');
  if (!ROLES.includes(role)) throw new ConfigError(`admin create: --role must be one of ${ROLES.join(', ')}`);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
    throw new CliError(`admin create: --email ${JSON.stringify(email)} is not an email address`);
  const password = await readPassword(`Password for ${email}: `);
  // The same rule as the admin API's input type (8 to 128 characters).
  if (password.length < 8) throw new CliError('admin create: password: min_length (at least 8 characters)');
  if (password.length > 128) throw new CliError('admin create: password: max_length (at most 128 characters)');
  const database = await openDatabase({
    url: config['database.url'],
    dataDir: config.data_dir,
    maxConnections: 1,
    tls: config['database.tls'],
    log,
  });
  const security = openSecurityStore({ ...config, 'redis.url': '' }, log);
  try {
    if (config['database.auto_migrate'])
      await applyMigrations(database.executor, migrationsDir(), (msg) => log.info(msg));
    const mediaStorage = createMediaStorage(config);
    const services: AppServices = {
      prisma: database.prisma,
      hooks: new HookRegistry(log),
      background: new BackgroundTasks(() => undefined),
      config,
      log,
      security,
      // Creating an admin writes no store data (admin_users is not watched): nothing to announce.
      catalogGeneration: openCatalogGeneration('', log),
      passwords: createPasswordHasher(config),
      mediaStorage,
      createLoaders: loaderFactory({ prisma: database.prisma, config, mediaStorage }),
      plugins: NO_PLUGINS,
      jwtSecret: resolveJwtSecret(config['auth.jwt_secret'], {
        embedded: database.kind === 'embedded',
        dataDir: config.data_dir,
        log,
      }),
    };
    const ctx = createContext(services, { id: 'cli', actor: ANONYMOUS, log });
    const user = await createAdminUser(ctx, { email, password, role }).catch((err: unknown) => {
      if (err instanceof AppError)
        throw new CliError(
          `admin create: ${err.entries.map((e) => (e.field ? `${e.field}: ${e.detail}` : e.detail)).join('; ')}`,
        );
      throw err;
    });
    out.result({ id: user.id, email: user.email, role: user.role }, `created ${user.role} ${user.email} (${user.id})`);
  } finally {
    await security.close();
    await database.close();
  }
}

/** A CLI failure the user can fix; printed without a stack, exit code 1. */
export class CliError extends Error {}
