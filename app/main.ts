import 'reflect-metadata';

import pino from 'pino';

import { ANONYMOUS } from '../src/context/actor';
import { createContext } from '../src/context/create-context';
import { ConfigError, loadConfig } from '../src/platform/config/load';
import { describeDatabaseError } from '../src/platform/db/connection-errors';
import { openDatabase } from '../src/platform/db/database';
import { applyMigrations } from '../src/platform/db/migrator';
import { createLogger } from '../src/platform/logger';
import { migrationsDir } from '../src/platform/paths';
import { shutdownTelemetry } from '../src/platform/telemetry';
import { SERVICE_VERSION } from '../src/platform/version';
import { adminCreate, CliError } from './cli/admin-create';
import { seedFirstStart } from './cli/first-start';
import { mcpCommand } from './cli/mcp';
import { type CliOutput, cliOutput, reportFailure } from './cli/output';
import { parseCatalogArgs, seedCatalogCommand } from './cli/seed-catalog';
import { workerCommand } from './cli/worker';
import { openServices, printDemoAccounts, startService } from './runtime';
import { seedDemo } from './seed/demo';

const USAGE = `usage: svc <command> [--config path] [--json]

commands:
  serve      start the HTTP server (REST /api/v1, GraphQL /graphql)
  worker     run the background work (webhook relay, payment reconciler, retention) without
             the public API; health on worker.health_port (PostgreSQL; see docs/scaling.md)
  migrate    apply pending database migrations and exit
  seed --demo
             load the demo shop into an empty database
  seed --catalog N [--variants V] [--batch B]
             bulk-load N synthetic products with V variants each (default 10) into an empty
             catalog, B products per transaction (default 250), with progress on stderr
  admin create --email E [--role R]
             create a staff account (default super_admin); the password is prompted for,
             or read from stdin when it is not a terminal
  mcp store [--token T] [--create]
  mcp admin [--api-key K] [--toolsets catalog,orders|all] [--create]
             an MCP server over stdio (store: as a guest, or as the customer of SVC_MCP_TOKEN;
             admin: needs a staff API key, SVC_MCP_API_KEY); logs go to stderr, starting with the data
             folder and database opened; an embedded data folder without a database is refused
             unless --create
  payprov reconcile
             settle pending payments, missed refunds and deferred webhook events now
             (plugin commands start the service without a public listener; on the embedded
             database stop the server first)
  version    print the version

--json prints each command's result (or failure, on stderr) as one JSON object instead of text;
logs of commands other than serve go to stderr.`;

function parseArgs(argv: string[]): { command: string; configFile?: string; json: boolean; rest: string[] } {
  const args = [...argv];
  const json = args.includes('--json');
  if (json) args.splice(args.indexOf('--json'), 1);
  let configFile: string | undefined;
  const at = args.indexOf('--config');
  if (at >= 0) {
    configFile = args[at + 1];
    if (!configFile) throw new ConfigError('--config: a file path is required');
    args.splice(at, 2);
  }
  return { command: args[0] ?? '', configFile, json, rest: args.slice(1) };
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
  const seedStatus = await seedFirstStart(config, log, configFile);
  if (seedStatus !== 0) process.exit(seedStatus);
  const service = await startService({
    config,
    log,
    bootstrapAdmin: email && password ? { email, password } : undefined,
    seedDemoOnEmpty: true,
    releaseStartupMemory: true,
  });
  let stopping = false;
  const stop = (signal: string) => {
    // Ctrl-C under `npm start` delivers SIGINT twice (the terminal's, and the one npm forwards): the second
    // must not cut the graceful shutdown the first began, so signals after the first are only logged.
    if (stopping) return void log.info({ signal }, 'already shutting down');
    stopping = true;
    log.info({ signal }, 'shutting down');
    service
      .close()
      // The spans and metrics still buffered are exported before the process ends.
      .then(() => shutdownTelemetry())
      .then(
        () => process.exit(0),
        (err) => {
          log.error({ err: String(err) }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** Logs of a one-shot command: stderr, and only warnings unless a finer level is configured. */
function commandLogger(level: string) {
  return createLogger(level === 'info' ? 'warn' : level, pino.destination(2));
}

async function migrate(out: CliOutput, configFile?: string): Promise<void> {
  const config = loadConfig({ file: configFile });
  const log = commandLogger(config['log.level']);
  const db = await openDatabase({
    url: config['database.url'],
    dataDir: config.data_dir,
    maxConnections: 1,
    tls: config['database.tls'],
    log,
  });
  try {
    const applied = await applyMigrations(db.executor, migrationsDir(), (msg) => log.info(msg));
    out.result(
      { applied },
      applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}` : 'database is up to date',
    );
  } finally {
    await db.close();
  }
}

async function seed(out: CliOutput, configFile?: string): Promise<void> {
  const config = loadConfig({ file: configFile });
  const log = commandLogger(config['log.level']);
  const opened = await openServices({ config, log });
  try {
    const summary = await seedDemo(createContext(opened.services, { id: 'seed', actor: ANONYMOUS, log }));
    const { accounts: _shownOnTheTerminalOnly, ...counts } = summary ?? { accounts: [] };
    out.result(
      { seeded: !!summary, ...counts },
      summary
        ? `demo shop loaded: ${summary.products} products, ${summary.variants} variants, warehouses ${summary.warehouses.join(', ')}`
        : 'the catalog already has products: nothing seeded',
    );
    if (summary) printDemoAccounts(summary.accounts);
  } finally {
    await opened.close();
  }
}

async function seedCatalogFromArgs(out: CliOutput, rest: string[], configFile?: string): Promise<void> {
  const args = parseCatalogArgs(rest);
  if (typeof args === 'string') throw new UsageError(args);
  const config = loadConfig({ file: configFile });
  return seedCatalogCommand(config, commandLogger(config['log.level']), args, out);
}

/** `svc <plugin> <command>`: starts the service on a loopback ephemeral port, runs the command once, stops. */
async function pluginCommand(out: CliOutput, plugin: string, args: string[], configFile?: string): Promise<void> {
  const config = loadConfig({ file: configFile });
  const log = commandLogger(config['log.level']);
  if (!args[0]) throw new ConfigError(`${plugin}: a command is required`);
  const service = await startService({ config: { ...config, 'server.port': 0, 'server.host': '127.0.0.1' }, log });
  try {
    const result = await service.plugins.runCommand(plugin, args[0]);
    // A plugin command's result is structured: pretty JSON for people, one line with --json.
    out.result({ result }, JSON.stringify(result, null, 2));
  } finally {
    await service.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const { command, configFile, json, rest } = parseArgs(argv);
  const out = cliOutput(json);
  switch (command) {
    case '':
      throw new UsageError('a command is required');
    case 'serve':
      noArguments(command, rest);
      return serve(configFile);
    case 'worker': {
      noArguments(command, rest);
      const config = loadConfig({ file: configFile });
      return workerCommand(config, createLogger(config['log.level']));
    }
    case 'migrate':
      noArguments(command, rest);
      return migrate(out, configFile);
    case 'seed':
      if (rest.length === 1 && rest[0] === '--demo') return seed(out, configFile);
      return seedCatalogFromArgs(out, rest, configFile);
    case 'admin': {
      if (rest[0] !== 'create') throw new UsageError(`unknown command "admin ${rest[0] ?? ''}"`);
      const config = loadConfig({ file: configFile });
      return adminCreate(config, commandLogger(config['log.level']), rest.slice(1), out);
    }
    case 'version':
      noArguments(command, rest);
      out.result({ version: SERVICE_VERSION }, SERVICE_VERSION);
      return;
    case 'mcp':
      return mcpCommand(loadConfig({ file: configFile }), rest);
    case 'payprov':
      return pluginCommand(out, command, rest, configFile);
    case 'help':
    case '--help':
      console.log(USAGE);
      return;
    default:
      throw new UsageError(`unknown command "${command}"`);
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

/** Ends the process with one line on stderr (text, or JSON with `--json`) and the exit status of its kind. */
function fail(kind: string, message: string, status: number): never {
  reportFailure(process.argv.includes('--json'), kind, message);
  process.exit(status);
}

main(process.argv.slice(2)).catch((err) => {
  const json = process.argv.includes('--json');
  if (err instanceof UsageError) fail('usage', json ? err.message : `${err.message}\n\n${USAGE}`, 2);
  if (err instanceof CliError) fail('command', err.message, 1);
  if (err instanceof ConfigError) fail('configuration', `configuration error: ${err.message}`, 78);
  const database = databaseUrlForErrors();
  const unreachable = database ? describeDatabaseError(err, database) : null;
  if (unreachable) fail('unavailable', `error: ${unreachable}`, 69); // EX_UNAVAILABLE
  if ((err as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    const e = err as NodeJS.ErrnoException & { port?: number; address?: string };
    fail(
      'unavailable',
      `error: the port ${e.port ?? ''} is in use on ${e.address ?? 'this host'}: stop what uses it or set server.port`,
      69,
    );
  }
  // Unexpected: the whole error (stack included) for a bug report, unless a script asked for JSON.
  if (json) fail('internal', `error: ${err instanceof Error ? err.message : String(err)}`, 1);
  console.error(err);
  process.exit(1);
});
