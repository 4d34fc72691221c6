import 'reflect-metadata';
import type { NonEmptyArray } from 'type-graphql';
import type { Loaders, LoaderDeps } from '../context/loaders';
import type { PrismaClient } from '../generated/prisma/client';
import type { Config } from '../platform/config/keys';
import type { MediaStorage } from '../platform/storage/media-storage';
import { domain as apiKeys } from '../domains/api-keys';
import { domain as carts } from '../domains/carts';
import { domain as catalog } from '../domains/catalog';
import { domain as customers } from '../domains/customers';
import { domain as inventory } from '../domains/inventory';
import { domain as media } from '../domains/media';
import type { DomainModule } from '../domains/module';
import type { PluginDefinition } from '../plugin-api';
import { BUNDLED_PLUGINS } from './plugins';
import { type SchemaParts, buildBaseSchema, buildExecutableSchema, printSchemaSdl } from '../graphql/schema';
import { domain as orders } from '../domains/orders';
import { domain as payments } from '../domains/payments';
import { domain as plugins } from '../domains/plugins';
import { domain as pricing } from '../domains/pricing';
import { domain as sessions } from '../domains/sessions';
import { domain as system } from '../domains/system';
import { domain as users } from '../domains/users';

/**
 * Every domain of the service, in one list. A domain joins the API by exporting a `domain` from its
 * `index.ts` and being named here; the schema's resolvers, the shield's access tables and `ctx.loaders` all
 * derive from this list.
 */
export const DOMAINS: DomainModule[] = [
  system,
  sessions,
  users,
  apiKeys,
  inventory,
  catalog,
  media,
  pricing,
  payments,
  orders,
  carts,
  customers,
  plugins,
];

const partsByPlugins = new WeakMap<readonly PluginDefinition<any, any>[], SchemaParts>();

/**
 * What the schema is built from: every domain, plus the GraphQL contributions of `plugins` (by default the
 * bundled ones, so the committed SDL does not depend on which plugins a deployment enables).
 */
export function schemaParts(plugins: readonly PluginDefinition<any, any>[] = BUNDLED_PLUGINS): SchemaParts {
  let parts = partsByPlugins.get(plugins);
  if (!parts) {
    const contributions = plugins.flatMap((p) => (p.graphql ? [p.graphql] : []));
    parts = {
      resolvers: [
        ...DOMAINS.flatMap((d) => d.resolvers),
        ...contributions.flatMap((c) => c.resolvers),
      ] as NonEmptyArray<Function>,
      accessTables: [...DOMAINS.flatMap((d) => d.access), ...contributions.map((c) => c.access)],
      orphanedTypes: DOMAINS.flatMap((d) => d.orphanedTypes ?? []),
    };
    partsByPlugins.set(plugins, parts);
  }
  return parts;
}

/** Every access table of the default schema; the REST adapter's access checks and the permission walk read them. */
export const ACCESS_TABLES = schemaParts().accessTables;

/** One request's DataLoaders: every domain's factory, merged. */
export function createLoaders(deps: LoaderDeps): Loaders {
  return Object.assign({}, ...DOMAINS.map((d) => d.loaders?.(deps) ?? {})) as Loaders;
}

/** `AppServices.createLoaders` for a process: loaders over the root client, locale and media URLs from config. */
export function loaderFactory(deps: {
  prisma: PrismaClient;
  config: Config;
  mediaStorage: MediaStorage;
}): (prisma?: PrismaClient) => Loaders {
  const loaderDeps: LoaderDeps = {
    prisma: deps.prisma,
    defaultLocale: deps.config['i18n.default_locale'],
    mediaUrl: (key) => deps.mediaStorage.url(key),
  };
  // A request reading from a replica passes the replica-routing client (see src/context/read-routing.ts).
  return (prisma) => createLoaders(prisma ? { ...loaderDeps, prisma } : loaderDeps);
}

/** The schema of the decorated resolvers, without shield (what `schema/schema.graphql` holds). */
export const buildAppBaseSchema = () => buildBaseSchema(schemaParts());
/** The executable schema: resolvers behind the shield and the argument rules. */
export const buildAppSchema = (plugins?: readonly PluginDefinition<any, any>[]) =>
  buildExecutableSchema(schemaParts(plugins));
/** The SDL committed to `schema/schema.graphql`. */
export const printAppSchema = () => printSchemaSdl(schemaParts());
