import 'reflect-metadata';

import type { NonEmptyArray } from 'type-graphql';

import { apiKeysRoutes } from '../rest/routes/api-keys.routes';
import { authRoutes } from '../rest/routes/auth.routes';
import { cartsRoutes } from '../rest/routes/carts.routes';
import { categoryRoutes } from '../rest/routes/categories.routes';
import { customersRoutes } from '../rest/routes/customers.routes';
import { inventoryRoutes } from '../rest/routes/inventory.routes';
import { mailRoutes } from '../rest/routes/mail.routes';
import { mediaRoutes } from '../rest/routes/media.routes';
import { ordersRoutes } from '../rest/routes/orders.routes';
import { paymentsRoutes } from '../rest/routes/payments.routes';
import { pluginsRoutes } from '../rest/routes/plugins.routes';
import { pricingRoutes } from '../rest/routes/pricing.routes';
import { productAttributeRoutes, productRoutes } from '../rest/routes/products.routes';
import { propertyRoutes } from '../rest/routes/properties.routes';
import { refundsRoutes } from '../rest/routes/refunds.routes';
import { returnsRoutes } from '../rest/routes/returns.routes';
import { shipmentsRoutes } from '../rest/routes/shipments.routes';
import { systemRoutes } from '../rest/routes/system.routes';
import { timelineRoutes } from '../rest/routes/timeline.routes';
import { usersRoutes } from '../rest/routes/users.routes';
import type { LoaderDeps, Loaders } from '../src/context/loaders';
import { domain as apiKeys } from '../src/domains/api-keys';
import { domain as carts } from '../src/domains/carts';
import { domain as catalog } from '../src/domains/catalog';
import { domain as customers } from '../src/domains/customers';
import { domain as inventory } from '../src/domains/inventory';
import { domain as mail } from '../src/domains/mail';
import { domain as media } from '../src/domains/media';
import type { DomainModule } from '../src/domains/module';
import { domain as orders } from '../src/domains/orders';
import { domain as payments } from '../src/domains/payments';
import { domain as plugins } from '../src/domains/plugins';
import { domain as pricing } from '../src/domains/pricing';
import { domain as sessions } from '../src/domains/sessions';
import { domain as system } from '../src/domains/system';
import { domain as users } from '../src/domains/users';
import type { PrismaClient } from '../src/generated/prisma/client';
import { restView } from '../src/graphql/rest-view';
import { buildBaseSchema, buildExecutableSchema, printSchemaSdl, type SchemaParts } from '../src/graphql/schema';
import type { Toolset } from '../src/mcp/tool-catalog';
import type { Config } from '../src/platform/config/keys';
import type { MediaStorage } from '../src/platform/storage/media-storage';
import type { PluginDefinition } from '../src/plugin-api';
import type { RouteSpec } from '../src/routing/route';
import { BUNDLED_PLUGINS } from './plugins';

/**
 * What a domain shows besides GraphQL: a group of REST routes (rows over its named operations), the OpenAPI tag
 * they are listed under and, for admin routes, the MCP toolset their tools join. A domain may have several
 * groups (catalog: products, categories, properties); one tag may span two groups of a domain.
 */
export interface SurfaceGroup {
  tag: string;
  description: string;
  routes: RouteSpec[];
  /** The admin MCP toolset of the group's `/api/v1/admin/` routes (required when it has any). */
  toolset?: Toolset;
}

/** One domain: its module (resolvers, access tables, loaders) and its surface. */
export interface DomainEntry {
  module: DomainModule;
  surface: SurfaceGroup[];
}

/**
 * Every domain of the service, in one list, with its whole surface. A domain joins the API by exporting a
 * `domain` from its `index.ts` and being named here with its route groups: the schema's resolvers, the shield's
 * access tables, `ctx.loaders`, the REST route table, the OpenAPI tags and the MCP toolsets all derive from this
 * list (an admin route without a toolset stops start-up). The order is the OpenAPI document's.
 */
export const DOMAINS: DomainEntry[] = [
  { module: system, surface: [{ tag: 'system', description: 'Liveness and readiness.', routes: systemRoutes }] },
  {
    module: sessions,
    surface: [
      {
        tag: 'auth',
        description: 'Staff and customer login, token refresh, logout, registration.',
        routes: authRoutes,
      },
    ],
  },
  {
    module: inventory,
    surface: [
      {
        tag: 'inventory',
        description: 'Warehouses, stock levels and stock movements.',
        routes: inventoryRoutes,
        toolset: 'inventory',
      },
    ],
  },
  {
    module: catalog,
    surface: [
      {
        tag: 'products',
        description: 'Products, variants, bulk create, CSV import, store browsing.',
        routes: productRoutes,
        toolset: 'catalog',
      },
      { tag: 'products', description: '', routes: productAttributeRoutes, toolset: 'attributes' },
      { tag: 'categories', description: 'The category tree and tags.', routes: categoryRoutes, toolset: 'catalog' },
      {
        tag: 'properties',
        description: 'Property groups (variant axes) and attributes.',
        routes: propertyRoutes,
        toolset: 'attributes',
      },
    ],
  },
  {
    module: media,
    surface: [{ tag: 'media', description: 'Uploaded images and files.', routes: mediaRoutes, toolset: 'catalog' }],
  },
  {
    module: users,
    surface: [{ tag: 'users', description: 'Admin users.', routes: usersRoutes, toolset: 'system' }],
  },
  {
    module: apiKeys,
    surface: [
      { tag: 'api-keys', description: 'API keys of staff and customers.', routes: apiKeysRoutes, toolset: 'system' },
    ],
  },
  {
    module: pricing,
    surface: [
      {
        tag: 'pricing',
        description: 'Tax rules, shipping methods, discount codes.',
        routes: pricingRoutes,
        toolset: 'pricing',
      },
    ],
  },
  {
    module: payments,
    surface: [
      {
        tag: 'payments',
        description: 'Payment methods and payment transactions.',
        routes: paymentsRoutes,
        toolset: 'pricing',
      },
    ],
  },
  {
    module: orders,
    surface: [
      { tag: 'orders', description: 'Checkout and orders.', routes: ordersRoutes, toolset: 'orders' },
      { tag: 'orders', description: '', routes: shipmentsRoutes, toolset: 'fulfilment' },
      { tag: 'orders', description: '', routes: refundsRoutes, toolset: 'fulfilment' },
      { tag: 'orders', description: '', routes: returnsRoutes, toolset: 'fulfilment' },
      { tag: 'orders', description: '', routes: timelineRoutes, toolset: 'fulfilment' },
    ],
  },
  {
    module: mail,
    surface: [
      {
        tag: 'emails',
        description: 'Transactional emails (the mail outbox): read them, resend a failed one.',
        routes: mailRoutes,
        // Not a default toolset: the outbox is an operator's concern, and the default stays about 40 tools.
        toolset: 'system',
      },
    ],
  },
  {
    module: carts,
    surface: [
      {
        tag: 'carts',
        description: 'Store carts (signed-in customers, or anonymous with `X-Cart-Token`).',
        routes: cartsRoutes,
      },
    ],
  },
  {
    module: customers,
    surface: [
      {
        tag: 'customers',
        description: "Customers (admin) and the customer's own account.",
        routes: customersRoutes,
        toolset: 'customers',
      },
    ],
  },
  {
    module: plugins,
    surface: [
      {
        tag: 'plugins',
        description: 'Configured plugins and their storefront UI extensions.',
        routes: pluginsRoutes,
        toolset: 'system',
      },
    ],
  },
];

const MODULES = DOMAINS.map((d) => d.module);

/** A tag of the OpenAPI document with its routes (a tag two groups share is listed once, with the first's text). */
export interface RouteGroup {
  tag: string;
  description: string;
  routes: RouteSpec[];
}

/** The REST surface by OpenAPI tag, from the domains' groups. */
export const ROUTE_GROUPS: RouteGroup[] = DOMAINS.flatMap((d) => d.surface).reduce<RouteGroup[]>((groups, g) => {
  const held = groups.find((x) => x.tag === g.tag);
  if (held) held.routes = [...held.routes, ...g.routes];
  else groups.push({ tag: g.tag, description: g.description, routes: g.routes });
  return groups;
}, []);

/** The whole REST surface. */
export const ROUTES: RouteSpec[] = ROUTE_GROUPS.flatMap((g) => g.routes);

const TOOLSET_OF = new Map(
  DOMAINS.flatMap((d) => d.surface.flatMap((g) => g.routes.map((r) => [r, g.toolset] as const))),
);

/** The MCP toolset a route's group declares (by the route spec's identity), for the admin tools. */
export const toolsetOfRoute = (spec: RouteSpec): Toolset | undefined => TOOLSET_OF.get(spec);

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
        ...MODULES.flatMap((d) => d.resolvers),
        ...contributions.flatMap((c) => c.resolvers),
      ] as NonEmptyArray<Function>,
      accessTables: [...MODULES.flatMap((d) => d.access), ...contributions.map((c) => c.access)],
      orphanedTypes: MODULES.flatMap((d) => d.orphanedTypes ?? []),
    };
    partsByPlugins.set(plugins, parts);
  }
  return parts;
}

/** Every access table of the default schema; the REST adapter's access checks and the permission walk read them. */
export const ACCESS_TABLES = schemaParts().accessTables;

/**
 * One request's DataLoaders: every domain's factory, merged, each domain's made on first use. Most requests use
 * one domain's loaders or none (a compiled product list uses none), and making all of them for every request was
 * a few per cent of a catalog page's CPU. The getters live on a prototype made once per deps; a request's
 * object holds only the groups it used.
 */
export function createLoaders(deps: LoaderDeps): Loaders {
  let proto = loaderPrototypes.get(deps);
  if (!proto) {
    proto = {};
    MODULES.forEach((domain, index) => {
      if (!domain.loaders) return;
      const make = domain.loaders;
      // The names a domain's factory makes, learnt by making one set (DataLoaders do nothing until used).
      for (const name of Object.keys(make(deps)))
        Object.defineProperty(proto, name, {
          get(this: LoaderGroups) {
            const group = (this[GROUPS][index] ??= make(deps) as Record<string, unknown>);
            return group[name];
          },
          enumerable: true,
        });
    });
    loaderPrototypes.set(deps, proto);
  }
  const loaders = Object.create(proto) as LoaderGroups;
  loaders[GROUPS] = [];
  return loaders as unknown as Loaders;
}

const GROUPS = Symbol('loader groups');
type LoaderGroups = { [GROUPS]: Array<Record<string, unknown> | undefined> };
const loaderPrototypes = new WeakMap<LoaderDeps, object>();

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
  // A request reading from a replica passes the replica-routing client (see src/context/read-routing.ts); its
  // deps are made once per client, so its loaders' prototype is too.
  const byClient = new WeakMap<PrismaClient, LoaderDeps>();
  return (prisma) => {
    if (!prisma) return createLoaders(loaderDeps);
    let deps = byClient.get(prisma);
    if (!deps) byClient.set(prisma, (deps = { ...loaderDeps, prisma }));
    return createLoaders(deps);
  };
}

/** The schema of the decorated resolvers, without shield (what `schema/schema.graphql` holds). */
export const buildAppBaseSchema = () => buildBaseSchema(schemaParts());
/** The executable schema: resolvers behind the shield and the argument rules. */
export const buildAppSchema = (plugins?: readonly PluginDefinition<any, any>[]) =>
  buildExecutableSchema(schemaParts(plugins));
/** The executable schema as REST, MCP and the plugins run it: enum values by their lower-case values (rest-view.ts). */
export const buildAppRestSchema = (plugins?: readonly PluginDefinition<any, any>[]) =>
  restView(buildAppSchema(plugins));
/** The SDL committed to `schema/schema.graphql`. */
export const printAppSchema = () => printSchemaSdl(schemaParts());
