import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

import pino from 'pino';

import { ApiKeyUsage } from '../../src/auth/api-key-auth';
import { resolveActor } from '../../src/auth/resolve-actor';
import { isStaff, parseToolsets } from '../../src/mcp';
import { serveMcpStdio } from '../../src/mcp/stdio';
import type { Config } from '../../src/platform/config/keys';
import { ConfigError } from '../../src/platform/config/load';
import { createLogger } from '../../src/platform/logger';
import type { AppError } from '../../src/shared/errors';
import { startService } from '../runtime';

/**
 * `--name value` or `--name=value`, and `--switch` for the names in `switches` (value `true`); unknown flags are
 * an error (nothing is accepted silently).
 */
function readFlags(args: string[], known: string[], switches: string[] = []): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(args[i]);
    if (m && switches.includes(m[1]) && m[2] === undefined) {
      flags[m[1]] = 'true';
      continue;
    }
    if (!m || !known.includes(m[1])) throw new ConfigError(`mcp: unknown argument ${args[i]}`);
    const value = m[2] ?? args[++i];
    if (value === undefined) throw new ConfigError(`mcp: --${m[1]} needs a value`);
    flags[m[1]] = value;
  }
  return flags;
}

/**
 * `svc mcp store|admin`: the MCP server over stdio. The admin server needs a staff API key (`mcp.api_key`, env
 * `SVC_MCP_API_KEY`, or `--api-key`) and refuses to start without one; the store server acts as a customer when
 * given a token (`mcp.token` / `SVC_MCP_TOKEN` / `--token`: an access JWT or a customer API key), else as a
 * guest. Logs go to stderr.
 */
export async function mcpCommand(config: Config, args: string[]): Promise<void> {
  const surface = args[0];
  if (surface !== 'store' && surface !== 'admin')
    throw new ConfigError('mcp: expected "svc mcp store" or "svc mcp admin"');
  const flags = readFlags(args.slice(1), ['api-key', 'token', 'toolsets'], ['create']);
  const credential =
    surface === 'admin' ? flags['api-key'] || config['mcp.api_key'] : flags.token || config['mcp.token'];
  if (surface === 'admin' && !credential)
    throw new ConfigError('mcp admin: a staff API key is required (SVC_MCP_API_KEY or --api-key)');
  // After the arguments and credentials are known to be there: a missing key is the first thing to fix.
  const database = databaseOf(config, surface, flags.create === 'true');
  const log = createLogger(config['log.level'] === 'info' ? 'warn' : config['log.level'], pino.destination(2));
  // One line an agent client's log shows even at `warn`: which shop this is (the usual surprise is a client that
  // started the server from another directory).
  log.child({}, { level: 'info' }).info(database.fields, `svc mcp ${surface}: ${database.text}`);
  // The HTTP listener stays on loopback (nothing outside reaches it); plugin tools run the store routes in process.
  const service = await startService({ config: { ...config, 'server.port': 0, 'server.host': '127.0.0.1' }, log });
  try {
    if (!service.mcp) throw new ConfigError('mcp: mcp.enabled is false');
    let authorization: string | undefined;
    if (credential) authorization = /^(ck|sk)_/.test(credential) ? `ApiKey ${credential}` : `Bearer ${credential}`;
    const deps = {
      secret: service.jwtSecret,
      prisma: service.services.prisma,
      security: service.services.security,
      apiKeyUsage: new ApiKeyUsage(service.services.prisma, service.services.background),
    };
    const actor = authorization ? await resolveActor({ authorization }, deps) : ({ kind: 'anonymous' } as const);
    if (credential && actor.kind === 'anonymous')
      throw new ConfigError(`mcp ${surface}: the credential is invalid, expired or revoked`);
    if (surface === 'admin' && !isStaff(actor)) throw new ConfigError('mcp admin: the API key must belong to staff');
    let toolsets;
    try {
      toolsets = surface === 'admin' ? parseToolsets(flags.toolsets, service.mcp.defaultToolsets) : undefined;
    } catch (err) {
      throw new ConfigError(`mcp: ${(err as AppError).entries[0].detail}`);
    }
    await serveMcpStdio(service.mcp, surface, {
      caller: { actor, requestId: randomUUID(), log: log.child({ mcp: surface }), clientIp: 'stdio' },
      toolsets,
      // One process, one session: store_login signs it in (the token checked as a request's header would be).
      signIn:
        surface === 'store'
          ? { resolve: (token) => resolveActor({ authorization: `Bearer ${token}` }, deps) }
          : undefined,
    });
  } finally {
    await service.close();
  }
}

/**
 * The database `svc mcp` opens, said in one line (a PostgreSQL URL without its password). An embedded database
 * that does not exist yet is refused unless `--create` says to make one: an agent client that starts the server
 * in another working directory would otherwise get a new, empty shop under `./data` there and report no products.
 */
function databaseOf(config: Config, surface: string, create: boolean) {
  const dataDir = resolve(config.data_dir);
  const url = config['database.url'];
  if (url) {
    const shown = new URL(url);
    shown.password = '';
    return {
      fields: { data_dir: dataDir, database: shown.toString() },
      text: `PostgreSQL ${shown.toString()} (data folder ${dataDir})`,
    };
  }
  const dir = join(dataDir, 'db');
  if (!existsSync(join(dir, 'PG_VERSION')) && !create)
    throw new ConfigError(
      `mcp ${surface}: no embedded database in ${dir} (data_dir ${JSON.stringify(config.data_dir)} from ${process.cwd()}). ` +
        "Point SVC_DATA_DIR (or --config's data_dir) at the shop's data folder, or SVC_DATABASE_URL at its PostgreSQL; " +
        'pass --create to start a new empty shop there',
    );
  return {
    fields: { data_dir: dataDir, database: dir },
    text: `embedded database ${dir}${existsSync(join(dir, 'PG_VERSION')) ? '' : ' (created: --create)'}`,
  };
}
