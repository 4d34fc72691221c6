/**
 * Every configuration key of the service: its type, default and meaning. The loader, the README's
 * configuration table and the env-name mapping (`SVC_` + path upper-cased, dots → underscores) all read
 * this one table, so a key documented is a key that works.
 */

export type KeySpec =
  | { type: 'string'; default: string; doc: string; choices?: readonly string[]; secret?: boolean }
  | { type: 'int'; default: number; doc: string; min?: number; max?: number }
  | {
      type: 'bool';
      default: boolean;
      /** The default when `env` is `production`, where it differs (a safe default for deployments). */
      productionDefault?: boolean;
      doc: string;
    }
  | { type: 'list'; default: readonly string[]; doc: string };

const MiB = 1024 * 1024;

export const CONFIG_KEYS = {
  env: {
    type: 'string',
    default: 'development',
    choices: ['development', 'production', 'test'],
    doc: 'Runtime environment; `production` hides Apollo Sandbox and stack traces.',
  },
  data_dir: {
    type: 'string',
    default: './data',
    doc: 'Embedded database, generated JWT secret and local uploads live here.',
  },
  'server.host': { type: 'string', default: '0.0.0.0', doc: 'Interface to listen on.' },
  'server.port': { type: 'int', default: 8080, min: 0, max: 65535, doc: 'HTTP port (0 picks a free port).' },
  'server.max_body_size': {
    type: 'int',
    default: 1 * MiB,
    min: 1,
    doc: 'Largest JSON body in bytes (413 `body_too_large` above).',
  },
  'server.max_upload_size': {
    type: 'int',
    default: 32 * MiB,
    min: 1,
    doc: 'Largest uploaded file in bytes (413 `body_too_large` above).',
  },
  'server.shutdown_timeout_seconds': {
    type: 'int',
    default: 10,
    min: 0,
    doc: 'Grace period for in-flight requests on SIGTERM/SIGINT.',
  },
  'server.shutdown_delay_seconds': {
    type: 'int',
    default: 0,
    min: 0,
    max: 300,
    doc: 'After SIGTERM, health answers 503 `stopping` this long before the listener closes (load balancers move on).',
  },
  'server.headers_timeout_seconds': {
    type: 'int',
    default: 20,
    min: 1,
    max: 600,
    doc: 'A client must send its request headers within this time (slow-client protection).',
  },
  'server.request_timeout_seconds': {
    type: 'int',
    default: 120,
    min: 1,
    max: 3600,
    doc: 'A client must send its whole request (body included) within this time; uploads count.',
  },
  'server.body_idle_timeout_seconds': {
    type: 'int',
    default: 15,
    min: 1,
    max: 600,
    doc: 'A request body that makes no progress (no byte arrives) for this long is answered 408 `request_timeout` and the connection closed; slow but steady uploads go on until `server.request_timeout_seconds`.',
  },
  'server.max_json_depth': {
    type: 'int',
    default: 64,
    min: 2,
    max: 1000,
    doc: 'Deepest nesting of arrays and objects in a JSON body (REST, GraphQL, MCP, plugin routes, webhooks) and in GraphQL `variables`/`extensions` sent as query parameters; deeper is 400 `validation_error` (detail `max_depth`), checked on the raw text before anything parses it.',
  },
  'server.keep_alive_timeout_seconds': {
    type: 'int',
    default: 5,
    min: 1,
    max: 600,
    doc: 'Idle keep-alive connections are closed after this time.',
  },
  'http.compression.enabled': {
    type: 'bool',
    default: true,
    doc: 'Compress answers for clients that accept it (`Accept-Encoding`: brotli, else gzip): static files from their precompressed copies, JSON reads above `http.compression.threshold_bytes` (never sign-in, token or other secret-bearing answers). Off sends everything unencoded (a proxy in front compresses instead).',
  },
  'http.compression.threshold_bytes': {
    type: 'int',
    default: 1400,
    min: 0,
    doc: 'Smallest JSON answer (bytes) compressed: a smaller one fits in one TCP packet anyway, so compressing it saves no round trip.',
  },
  'server.cors.allowed_origins': {
    type: 'list',
    default: [],
    doc: 'Origins allowed by CORS; `*` cannot be combined with credentials.',
  },
  'server.cors.allow_credentials': { type: 'bool', default: false, doc: 'Send `Access-Control-Allow-Credentials`.' },
  'database.url': {
    type: 'string',
    default: '',
    secret: true,
    doc: '`postgresql://…` switches from the embedded database to PostgreSQL (also `DATABASE_URL`).',
  },
  'database.max_connections': { type: 'int', default: 10, min: 1, doc: 'PostgreSQL pool size.' },
  'database.tls': {
    type: 'string',
    default: 'require',
    choices: ['require', 'verify-full', 'prefer', 'disable'],
    doc: 'TLS mode when the URL has no `sslmode`; `disable` logs a warning.',
  },
  'database.prepared_statements': {
    type: 'bool',
    default: true,
    doc: 'Name repeated statements so each connection plans them once; turn off behind a transaction-mode pooler that cannot keep prepared statements.',
  },
  'database.auto_migrate': { type: 'bool', default: true, doc: 'Apply pending migrations at start.' },
  'database.replica_urls': {
    type: 'list',
    default: [],
    doc: 'Streaming replicas of `database.url` (`postgresql://…`, comma-separated in the environment): GraphQL queries, REST and MCP reads send their plain reads there; writes, transactions and reads right after a write go to the primary (docs/scaling.md).',
  },
  'database.replica_max_lag_ms': {
    type: 'int',
    default: 1000,
    min: 10,
    max: 600_000,
    doc: 'A replica further behind the primary than this (checked every quarter of it, 50 ms to 1 s) leaves the rotation until it catches up; so does one that fails.',
  },
  'database.read_your_writes_ms': {
    type: 'int',
    default: 2000,
    min: 0,
    max: 600_000,
    doc: "After a session's write (mutation) its reads, and after any store-data write every read, go to the primary this long; at least twice `database.replica_max_lag_ms` is used. Shared across instances through `redis.url`.",
  },
  'server.background_jobs': {
    type: 'bool',
    default: true,
    doc: "Run the background work (the automation webhook relay, the payprov reconciler, the plugins' retention pruning) in this instance; turn it off on API instances when `svc worker` processes run it (docs/scaling.md).",
  },
  'carts.prune_interval_seconds': {
    type: 'int',
    default: 600,
    min: 1,
    max: 86_400,
    doc: 'How often an instance running background work deletes anonymous carts past their expiry (30 days after their last change), 1,000 a statement and at most 20,000 a pass.',
  },
  'worker.health_port': {
    type: 'int',
    default: 8081,
    min: 0,
    max: 65535,
    doc: '`svc worker` answers liveness (`GET /api/v1/health`) and readiness (`GET /api/v1/health/ready`) on this port of `server.host` (0 picks a free port); it serves nothing else.',
  },
  'media.local_path': {
    type: 'string',
    default: '',
    doc: 'Folder of uploaded media, served at `/uploads/`; empty means `<data_dir>/uploads` (`./data/uploads`).',
  },
  'media.storage': {
    type: 'string',
    default: 'local',
    choices: ['local', 's3'],
    doc: 'Where uploads are stored: `local` (`media.local_path`, served at `/uploads/`) or `s3` (an S3-compatible bucket; `/uploads/` is not served).',
  },
  'media.s3.bucket': {
    type: 'string',
    default: '',
    doc: 'Bucket of uploaded media; required when `media.storage` is `s3`.',
  },
  'media.s3.region': { type: 'string', default: 'us-east-1', doc: 'Region the requests are signed for (SigV4).' },
  'media.s3.endpoint': {
    type: 'string',
    default: '',
    doc: 'S3-compatible endpoint URL (MinIO, R2, …); empty means `https://s3.<region>.amazonaws.com`.',
  },
  'media.s3.access_key_id': {
    type: 'string',
    default: '',
    secret: true,
    doc: 'Access key id; required when `media.storage` is `s3`.',
  },
  'media.s3.secret_access_key': {
    type: 'string',
    default: '',
    secret: true,
    doc: 'Secret access key; required when `media.storage` is `s3`.',
  },
  'media.s3.force_path_style': {
    type: 'bool',
    default: true,
    doc: 'Address objects as `<endpoint>/<bucket>/<key>` (what MinIO and most S3-compatible servers want); false: `https://<bucket>.<endpoint host>/<key>`.',
  },
  'media.s3.public_url': {
    type: 'string',
    default: '',
    doc: 'Base of media URLs (`<public_url>/<key>`), e.g. a CDN; empty means the bucket URL.',
  },
  'log.level': {
    type: 'string',
    default: 'info',
    choices: ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'],
    doc: 'Log level of the JSON logs.',
  },
  'log.sql_counts': {
    type: 'string',
    default: 'auto',
    choices: ['auto', 'on', 'off'],
    doc: 'Count the SQL statements of each request into its log line (`sql`), so an N+1 shows up; `auto` is on unless `env` is `production` (the count needs an AsyncLocalStorage scope per request; the bench measures it within noise, docs/performance.md).',
  },
  'metrics.prometheus': {
    type: 'bool',
    default: false,
    doc: 'Serve the service metrics as Prometheus text at `GET /metrics` on `metrics.prometheus_port` (its own port, no authentication: keep it off the public network); works with or without the `OTEL_*` variables (docs/operations.md).',
  },
  'metrics.prometheus_port': {
    type: 'int',
    default: 9464,
    min: 0,
    max: 65535,
    doc: 'Port of the Prometheus endpoint, on `server.host` (0 picks a free port, logged at start).',
  },
  'auth.jwt_secret': {
    type: 'string',
    default: '',
    secret: true,
    doc: 'HMAC secret for JWTs (≥ 32 bytes; generated into `data_dir` on the embedded default).',
  },
  'auth.session_max_age_days': {
    type: 'int',
    default: 30,
    min: 1,
    max: 365,
    doc: 'Absolute lifetime of a session (a login and its refreshes): a refresh this many days after the login answers 401 `session_expired` and the person signs in again.',
  },
  'auth.argon2.memory_kib': {
    type: 'int',
    default: 65536,
    min: 8,
    doc: 'argon2id memory cost of password hashes in KiB (the spec: 64 MiB).',
  },
  'auth.argon2.iterations': {
    type: 'int',
    default: 3,
    min: 1,
    doc: 'argon2id iterations of password hashes (the spec: 3).',
  },
  'auth.argon2.parallelism': {
    type: 'int',
    default: 2,
    min: 1,
    max: 16,
    doc: 'argon2id lanes; 2 is the fastest on two cores.',
  },
  'auth.password_reset_ttl_minutes': {
    type: 'int',
    default: 60,
    min: 1,
    max: 10_080,
    doc: 'How long a password reset link works (customers and staff); each link works once.',
  },
  'auth.require_email_verification': {
    type: 'bool',
    default: false,
    doc: "Refuse a customer's login (403 `email_not_verified`) until they followed the link of the verification email registration sends.",
  },
  'auth.email_verification_ttl_hours': {
    type: 'int',
    default: 72,
    min: 1,
    max: 8760,
    doc: 'How long an email verification link works (`verify-email/resend` sends a new one).',
  },
  'auth.invite_ttl_days': {
    type: 'int',
    default: 7,
    min: 1,
    max: 90,
    doc: 'How long a staff invite link works; each invite works once.',
  },
  'server.public_url': {
    type: 'string',
    default: '',
    doc: 'The address customers and staff reach the service at (e.g. `https://shop.example.com`), for the links in emails. Empty: `http://localhost:<server.port>`.',
  },
  'auth.store_reset_url': {
    type: 'string',
    default: '',
    doc: "The page a customer's password reset email links to, `#token=…` appended (the token stays in the URL fragment, never in a `Referer`). Empty: the service's own `<server.public_url>/store/reset-password`; shops with their own storefront set theirs.",
  },
  'auth.store_verify_url': {
    type: 'string',
    default: '',
    doc: 'The page the email verification email links to, `#token=…` appended. Empty: `<server.public_url>/store/verify-email`.',
  },
  'security.csrf.secure': {
    type: 'bool',
    default: false,
    productionDefault: true,
    doc: 'Secure flag of the session, refresh, guest and `csrf_token` cookies: on by default when `env` is `production` (turning it off there logs a warning at start), off otherwise for plain-HTTP development.',
  },
  'security.rate_limit.requests_per_minute': {
    type: 'int',
    default: 300,
    min: 1,
    doc: 'Global limit per client IP on `/api/v1/*` and `/graphql`.',
  },
  'security.rate_limit.burst': {
    type: 'int',
    default: 50,
    min: 1,
    doc: 'Requests a client IP may send at once before the global rate applies.',
  },
  'security.rate_limit.login.requests_per_minute': {
    type: 'int',
    default: 10,
    min: 1,
    doc: 'Login attempts per client IP (REST and GraphQL, admin and store login).',
  },
  'security.rate_limit.register.requests_per_minute': {
    type: 'int',
    default: 5,
    min: 1,
    doc: 'Registrations per client IP.',
  },
  'security.rate_limit.checkout.requests_per_minute': {
    type: 'int',
    default: 10,
    min: 1,
    doc: 'Checkouts per client IP (policy `checkout`, used by the checkout operation).',
  },
  'security.rate_limit.guest_order.requests_per_minute': {
    type: 'int',
    default: 10,
    min: 1,
    doc: 'Guest order-transaction look-ups per client IP (policy `guest_order`).',
  },
  'security.rate_limit.payment_intent.requests_per_minute': {
    type: 'int',
    default: 20,
    min: 1,
    doc: 'Payment intents and payment links a client IP may create per minute (policy `payment_intent`: each one is a call to the payment provider).',
  },
  'security.rate_limit.account_email.requests_per_minute': {
    type: 'int',
    default: 5,
    min: 1,
    doc: 'Password reset requests, verification resends and token confirmations per client IP, and reset requests and resends per email address (policy `account_email`; REST, GraphQL and MCP share it).',
  },
  'server.trusted_proxies': {
    type: 'list',
    default: [],
    doc: 'Proxy addresses (IPs or IPv4 CIDRs) whose `X-Forwarded-For` is believed for the client IP.',
  },
  'redis.url': {
    type: 'string',
    default: '',
    secret: true,
    doc: '`redis://…`: rate limits, login locks, the token blacklist and response-cache invalidation shared across instances; memory otherwise.',
  },
  'cache.enabled': {
    type: 'bool',
    default: true,
    doc: 'Serve anonymous store reads (REST and GraphQL) from a response cache retired by every catalog, price or stock write.',
  },
  'cache.facet_index': {
    type: 'bool',
    default: true,
    doc: 'Count the store lists’ facets from an in-memory index of every product’s variants, options, prices and stock (built on the first faceted read, kept current by the database’s change announcements); off: counted in SQL per request.',
  },
  'cache.max_entries': {
    type: 'int',
    default: 5000,
    min: 1,
    doc: 'Most responses the cache keeps per instance (LRU).',
  },
  'cache.max_bytes': {
    type: 'int',
    default: 64 * MiB,
    min: 1024,
    doc: 'Most response bytes the cache keeps per instance (LRU); larger single responses are not cached.',
  },
  'cache.ttl_seconds': {
    type: 'int',
    default: 60,
    min: 1,
    doc: 'Longest a cached response is served, even when no write retired it (bounds a missed invalidation).',
  },
  'cache.http.max_age_seconds': {
    type: 'int',
    default: 0,
    min: 0,
    doc: '`max-age` of cacheable store reads for browsers and CDNs; 0 sends `no-cache` (revalidate with the ETag each time).',
  },
  'cache.http.stale_while_revalidate_seconds': {
    type: 'int',
    default: 0,
    min: 0,
    doc: '`stale-while-revalidate` of cacheable store reads (with a `max-age` above 0).',
  },
  'graphql.depth_limit': { type: 'int', default: 12, min: 1, doc: 'Deepest selection a GraphQL operation may have.' },
  'graphql.complexity_limit': {
    type: 'int',
    default: 2000,
    min: 1,
    doc: 'Highest estimated cost of a GraphQL operation (list arguments multiply).',
  },
  'graphql.anonymous_complexity_limit': {
    type: 'int',
    default: 1500,
    min: 1,
    doc: 'The cost limit for callers without credentials (stricter than `graphql.complexity_limit`).',
  },
  'graphql.alias_limit': {
    type: 'int',
    default: 50,
    min: 0,
    doc: 'Most aliases one GraphQL operation may use (fragments expanded); more is 400 `invalid_query`.',
  },
  'graphql.root_field_limit': {
    type: 'int',
    default: 20,
    min: 1,
    doc: 'Most root fields one GraphQL operation may select (batching in one request); more is 400 `invalid_query`.',
  },
  'graphql.max_document_bytes': {
    type: 'int',
    default: 32 * 1024,
    min: 64,
    doc: 'Largest GraphQL document (the `query` text, POST, GET or a persisted query being registered) in UTF-8 bytes; longer is 400 `invalid_query` before it is parsed.',
  },
  'graphql.max_tokens': {
    type: 'int',
    default: 1000,
    min: 10,
    doc: 'Most tokens (names, punctuation, values) in one GraphQL document; the parser stops past it with 400 `invalid_query`.',
  },
  'graphql.max_operations': {
    type: 'int',
    default: 20,
    min: 1,
    doc: 'Most operations one GraphQL document may define (one runs per request); more is 400 `invalid_query`.',
  },
  'graphql.max_fragments': {
    type: 'int',
    default: 50,
    min: 0,
    doc: 'Most fragments one GraphQL document may define; more is 400 `invalid_query`.',
  },
  'graphql.compiled_reads': {
    type: 'bool',
    default: true,
    doc: 'Let PostgreSQL write the JSON of product lists and single products (by slug or id; GraphQL and REST) whose selection it can write identically (the answer is the same document, cheaper); `false` resolves every field in the service.',
  },
  'graphql.sandbox': {
    type: 'bool',
    default: true,
    doc: 'Serve Apollo Sandbox on GET /graphql (never in `production`).',
  },
  'graphql.graphiql': {
    type: 'bool',
    default: true,
    doc: 'Serve the offline GraphiQL explorer at /graphiql (files from npm, no internet needed; never in `production`).',
  },
  'rest.docs': {
    type: 'bool',
    default: true,
    doc: 'Serve the REST explorer (Swagger UI, local files, nonce CSP) at GET /api/v1/docs; `false` turns it off (e.g. in production). `GET /api/v1/openapi.json` is always served.',
  },
  'admin.enabled': {
    type: 'bool',
    default: true,
    doc: 'Serve the admin dashboard at /admin (built from admin/ into admin/dist; `npm start` builds it when missing or stale). `false` answers 404 there.',
  },
  'mail.smtp_url': {
    type: 'string',
    default: '',
    secret: true,
    doc: 'SMTP server for transactional email: `smtp://[user:pass@]host:port` (STARTTLS where the server offers it) or `smtps://` (TLS from the start). Empty: every email is kept in the database (status `kept`) and readable through the API; nothing leaves the machine.',
  },
  'mail.from': { type: 'string', default: 'shop@localhost', doc: 'The `From` address of every email.' },
  'mail.shop_name': { type: 'string', default: 'Shop', doc: "The shop's name in email subjects and bodies." },
  'mail.templates_dir': {
    type: 'string',
    default: '',
    doc: 'A folder of template overrides: `<kind>.<locale>.subject|html|txt` (e.g. `order_confirmation.en.html`) replaces the built-in template of that kind and locale.',
  },
  'mail.max_attempts': { type: 'int', default: 8, min: 1, max: 50, doc: 'SMTP attempts before an email is `failed`.' },
  'mail.retry_base_seconds': {
    type: 'int',
    default: 30,
    min: 1,
    max: 86_400,
    doc: 'Delay before the first retry of a refused email; it doubles after each failure.',
  },
  'mail.poll_interval_ms': {
    type: 'int',
    default: 1000,
    min: 20,
    max: 60_000,
    doc: 'How often the background jobs look for emails to send.',
  },
  'mail.lease_seconds': {
    type: 'int',
    default: 120,
    min: 2,
    max: 3600,
    doc: 'How long a sender holds the emails it took: a killed sender’s emails are sent by another after this. Keep it above the slowest SMTP conversation (the transport gives up after 30 s per step).',
  },
  'mail.retention_days': {
    type: 'int',
    default: 30,
    min: 1,
    max: 3650,
    doc: 'Sent emails are deleted this many days after they were sent, kept ones after they were written; pending and `failed` ones stay.',
  },
  'mail.prune_interval_seconds': {
    type: 'int',
    default: 3600,
    min: 1,
    max: 86_400,
    doc: 'How often each instance running background jobs deletes emails past `mail.retention_days` (in batches of 1000).',
  },
  'i18n.default_locale': { type: 'string', default: 'en', doc: 'Locale used when a request names none.' },
  'i18n.default_currency': { type: 'string', default: 'EUR', doc: 'Currency of new carts that name none (ISO 4217).' },
  'mcp.enabled': {
    type: 'bool',
    default: true,
    doc: 'Serve MCP over streamable HTTP at `/mcp/store` and `/mcp/admin`.',
  },
  'mcp.allowed_hosts': {
    type: 'list',
    default: ['localhost', '127.0.0.1', '[::1]'],
    doc: 'Host names `/mcp/*` answers (DNS-rebinding guard); add your public host name.',
  },
  'mcp.allowed_origins': {
    type: 'list',
    default: ['localhost', '127.0.0.1', '[::1]'],
    doc: 'Origin host names a browser may call `/mcp/*` from (requests without `Origin` pass).',
  },
  'mcp.admin_toolsets': {
    type: 'list',
    default: ['catalog', 'inventory', 'orders'],
    doc: 'Admin toolsets (catalog, attributes, inventory, orders, fulfilment, customers, pricing, system, or all) listed when a client selects none (`?toolsets=` on `/mcp/admin`, `--toolsets` on stdio).',
  },
  'mcp.api_key': {
    type: 'string',
    default: '',
    secret: true,
    doc: 'Staff API key (`ck_…`) the stdio admin server (`svc mcp admin`) acts with; it refuses to start without one.',
  },
  'mcp.token': {
    type: 'string',
    default: '',
    secret: true,
    doc: 'Customer access token or API key (`sk_…`) the stdio store server acts with; empty: a guest.',
  },
  'mcp.max_result_bytes': {
    type: 'int',
    default: 100_000,
    min: 1_000,
    max: 10_000_000,
    doc: 'Largest tool result; a larger one is a `result_too_large` tool error saying how to page.',
  },
} as const satisfies Record<string, KeySpec>;

export type ConfigKey = keyof typeof CONFIG_KEYS;

type ValueOf<S> = S extends { type: 'int' }
  ? number
  : S extends { type: 'bool' }
    ? boolean
    : S extends { type: 'list' }
      ? string[]
      : string;

/** Resolved configuration: one value per key, plus the open-ended `plugins.<name>.<key>` section. */
export type Config = { [K in ConfigKey]: ValueOf<(typeof CONFIG_KEYS)[K]> } & {
  plugins: Record<string, Record<string, unknown>>;
};

export function envNameOf(key: string): string {
  return 'SVC_' + key.toUpperCase().replace(/\./g, '_');
}
