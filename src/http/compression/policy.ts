import type { Request } from 'express';

/**
 * Whose answers may be compressed: reads only. BREACH recovers a secret from the compressed size of an answer that
 * carries it next to input an attacker chose; so no answer that can carry a credential is compressed:
 * - writes (any method but GET and HEAD, except GraphQL queries sent by POST): sign-in, refresh and registration
 *   answer tokens, API-key creation answers the key, cart creation its session token, checkout the guest token,
 *   payment intents their client secret; MCP (JSON-RPC over POST) is a write by this rule too. Writes answer one
 *   record: small, little to save.
 * - reads that show a secret: a payment link's data (the provider's client secret), the admin's orders over REST
 *   (each guest order's token beside the addresses guests typed), and GraphQL documents that select a secret field.
 * (The CSRF token travels in a cookie and `Set-Cookie` is never compressed.)
 */
const SECRET_READ_PATHS = [/\/payment-(link|intent)s?(\/|$)/, /^\/api\/v1\/admin\/orders(\/|$)/, /\/auth(\/|$)/];

/** GraphQL fields that hold a credential, and the words that make a document something other than a query. */
const SECRET_FIELDS = /\b(clientSecret|accessToken|refreshToken|sessionToken|guestToken|secret)\b/;
const NOT_A_QUERY = /\b(mutation|subscription)\b/;

/** A GraphQL request whose document is read from the request and is a query selecting no secret. */
function isPlainGraphqlQuery(req: Request): boolean {
  const source = (req.method === 'POST' ? req.body : req.query) as Record<string, unknown> | undefined;
  const query = source && typeof source === 'object' ? source.query : undefined;
  // A persisted query's hash alone says nothing of what it selects: left unencoded.
  if (typeof query !== 'string') return false;
  return !NOT_A_QUERY.test(query) && !SECRET_FIELDS.test(query);
}

/**
 * Whether `req`'s answer may be compressed (see above); asked when the answer is written (its body is parsed by
 * then). `path` is the request's path as it arrived (a router below has made `req.path` relative).
 */
export function mayCompress(req: Request, path: string): boolean {
  if (path === '/graphql' || path === '/graphql/')
    return (req.method === 'GET' || req.method === 'POST') && isPlainGraphqlQuery(req);
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return !SECRET_READ_PATHS.some((pattern) => pattern.test(path));
}
