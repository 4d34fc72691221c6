import type { KeySpec } from '../platform/config/keys';
import { coerceValue, ConfigError } from '../platform/config/load';

/**
 * One key of a plugin's configuration (`plugins.<name>.<key>`, env `SVC_PLUGINS_<NAME>_<KEY>`): the service's own
 * key types, plus `required` (no default; start aborts without it), `secret` (never logged) and `url` (http/https).
 */
export type PluginKeySpec =
  | {
      type: 'string';
      doc: string;
      default?: string;
      required?: boolean;
      secret?: boolean;
      url?: boolean;
      choices?: readonly string[];
    }
  | { type: 'int'; doc: string; default?: number; required?: boolean; min?: number; max?: number }
  | { type: 'bool'; doc: string; default?: boolean }
  | { type: 'list'; doc: string; default?: readonly string[]; choices?: readonly string[] };

export type PluginConfigSchema = Record<string, PluginKeySpec>;

type ValueOf<K extends PluginKeySpec> = K extends { type: 'int' }
  ? number
  : K extends { type: 'bool' }
    ? boolean
    : K extends { type: 'list' }
      ? string[]
      : string;

/** The validated configuration a plugin's `init` receives. */
export type PluginConfigOf<S extends PluginConfigSchema> = { [K in keyof S]: ValueOf<S[K]> } & { enabled: boolean };

const EMPTY: Record<KeySpec['type'], unknown> = { string: '', int: 0, bool: false, list: [] };

/**
 * Validates a plugin's raw settings (YAML values or env strings) against its schema: unknown keys, missing
 * required keys and ill-typed values abort start with a message naming `plugins.<name>.<key>`; secret values
 * are never echoed.
 */
export function readPluginConfig(
  name: string,
  schema: PluginConfigSchema,
  raw: Record<string, unknown>,
): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const key of Object.keys(raw)) {
    if (key !== 'enabled' && !(key in schema))
      throw new ConfigError(`plugins.${name}.${key}: unknown configuration key`);
  }
  config.enabled =
    raw.enabled === undefined
      ? true
      : coerceValue({ type: 'bool', default: true, doc: '' }, `plugins.${name}.enabled`, raw.enabled, 'plugins');
  for (const [key, spec] of Object.entries(schema)) {
    const path = `plugins.${name}.${key}`;
    const given = raw[key];
    if (given === undefined || given === '') {
      if ('required' in spec && spec.required) throw new ConfigError(`${path}: required`);
      config[key] = spec.default ?? EMPTY[spec.type];
      continue;
    }
    const source = 'secret' in spec && spec.secret ? 'a secret value' : JSON.stringify(given);
    const value = coerceValue({ ...spec, default: EMPTY[spec.type] } as KeySpec, path, given, source);
    if ('url' in spec && spec.url && !/^https?:$/.test(URL.parse(String(value))?.protocol ?? ''))
      throw new ConfigError(`${path}: expected an http:// or https:// URL`);
    if (spec.type === 'list' && spec.choices) {
      const unknown = (value as string[]).find((v) => !spec.choices!.includes(v));
      if (unknown) throw new ConfigError(`${path}: unknown value ${JSON.stringify(unknown)}`);
    }
    config[key] = value;
  }
  return config;
}

/** The configuration with secret values masked, for logs. */
export function redactPluginConfig(
  schema: PluginConfigSchema,
  config: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(config).map(([k, v]) => [
      k,
      schema[k] && 'secret' in schema[k] && schema[k].secret ? '[redacted]' : v,
    ]),
  );
}
