import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';

import { signToken } from '../../src/auth/tokens';
import type { Role } from '../../src/shared/permissions';
import { checkAgainstOpenApi } from './openapi-check';

export type Identity =
  | { kind: 'guest' }
  | { kind: 'admin' | 'customer'; role: Role; id: string; email?: string }
  | { kind: 'header'; authorization: string }
  /** An `Authorization` value made on first use (API keys created in the database). */
  | { kind: 'lazy'; authorization: () => Promise<string> };

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  requestId: string;
}

export interface GqlResult<T = any> extends HttpResult<{
  data?: T;
  errors?: Array<{ message: string; extensions: Record<string, any> }>;
}> {
  data: T;
  errors?: Array<{ message: string; extensions: Record<string, any> }>;
}

/** An HTTP client acting as one identity; tokens are minted with the server's secret. */
export class Client {
  private token?: Promise<string>;

  /**
   * `ensureAccount` makes the identity a real account before its first request: the server only accepts
   * tokens of existing, active users.
   */
  constructor(
    readonly baseUrl: string,
    readonly identity: Identity,
    private readonly secret: Uint8Array,
    private readonly ensureAccount?: (
      identity: Extract<Identity, { kind: 'admin' | 'customer' }> & { email: string },
    ) => Promise<void>,
  ) {}

  /** The email of the account behind this client (staff and customer identities). */
  get email(): string | undefined {
    const id = this.identity;
    return id.kind === 'admin' || id.kind === 'customer'
      ? (id.email ?? `${id.role}-${id.id.slice(0, 8)}@example.com`)
      : undefined;
  }

  private async authorization(): Promise<string | undefined> {
    const id = this.identity;
    if (id.kind === 'guest') return undefined;
    if (id.kind === 'header') return id.authorization;
    if (id.kind === 'lazy') return (this.token ??= id.authorization());
    const email = this.email as string;
    this.token ??= (async () => {
      await this.ensureAccount?.({ ...id, email });
      return (await signToken({ id: id.id, email, utype: id.kind, role: id.role }, 'access', this.secret)).token;
    })();
    return `Bearer ${await this.token}`;
  }

  /** The `Authorization` header value this client sends (undefined for a guest). */
  authHeader(): Promise<string | undefined> {
    return this.authorization();
  }

  /** Creates the account and credential now (before a test breaks the database, say). */
  async ready(): Promise<this> {
    await this.authorization();
    return this;
  }

  /** Sends a request; `body` is JSON-encoded unless it is a string or bytes (sent as is, for malformed-body tests). */
  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpResult<T>> {
    const auth = await this.authorization();
    const init: RequestInit = { method, headers: { ...(auth ? { authorization: auth } : {}), ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.baseUrl + path, init);
    const text = await res.text();
    // Every REST answer must be one the OpenAPI document describes (schema/openapi.json).
    if (method !== 'HEAD') checkAgainstOpenApi(method, path, res.status, res.headers, text);
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return {
      status: res.status,
      headers: res.headers,
      body: parsed as T,
      text,
      requestId: res.headers.get('x-request-id') ?? '',
    };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }

  /** Runs a GraphQL operation (a typed document or a query string) at /graphql. */
  async gql<TData = any, TVars = Record<string, unknown>>(
    document: TypedDocumentNode<TData, TVars> | string,
    variables?: TVars,
  ): Promise<GqlResult<TData>> {
    const query = typeof document === 'string' ? document : print(document);
    const res = await this.post<{ data?: TData; errors?: GqlResult['errors'] }>('/graphql', { query, variables });
    return { ...res, data: res.body?.data as TData, errors: res.body?.errors };
  }
}
