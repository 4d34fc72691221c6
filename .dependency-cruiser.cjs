/**
 * The layer contract (docs/decisions.md, "Layers"). Bottom to top, each layer imports only from layers below it:
 *   1 src/shared   pure helpers, no I/O
 *   2 src/platform process infrastructure (config, logger, database, storage, Redis, passwords)
 *   3 src/context  what a use case runs in (Ctx, transactions, hooks, loaders, limits)
 *   4 src/auth, src/domains/<d>   (a domain reaches another only through its index.ts facade)
 *   5 adapters: src/graphql, src/http, then rest/, src/plugin-api, src/mcp on top of them
 *   6 src/app      the composition root, imported only by src/main.ts, src/cli, scripts and tests
 * src/generated (codegen output) sits below everything. plugins/** import src/plugin-api only; admin/** (the
 * dashboard, a browser app) imports nothing outside admin/.
 * `npm run check:layers` runs it; test/contract/layers.test.ts proves each rule fires.
 */
const SHARED = '^src/(shared|generated)/';
const PLATFORM = '^src/platform/';
const CONTEXT = '^src/context/';
const AUTH = '^src/auth/';
const DOMAINS = '^src/domains/';
const BASE_ADAPTERS = '^src/(graphql|http)/';
/** Tests beside a module may use the test harness (which starts the whole service). */
const TESTS = '\\.test\\.ts$';

/** `from` may import nothing local except `allowed` (npm packages and Node built-ins are always fine). */
const onlyFrom = (name, from, allowed, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: TESTS },
  to: { dependencyTypes: ['local'], pathNot: [from, ...allowed].join('|') },
});

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Import cycles hide which side is the ground.',
      from: {},
      to: { circular: true },
    },
    onlyFrom('shared-is-pure', '^src/shared/', [SHARED], 'shared holds pure helpers: it builds on nothing of ours.'),
    onlyFrom('platform-below-context', '^src/platform/', [SHARED], 'platform is process infrastructure: shared only.'),
    onlyFrom(
      'context-below-domains',
      '^src/context/',
      [SHARED, PLATFORM],
      'context must not know domains, auth or adapters.',
    ),
    onlyFrom(
      'auth-below-adapters',
      '^src/auth/',
      [SHARED, PLATFORM, CONTEXT],
      'auth resolves actors and access rules; it knows no domain and no adapter.',
    ),
    onlyFrom(
      'domains-below-adapters',
      '^src/domains/',
      [SHARED, PLATFORM, CONTEXT, AUTH, DOMAINS],
      'domains know no GraphQL server, HTTP, REST, plugin host or root.',
    ),
    onlyFrom(
      'base-adapters',
      BASE_ADAPTERS,
      [SHARED, PLATFORM, CONTEXT, AUTH, BASE_ADAPTERS],
      'graphql/ and http/ are generic: they get domains from the root.',
    ),
    onlyFrom(
      'rest-adapter',
      '^rest/',
      [SHARED, PLATFORM, CONTEXT, AUTH, BASE_ADAPTERS],
      'REST maps routes onto named operations; it reaches no domain directly.',
    ),
    onlyFrom(
      'plugin-api',
      '^src/plugin-api/',
      [SHARED, PLATFORM, CONTEXT, AUTH, BASE_ADAPTERS, '^src/domains/[^/]+/index\\.ts$', '^rest/'],
      'the plugin contract and host build on domain facades.',
    ),
    onlyFrom(
      'mcp-adapter',
      '^src/mcp/',
      [SHARED, PLATFORM, CONTEXT, AUTH, BASE_ADAPTERS, '^src/domains/[^/]+/index\\.ts$', '^rest/', '^src/plugin-api/'],
      'MCP runs named operations.',
    ),
    onlyFrom(
      'admin-is-a-client',
      '^admin/',
      [],
      'the admin dashboard (admin/) talks to the service over GraphQL only: it imports no server code.',
    ),
    {
      name: 'plugins-see-the-plugin-api',
      severity: 'error',
      comment: 'a plugin imports the plugin API (src/plugin-api/index.ts) and its own files only.',
      from: { path: '^plugins/([^/]+)/', pathNot: TESTS },
      to: { dependencyTypes: ['local'], pathNot: ['^src/plugin-api/index\\.ts$', '^plugins/$1/'] },
    },
    {
      name: 'root-is-imported-by-entry-points-only',
      severity: 'error',
      comment: 'src/app wires everything; only src/main.ts, src/cli, scripts and tests start from it.',
      from: { pathNot: '^(src/app/|src/main\\.ts$|src/cli/|scripts/|test/)' },
      to: { path: '^src/app/' },
    },
    {
      name: 'domains-through-facades',
      severity: 'error',
      comment: 'a domain reaches another only through its index.ts facade.',
      from: { path: '^src/domains/([^/]+)/' },
      to: { path: '^src/domains/([^/]+)/', pathNot: ['^src/domains/$1/', '^src/domains/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-code-through-facades',
      severity: 'error',
      comment: 'code outside the domains (except the root and tests) uses domain facades, not their files.',
      from: { path: '^(src/(plugin-api|mcp)|rest)/' },
      to: { path: '^src/domains/[^/]+/', pathNot: '^src/domains/[^/]+/index\\.ts$' },
    },
    {
      name: 'nothing-depends-on-orders',
      severity: 'error',
      comment: 'orders sits on top of the domain graph (orders -> carts -> catalog, inventory, pricing).',
      from: { path: '^src/domains/(?!orders/)' },
      to: { path: '^src/domains/orders/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data|src/generated/prisma/internal)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
