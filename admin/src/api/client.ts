import type { TypedDocumentString } from '../generated/graphql';
import { ApiError, type ErrorEntry } from './errors';

/**
 * The admin's one way to the service: named GraphQL operations (typed by codegen from admin/operations) POSTed
 * to `/graphql` on the same origin. Credentials are the HttpOnly session cookies, which no script here can
 * read; every request echoes the `csrf_token` cookie (readable by design, contract §4) as `X-CSRF-Token`.
 */

const csrfToken = () => document.cookie.match(/(?:^|;\s*)csrf_token=([^;]*)/)?.[1];

async function post(url: string, body: string, extra: Record<string, string> = {}): Promise<Response> {
  const headers: Record<string, string> = { ...extra, 'content-type': 'application/json', accept: 'application/json' };
  const csrf = csrfToken();
  if (csrf) headers['x-csrf-token'] = csrf;
  try {
    return await fetch(url, { method: 'POST', headers, body, credentials: 'same-origin' });
  } catch {
    throw new ApiError('connection lost', 'network');
  }
}

let refreshing: Promise<boolean> | undefined;

/**
 * Silent refresh: exchanges the refresh cookie for a new pair of cookies. The refresh cookie is scoped by the
 * contract to `/api/v1/auth` (so GraphQL never sees it): this is the one call outside `/graphql`. Its answer's
 * body is never read. Concurrent callers share one exchange (a refresh token works once).
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= post('/api/v1/auth/refresh?cookie=true', '{}')
    .then(async (res) => {
      await res.body?.cancel();
      return res.ok;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

type Listener = () => void;
const expiredListeners = new Set<Listener>();
/** Called when a request finds no session and a refresh cannot make one (the router sends people to sign in). */
export function onSessionExpired(listener: Listener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

interface GraphQLErrorShape {
  message: string;
  extensions?: { code?: string; field?: string; status?: number; errors?: ErrorEntry[] };
}

/** Runs one operation; on an expired session refreshes once and retries, else signals the expiry. */
export async function gql<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  ...[variables]: [TVariables] extends [Record<string, never>] ? [] | [TVariables] : [TVariables]
): Promise<TResult> {
  return run(document, variables, true);
}

/**
 * Runs one operation with request headers of its own: an `Idempotency-Key` for a write that must happen once
 * however often it is sent (a refund confirmed twice, a retry after a lost answer).
 */
export async function gqlWithHeaders<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  headers: Record<string, string>,
): Promise<TResult> {
  return run(document, variables, true, headers);
}

async function run<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables | undefined,
  mayRefresh: boolean,
  headers: Record<string, string> = {},
): Promise<TResult> {
  const res = await post('/graphql', JSON.stringify({ query: document.toString(), variables }), headers);
  if (res.status === 502 || res.status === 503 || res.status === 504)
    throw new ApiError('service unavailable', 'unavailable', 'service_unavailable');
  let body: { data?: TResult | null; errors?: GraphQLErrorShape[] };
  try {
    body = await res.json();
  } catch {
    throw new ApiError(`unexpected answer from the service (HTTP ${res.status})`, 'unavailable');
  }
  const error = body.errors?.[0];
  if (error) {
    const code = error.extensions?.code;
    if (code === 'unauthorized') {
      if (mayRefresh && (await refreshSession())) return run(document, variables, false, headers);
      expiredListeners.forEach((listener) => listener());
      throw new ApiError('session expired', 'session', code);
    }
    if (error.extensions?.status === 503) throw new ApiError(error.message, 'unavailable', code);
    const entries = error.extensions?.errors ?? [
      { code: code ?? 'error', detail: error.message, field: error.extensions?.field },
    ];
    throw new ApiError(error.message, 'api', code, entries);
  }
  if (!body.data) throw new ApiError(`unexpected answer from the service (HTTP ${res.status})`, 'unavailable');
  return body.data;
}
