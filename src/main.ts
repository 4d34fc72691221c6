import 'reflect-metadata';
import pino from 'pino';
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
import { describeDatabaseError } from './platform/db/connection-errors';
import { mcpCommand } from './cli/mcp';

const USAGE = `usage: svc <command> [--config path]

commands:
  serve      start the HTTP server (REST /api/v1, GraphQL /graphql)
  migrate    apply pending database migrations and exit
  seed --demo
             load the demo shop into an empty database
  admin create --email E [--role R]
             create a staff account (default super_admin); the password is prompted for,
             or read from stdin when it is not a terminal
  mcp store [--token T]
  mcp admin [--api-key K] [--toolsets catalog,orders|all]
             an MCP server over stdio (store: as a guest, or as the customer of SVC_MCP_TOKEN;
             admin: needs a staff API key, SVC_MCP_API_KEY); logs go to stderr
  payprov reconcile
             settle pending payments, missed refunds and deferred webhook events now
             (plugin commands start the service without a public listener; on the embedded
             database stop the server first)
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
  return { command: args[0] ?? '', configFile, rest: args.slice(1) };
}

/** A command line that names no command, or arguments a command does not take: usage, exit 2. */
class UsageError extends Error {}

/** Commands that take no arguments refuse any (a mistyped flag is never accepted silently). */
function noArguments(command: string, rest: string[]): void {
  if (rest.length) throw new UsageError(`${command}: unknown argument ${rest[0]}`);
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

/** `svc <plugin> <command>`: starts the service on a loopback ephemeral port, runs the command once, stops. */
async function pluginCommand(plugin: string, args: string[], configFile?: string): Promise<void> {
  const config = loadConfig({ file: configFile });
  const log = createLogger(config['log.level'] === 'info' ? 'warn' : config['log.level'], pino.destination(2));
  if (!args[0]) throw new ConfigError(`${plugin}: a command is required`);
  const service = await startService({ config: { ...config, 'server.port': 0, 'server.host': '127.0.0.1' }, log });
  try {
    const result = await service.plugins.runCommand(plugin, args[0]);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await service.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const { command, configFile, rest } = parseArgs(argv);
  switch (command) {
    case '':
      throw new UsageError('a command is required');
    case 'serve':
      noArguments(command, rest);
      return serve(configFile);
    case 'migrate':
      noArguments(command, rest);
      return migrate(configFile);
    case 'seed':
      if (rest.length !== 1 || rest[0] !== '--demo') throw new UsageError('seed: expected seed --demo');
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
      noArguments(command, rest);
      console.log(SERVICE_VERSION);
      return;
    case 'mcp':
      return mcpCommand(loadConfig({ file: configFile }), rest);
    case 'payprov':
      return pluginCommand(command, rest, configFile);
    case 'help':
    case '--help':
      console.log(USAGE);
      return;
    default:
      console.error(`unknown command "${command}"\n\n${USAGE}`);
      process.exit(2);
  }
}

/** The database URL the command used, for describing a connection failure (without failing again itself). */
function databaseUrlForErrors(): string | undefined {
  try {
    return loadConfig({ file: parseArgs(process.argv.slice(2)).configFile })['database.url'] || undefined;
  } catch {
    return undefined;
  }
}

main(process.argv.slice(2)).catch((err) => {
  if (err instanceof UsageError) {
    console.error(`${err.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (err instanceof CliError) {
    console.error(err.message);
    process.exit(1);
  }
  if (err instanceof ConfigError) {
    console.error(`configuration error: ${err.message}`);
    process.exit(78);
  }
  const database = databaseUrlForErrors();
  const unreachable = database ? describeDatabaseError(err, database) : null;
  if (unreachable) {
    console.error(`error: ${unreachable}`);
    process.exit(69); // EX_UNAVAILABLE
  }
  if ((err as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    const e = err as NodeJS.ErrnoException & { port?: number; address?: string };
    console.error(
      `error: the port ${e.port ?? ''} is in use on ${e.address ?? 'this host'}: stop what uses it or set server.port`,
    );
    process.exit(69);
  }
  console.error(err);
  process.exit(1);
});
