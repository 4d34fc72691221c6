import { existsSync, readFileSync } from 'node:fs';

import type { parse as ParseYaml } from 'yaml';

import { type Config, CONFIG_KEYS, type ConfigKey, envNameOf, type KeySpec } from './keys';

/** A configuration problem; start-up aborts with this message, which always names the key. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Env variables that share the `SVC_` prefix but are not configuration keys. */
const NON_CONFIG_ENV = /^SVC_(TEST_|CONFIG$|BOOTSTRAP_ADMIN_(EMAIL|PASSWORD)$)/;

const ENV_TO_KEY = new Map<string, ConfigKey>(Object.keys(CONFIG_KEYS).map((k) => [envNameOf(k), k as ConfigKey]));

export interface LoadOptions {
  /** Path given with `--config`; otherwise `./svc.config.yaml` is read when present. */
  file?: string;
  env?: NodeJS.ProcessEnv;
  /** Values that win over file and env (tests). */
  overrides?: Partial<Record<ConfigKey, unknown>> & { plugins?: Config['plugins'] };
}

/** Loads defaults ← YAML file ← environment ← overrides, validating every value against {@link CONFIG_KEYS}. */
export function loadConfig(options: LoadOptions = {}): Config {
  const env = options.env ?? process.env;
  const raw = new Map<ConfigKey, { value: unknown; source: string }>();
  const plugins: Config['plugins'] = {};

  const file = options.file ?? env.SVC_CONFIG ?? (existsSync('svc.config.yaml') ? 'svc.config.yaml' : undefined);
  if (file) readFile(file, raw, plugins);

  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('SVC_') || value === undefined || NON_CONFIG_ENV.test(name)) continue;
    if (name.startsWith('SVC_PLUGINS_')) {
      // Plugin names carry no underscore, so the first segment is the plugin and the rest its key.
      const [plugin, ...rest] = name.slice('SVC_PLUGINS_'.length).toLowerCase().split('_');
      if (!plugin || rest.length === 0) throw new ConfigError(`${name}: expected SVC_PLUGINS_<NAME>_<KEY>`);
      (plugins[plugin] ??= {})[rest.join('_')] = value;
      continue;
    }
    const key = ENV_TO_KEY.get(name);
    if (!key) throw new ConfigError(`${name}: unknown configuration key`);
    raw.set(key, { value, source: name });
  }
  if (!raw.has('database.url') && env.DATABASE_URL)
    raw.set('database.url', { value: env.DATABASE_URL, source: 'DATABASE_URL' });
  // The conventional variable of platforms that assign the port (a config file or SVC_SERVER_PORT wins).
  if (!raw.has('server.port') && env.PORT !== undefined) raw.set('server.port', { value: env.PORT, source: 'PORT' });

  for (const [key, value] of Object.entries(options.overrides ?? {})) {
    if (key === 'plugins') continue;
    if (!(key in CONFIG_KEYS)) throw new ConfigError(`${key}: unknown configuration key`);
    raw.set(key as ConfigKey, { value, source: key });
  }
  Object.assign(plugins, options.overrides?.plugins ?? {});

  const config = { plugins } as Record<string, unknown>;
  // `env` first: some defaults depend on it (`productionDefault`).
  const envKey = raw.get('env');
  const production = (envKey ? coerce('env', envKey.value, envKey.source) : CONFIG_KEYS.env.default) === 'production';
  for (const key of Object.keys(CONFIG_KEYS) as ConfigKey[]) {
    const given = raw.get(key);
    config[key] =
      given === undefined ? defaultOf(CONFIG_KEYS[key], production) : coerce(key, given.value, given.source);
  }
  const result = config as Config;
  checkCombinations(result);
  return result;
}

function readFile(
  file: string,
  raw: Map<ConfigKey, { value: unknown; source: string }>,
  plugins: Config['plugins'],
): void {
  let doc: unknown;
  try {
    // yaml loads only when there is a file to read (most of a second of start-up otherwise).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const parseYaml = (require('yaml') as { parse: typeof ParseYaml }).parse;
    doc = parseYaml(readFileSync(file, 'utf8')) ?? {};
  } catch (err) {
    throw new ConfigError(`${file}: cannot read configuration (${(err as Error).message})`);
  }
  if (typeof doc !== 'object' || Array.isArray(doc)) throw new ConfigError(`${file}: the top level must be a mapping`);
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [name, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${name}` : name;
      if (path === 'plugins') {
        if (typeof value !== 'object' || value === null)
          throw new ConfigError(`plugins: expected a mapping of plugin configs`);
        for (const [plugin, settings] of Object.entries(value))
          plugins[plugin] = { ...(settings as Record<string, unknown>) };
      } else if (path in CONFIG_KEYS) {
        raw.set(path as ConfigKey, { value, source: `${file}: ${path}` });
      } else if (value && typeof value === 'object' && !Array.isArray(value)) {
        walk(value as Record<string, unknown>, path);
      } else {
        throw new ConfigError(`${path}: unknown configuration key (in ${file})`);
      }
    }
  };
  walk(doc as Record<string, unknown>, '');
}

function coerce(key: ConfigKey, value: unknown, source: string): unknown {
  return coerceValue(CONFIG_KEYS[key], key, value, source);
}

/** Reads `value` as `spec` says (env strings become numbers, booleans, lists), or throws naming `key` and `source`. */
export function coerceValue(spec: KeySpec, key: string, value: unknown, source: string): unknown {
  const fail = (why: string) => new ConfigError(`${key}: ${why} (from ${source})`);
  switch (spec.type) {
    case 'int': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^-?\d+$/.test(value.trim())
            ? Number(value)
            : NaN;
      if (!Number.isSafeInteger(n)) throw fail(`expected an integer, got ${JSON.stringify(value)}`);
      if ('min' in spec && spec.min !== undefined && n < spec.min) throw fail(`must be at least ${spec.min}`);
      if ('max' in spec && spec.max !== undefined && n > spec.max) throw fail(`must be at most ${spec.max}`);
      return n;
    }
    case 'bool': {
      if (typeof value === 'boolean') return value;
      const s = String(value).trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(s)) return true;
      if (['false', '0', 'no', 'off'].includes(s)) return false;
      throw fail(`expected true or false, got ${JSON.stringify(value)}`);
    }
    case 'list': {
      if (Array.isArray(value)) return value.map(String);
      if (typeof value === 'string')
        return value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
      throw fail('expected a list');
    }
    case 'string': {
      if (typeof value !== 'string' && typeof value !== 'number') throw fail('expected a string');
      const s = String(value);
      if ('choices' in spec && spec.choices && !(spec.choices as readonly string[]).includes(s))
        throw fail(`expected one of ${spec.choices.join(', ')}, got ${JSON.stringify(s)}`);
      return s;
    }
  }
}

function checkCombinations(config: Config): void {
  if (config['server.cors.allowed_origins'].includes('*') && config['server.cors.allow_credentials']) {
    throw new ConfigError('server.cors.allowed_origins: "*" cannot be combined with server.cors.allow_credentials');
  }
  if (config['media.storage'] === 's3') checkS3(config);
  // Credentials live in this URL: the message never echoes it.
  if (config['mail.smtp_url'] && !/^smtps?:$/.test(URL.parse(config['mail.smtp_url'])?.protocol ?? ''))
    throw new ConfigError('mail.smtp_url: expected smtp://[user:pass@]host:port or smtps://[user:pass@]host:port');
  const url = config['database.url'];
  // Secrets live in this URL: the message never echoes it.
  if (url && !/^postgres(ql)?:$/.test(URL.parse(url)?.protocol ?? ''))
    throw new ConfigError('database.url: expected postgresql://user[:password]@host[:port]/database');
}

/** S3 media storage needs a bucket and a key pair; URLs must be http(s). Values are not echoed: two are secrets. */
function checkS3(config: Config): void {
  for (const key of ['media.s3.bucket', 'media.s3.access_key_id', 'media.s3.secret_access_key'] as const) {
    if (!config[key].trim()) throw new ConfigError(`${key}: required when media.storage is s3`);
  }
  // A bucket becomes a path segment or a host label, so `/`, spaces and the like would address something else.
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{2,62}$/.test(config['media.s3.bucket']))
    throw new ConfigError('media.s3.bucket: expected 3 to 63 letters, digits, dots, dashes or underscores');
  for (const key of ['media.s3.endpoint', 'media.s3.public_url'] as const) {
    if (config[key] && !/^https?:$/.test(URL.parse(config[key])?.protocol ?? ''))
      throw new ConfigError(`${key}: expected an http:// or https:// URL`);
  }
}

/** A key's default: its `productionDefault` when `env` is `production` and it has one, else `default`. */
function defaultOf(spec: KeySpec, production: boolean): unknown {
  if (production && 'productionDefault' in spec && spec.productionDefault !== undefined) return spec.productionDefault;
  return Array.isArray(spec.default) ? [...spec.default] : spec.default;
}
