import 'reflect-metadata';
import { ConfigError, loadConfig } from './platform/config/load';
import { openDatabase } from './platform/db/database';
import { applyMigrations } from './platform/db/migrator';
import { createLogger } from './platform/logger';
import { migrationsDir } from './platform/paths';
import { openServices, printDemoAccounts, startService } from './app/runtime';
import { createContext } from './context/create-context';
import { seedDemo } from './app/seed/demo';
import { ANONYMOUS } from './context/actor';
import { SERVICE_VERSION } from './platform/version';
import { CliError, adminCreate } from './cli/admin-create';

const USAGE = `usage: svc <command> [--config path]

commands:
  serve      start the HTTP server (REST /api/v1, GraphQL /graphql)
  migrate    apply pending database migrations and exit
  seed --demo
             load the demo shop into an empty database
  admin create --email E [--role R]
             create a staff account (default super_admin); the password is prompted for,
             or read from stdin when it is not a terminal
  version    print the version`;

function parseArgs(argv: string[]): { command: string; configFile?: string; rest: string[] } {
  const args = [...argv];
  let configFile: string | undefined;
  const at = args.indexOf('--config');
  if (at >= 0) {
    configFile = args[at + 1];
    if (!configFile) throw new ConfigError('--config: a file path is required');
    args.splice(at, 2);
  }
  return { command: args[0] ?? 'serve', configFile, rest: args.slice(1) };
}

async function serve(configFile?: string): Promise<void> {
  const config = loadConfig({ file: configFile });
  const log = createLogger(config['log.level']);
  const email = process.env.SVC_BOOTSTRAP_ADMIN_EMAIL;
  const password = process.env.SVC_BOOTSTRAP_ADMIN_PASSWORD;
  if (!!email !== !!password)
    throw new ConfigError('SVC_BOOTSTRAP_ADMIN_EMAIL and SVC_BOOTSTRAP_ADMIN_PASSWORD must be set together');
  const service = await startService({
    config,
    log,
    bootstrapAdmin: email && password ? { email, password } : undefined,
    seedDemoOnEmpty: true,
  });
  const stop = (signal: string) => {
    log.info({ signal }, 'shutting down');
    service.close().then(
      () => process.exit(0),
      (err) => {
        log.error({ err: String(err) }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

async function migrate(configFile?: string): Promise<void> {
  const config = loadConfig({ file: configFile });
  const log = createLogger(config['log.level']);
  const db = await openDatabase({
    url: config['database.url'],
    dataDir: config.data_dir,
    maxConnections: 1,
    tls: config['database.tls'],
    log,
  });
  try {
    const applied = await applyMigrations(db.executor, migrationsDir(), (msg) => log.info(msg));
    console.log(
      applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}` : 'database is up to date',
    );
  } finally {
    await db.close();
  }
}

async function seed(args: string[], configFile?: string): Promise<void> {
  if (!args.includes('--demo')) throw new ConfigError('seed: only --demo is available');
  const config = loadConfig({ file: configFile });
  const log = createLogger(config['log.level']);
  const opened = await openServices({ config, log });
  try {
    const summary = await seedDemo(createContext(opened.services, { id: 'seed', actor: ANONYMOUS, log }));
    console.log(
      summary
        ? `demo shop loaded: ${summary.products} products, ${summary.variants} variants, warehouses ${summary.warehouses.join(', ')}`
        : 'the catalog already has products: nothing seeded',
    );
    if (summary) printDemoAccounts(summary.accounts);
  } finally {
    await opened.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const { command, configFile, rest } = parseArgs(argv);
  switch (command) {
    case 'serve':
      return serve(configFile);
    case 'migrate':
      return migrate(configFile);
    case 'seed':
      return seed(rest, configFile);
    case 'admin': {
      if (rest[0] !== 'create') {
        console.error(`unknown command "admin ${rest[0] ?? ''}"\n\n${USAGE}`);
        process.exit(2);
      }
      const config = loadConfig({ file: configFile });
      return adminCreate(
        config,
        createLogger(config['log.level'] === 'info' ? 'warn' : config['log.level']),
        rest.slice(1),
      );
    }
    case 'version':
      console.log(SERVICE_VERSION);
      return;
    case 'help':
    case '--help':
      console.log(USAGE);
      return;
    default:
      console.error(`unknown command "${command}"\n\n${USAGE}`);
      process.exit(2);
  }
}

main(process.argv.slice(2)).catch((err) => {
  if (err instanceof CliError) {
    console.error(err.message);
    process.exit(1);
  }
  if (err instanceof ConfigError) {
    console.error(`configuration error: ${err.message}`);
    process.exit(78);
  }
  console.error(err);
  process.exit(1);
});
