import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';

import { SvcError, toSvcError } from './errors';
import { TokenRefreshDocument } from './generated/graphql';

/** Credentials a client holds; every one is optional (a guest holds none). */
export interface Credentials {
  /** A JWT from `login` / `customerLogin`, sent as `Authorization: Bearer`. */
  accessToken?: string;
  /** Used once to get a new pair when the access token is refused (it expires after 15 minutes). */
  refreshToken?: string;
  /** `ck_…` (staff) or `sk_…` (customer), sent as `Authorization: ApiKey`; wins over a JWT. */
  apiKey?: string;
  /** An anonymous cart's `sessionToken`, sent as `X-Cart-Token`. */
  cartToken?: string;
  /** A guest order's token, sent as `X-Guest-Token` (taken from checkout's `svc_guest_token` cookie). */
  guestToken?: string;
}

export interface ClientOptions extends Credentials {
  /** The GraphQL endpoint, e.g. `http://localhost:8080/graphql`. */
  url: string;
  /** Defaults to the global `fetch` (Node 18+ and browsers). */
  fetch?: typeof fetch;
  /**
   * Browsers signed in by cookie: send cookies (`credentials: 'include'`) and echo the `csrf_token` cookie as
   * `X-CSRF-Token`, which cookie-authenticated requests need. Give the cookie's value, or a function that reads it.
   */
  cookies?: { csrfToken: string | (() => string | undefined) };
  /** Called whenever the client obtains new tokens (login, refresh), e.g. to persist them. */
  onTokens?: (tokens: { accessToken: string; refreshToken: string }) => void;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

export interface RequestOptions {
  /** Makes a retried checkout safe: the same key and body return the first order. */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Variables are optional exactly when the operation declares none that are required. */
type VariablesArg<V> = Record<string, never> extends V ? [variables?: V] : [variables: V];

/**
 * A small typed GraphQL client for the svc commerce API. `request` takes a typed document (see `./operations`)
 * and returns its typed `data`, or throws {@link SvcError}. It keeps the credentials it is given or obtains:
 * tokens from `login` / `customerLogin` / `refresh`, the cart token from `cartCreate`, and the guest token from a
 * guest checkout's `Set-Cookie` (Node has no cookie jar, so it is sent back as `X-Guest-Token`).
 */
export class SvcClient {
  readonly credentials: Credentials;
  private refreshing?: Promise<boolean>;

  constructor(private readonly options: ClientOptions) {
    const { accessToken, refreshToken, apiKey, cartToken, guestToken } = options;
    this.credentials = { accessToken, refreshToken, apiKey, cartToken, guestToken };
  }

  /** Runs one operation; retries once after refreshing an access token the server refused. */
  async request<TData, TVariables>(
    document: TypedDocumentNode<TData, TVariables>,
    ...args: [...VariablesArg<TVariables>, RequestOptions?]
  ): Promise<TData> {
    const [variables, opts] = args as unknown as [TVariables | undefined, RequestOptions | undefined];
    try {
      return await this.send(document, variables, opts);
    } catch (err) {
      const canRefresh =
        err instanceof SvcError &&
        err.code === 'unauthorized' &&
        !this.credentials.apiKey &&
        this.credentials.accessToken !== undefined &&
        this.credentials.refreshToken !== undefined &&
        (document as unknown) !== TokenRefreshDocument;
      if (!canRefresh || !(await this.refresh())) throw err;
      return this.send(document, variables, opts);
    }
  }

  /** Exchanges the refresh token for a new pair (each refresh token works once). False when refused. */
  refresh(): Promise<boolean> {
    this.refreshing ??= (async () => {
      try {
        const { tokenRefresh } = await this.send(TokenRefreshDocument, {
          input: { refreshToken: this.credentials.refreshToken },
        });
        // The tokens are null only in cookie mode (`cookie: true`), which this client never asks for.
        const { accessToken, refreshToken } = tokenRefresh;
        if (!accessToken || !refreshToken) throw new Error('the refresh answered no tokens');
        this.setTokens({ accessToken, refreshToken });
        return true;
      } catch {
        this.credentials.accessToken = undefined;
        this.credentials.refreshToken = undefined;
        return false;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  /** Keeps a token pair (what `login`, `customerLogin` and `tokenRefresh` return). */
  setTokens(tokens: { accessToken: string; refreshToken: string }): void {
    this.credentials.accessToken = tokens.accessToken;
    this.credentials.refreshToken = tokens.refreshToken;
    this.options.onTokens?.({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
  }

  /** Forgets the session (after `logout`), keeping the cart and guest tokens. */
  clearTokens(): void {
    this.credentials.accessToken = undefined;
    this.credentials.refreshToken = undefined;
  }

  private headers(opts?: RequestOptions): Record<string, string> {
    const c = this.credentials;
    const h: Record<string, string> = { 'content-type': 'application/json', ...this.options.headers };
    if (c.apiKey) h.authorization = `ApiKey ${c.apiKey}`;
    else if (c.accessToken) h.authorization = `Bearer ${c.accessToken}`;
    if (c.cartToken) h['x-cart-token'] = c.cartToken;
    if (c.guestToken) h['x-guest-token'] = c.guestToken;
    const csrf = this.options.cookies?.csrfToken;
    const csrfValue = typeof csrf === 'function' ? csrf() : csrf;
    if (csrfValue) h['x-csrf-token'] = csrfValue;
    if (opts?.idempotencyKey) h['idempotency-key'] = opts.idempotencyKey;
    return { ...h, ...opts?.headers };
  }

  private async send<TData, TVariables>(
    document: TypedDocumentNode<TData, TVariables>,
    variables: TVariables | undefined,
    opts?: RequestOptions,
  ): Promise<TData> {
    const doFetch = this.options.fetch ?? fetch;
    const res = await doFetch(this.options.url, {
      method: 'POST',
      headers: this.headers(opts),
      body: JSON.stringify({ query: print(document), variables: variables ?? {} }),
      credentials: this.options.cookies ? 'include' : 'same-origin',
      signal: opts?.signal,
    });
    const requestId = res.headers.get('x-request-id') ?? undefined;
    this.keepGuestToken(res.headers);
    let body: { data?: TData | null; errors?: Array<{ message?: string; extensions?: Record<string, unknown> }> };
    try {
      body = (await res.json()) as typeof body;
    } catch {
      throw new SvcError({
        message: `HTTP ${res.status}: not a GraphQL response`,
        code: 'internal_error',
        status: res.status,
        requestId,
      });
    }
    if (body.errors?.length) throw toSvcError(body.errors[0], res.status, requestId);
    if (!body.data)
      throw new SvcError({ message: 'empty GraphQL response', code: 'internal_error', status: res.status, requestId });
    this.keepTokens(body.data);
    return body.data;
  }

  /** A guest checkout sets `svc_guest_token`; keep it to read the order back (`storeOrder`). */
  private keepGuestToken(headers: Headers): void {
    const cookies = typeof headers.getSetCookie === 'function' ? headers.getSetCookie() : [];
    for (const cookie of cookies) {
      const match = /^svc_guest_token=([^;]+)/.exec(cookie);
      if (match) this.credentials.guestToken = match[1];
    }
  }

  /** Tokens and cart tokens in a response are kept, so the next request carries them. */
  private keepTokens(data: unknown): void {
    for (const value of Object.values(data as Record<string, unknown>)) {
      if (!value || typeof value !== 'object') continue;
      const v = value as Record<string, unknown>;
      if (typeof v.accessToken === 'string' && typeof v.refreshToken === 'string')
        this.setTokens({ accessToken: v.accessToken, refreshToken: v.refreshToken });
      if (typeof v.sessionToken === 'string') this.credentials.cartToken = v.sessionToken;
    }
  }
}
