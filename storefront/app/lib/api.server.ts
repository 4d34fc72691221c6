import type { TypedDocumentString } from '../generated/graphql';
import { apiUrl } from './config.server';

/**
 * The storefront's one way to the service: a named GraphQL operation (typed by codegen from
 * storefront/operations) POSTed to `${STOREFRONT_API_URL}/graphql` from the storefront's server. The browser never
 * talks to the service and never holds a service token: the customer's token and an anonymous cart's token travel
 * from the storefront's encrypted session cookie into these headers only.
 */

export interface CallerHeaders {
  /** The storefront's locale: the service resolves names, slugs and descriptions in it. */
  locale: string;
  /** A signed-in customer's access token. */
  accessToken?: string;
  /** An anonymous cart's token (`X-Cart-Token`). */
  cartToken?: string;
  /** A guest order's token (`X-Guest-Token`), for the confirmation page. */
  guestToken?: string;
  /** The incoming request's id, so one shopper's page shows up under one id in both logs. */
  requestId?: string;
  idempotencyKey?: string;
}

/** An error the service answered (its `extensions.code`, e.g. `not_found`, `insufficient_stock`). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

interface GraphQLErrorShape {
  message: string;
  extensions?: { code?: string; field?: string };
}

/** Each call gives up after this long: a page that waits longer is worse than an error page the shopper can retry. */
const TIMEOUT_MS = 10_000;

export async function gql<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  caller: CallerHeaders,
): Promise<TResult> {
  return (await gqlWithHeaders(document, variables, caller)).data;
}

/** The same, with the answer's headers (checkout's guest order token arrives as a cookie for the buyer). */
export async function gqlWithHeaders<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  caller: CallerHeaders,
): Promise<{ data: TResult; headers: Headers }> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'accept-language': caller.locale,
  };
  if (caller.accessToken) headers.authorization = `Bearer ${caller.accessToken}`;
  if (caller.cartToken) headers['x-cart-token'] = caller.cartToken;
  if (caller.guestToken) headers['x-guest-token'] = caller.guestToken;
  if (caller.requestId) headers['x-request-id'] = caller.requestId;
  if (caller.idempotencyKey) headers['idempotency-key'] = caller.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(`${apiUrl()}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: document.toString(), variables }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new ApiError(`the service cannot be reached (${(err as Error).message})`, 'service_unavailable');
  }
  let body: { data?: TResult | null; errors?: GraphQLErrorShape[] };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    throw new ApiError(`the service answered ${res.status} without JSON`, 'service_unavailable');
  }
  const first = body.errors?.[0];
  if (first) throw new ApiError(first.message, first.extensions?.code ?? 'internal_error', first.extensions?.field);
  if (!body.data) throw new ApiError('the service answered no data', 'internal_error');
  return { data: body.data, headers: res.headers };
}

/** `not_found` from the service becomes the page's 404 (a product or category that does not exist, or is inactive). */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'not_found';
}

/**
 * Whether the shopper can act on this error (a refusal the service explained: stock, a taken email, a bad field);
 * anything else (the service down, a bug) is the page's error, logged and shown as an apology.
 */
export const isShopperError = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.code !== 'internal_error' && err.code !== 'service_unavailable';
