/**
 * The layer contract (docs/architecture.md; docs/decisions.md, "Layers"). Bottom to top, each layer imports only
 * from layers below it:
 *   1 src/shared   pure helpers, no I/O
 *   2 src/platform process infrastructure (config, logger, database, storage, Redis, passwords)
 *   3 src/context  what a use case runs in (Ctx, transactions, hooks, loaders, limits)
 *   4 src/auth, src/domains/<d>   (a domain reaches another only through its index.ts facade)
 *   5 src/graphql, src/http   the generic adapters (GraphQL server, HTTP hardening)
 *   6 src/routing  the route-row vocabulary, its compiler and runner, which REST, MCP and plugin routes all use
 *   7 src/plugin-api, src/mcp   the plugin contract and host; the MCP servers
 *   8 rest/        the REST route tables and OpenAPI document; plugins/** (through src/plugin-api/index.ts only)
 *   9 app/         the composition root and the entry points (main.ts, cli/): imported only by scripts and tests
 * src/generated (codegen output) sits below everything. Nothing under src/ imports rest/, plugins/ or app/;
 * rest/ and plugins/ do not import app/. admin/** (the dashboard, a browser app) imports nothing outside admin/.
 * `npm run check:layers` runs it; test/contract/layers.test.ts proves each rule fires.
 */
const SHARED = '^src/(shared|generated)/';
const PLATFORM = '^src/platform/';
const CONTEXT = '^src/context/';
const AUTH = '^src/auth/';
const DOMAINS = '^src/domains/';
const BASE_ADAPTERS = '^src/(graphql|http)/';
const ROUTING = '^src/routing/';
const FACADES = '^src/domains/[^/]+/index\\.ts$';
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
      'routing-below-its-users',
      ROUTING,
      [SHARED, PLATFORM, CONTEXT, AUTH, BASE_ADAPTERS],
      'route rows map onto named operations; REST, MCP and plugins build on them, so they know none of the three.',
    ),
    onlyFrom(
      'rest-adapter',
      '^rest/',
      [SHARED, PLATFORM, CONTEXT, AUTH, BASE_ADAPTERS, ROUTING],
      'REST maps routes onto named operations; it reaches no domain directly.',
    ),
    onlyFrom(
      'plugin-api',
      '^src/plugin-api/',
      [SHARED, PLATFORM, CONTEXT, AUTH, BASE_ADAPTERS, FACADES, ROUTING],
      'the plugin contract and host build on domain facades and the route rows.',
    ),
    onlyFrom(
      'mcp-adapter',
      '^src/mcp/',
      [SHARED, PLATFORM, CONTEXT, AUTH, BASE_ADAPTERS, FACADES, ROUTING, '^src/plugin-api/'],
      'MCP runs named operations through the route rows.',
    ),
    {
      name: 'src-below-rest-plugins-and-root',
      severity: 'error',
      comment: 'src/ is the ground that rest/, plugins/ and app/ stand on: it imports none of them.',
      from: { path: '^src/', pathNot: TESTS },
      to: { path: '^(rest|plugins|app)/' },
    },
    onlyFrom(
      'admin-is-a-client',
      '^admin/',
      [],
      'the admin dashboard (admin/) talks to the service over GraphQL only: it imports no server code.',
    ),
    onlyFrom(
      'storefront-is-a-client',
      '^storefront/',
      [],
      'the storefront (storefront/) talks to the service over its public GraphQL API only: it imports no service code.',
    ),
    {
      name: 'plugins-see-the-plugin-api',
      severity: 'error',
      comment: 'a plugin imports the plugin API (src/plugin-api/index.ts) and its own files only.',
      from: { path: '^plugins/([^/]+)/', pathNot: TESTS },
      to: { dependencyTypes: ['local'], pathNot: ['^src/plugin-api/index\\.ts$', '^plugins/$1/'] },
    },
    {
      name: 'root-on-top',
      severity: 'error',
      comment: 'app/ wires everything and holds the entry points; only app/, scripts and tests import it.',
      from: { pathNot: '^(app/|scripts/|test/)' },
      to: { path: '^app/' },
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
      from: { path: '^(src/(routing|plugin-api|mcp)|rest)/' },
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
