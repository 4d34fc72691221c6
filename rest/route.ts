import type { TypedDocumentNode } from '@graphql-typed-document-node/core';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where one variable of the operation comes from. */
export type VariableSource = { from: 'path'; name: string } | { from: 'query'; name: string } | { from: 'body' };

/**
 * How the result becomes the spec's envelope:
 * - `object`: `{ data: payload }`
 * - `list`: payload `{ items, meta }` → `{ data: items, meta }`
 * - `items`: payload `{ items, meta }` → `{ data: { items }, meta }` (the spec's product lists)
 * - `none`: no body (204)
 * - `text`: the payload string as the body, with `contentType` (downloads such as the CSV template)
 */
export type Envelope = 'object' | 'list' | 'items' | 'none' | 'text';

/** One REST route: a row that names a GraphQL operation and how HTTP maps onto it and back. */
export interface RouteSpec<TData = any, TVars = any> {
  method: HttpMethod;
  /** Spec path with `{param}` placeholders. */
  path: string;
  operation: TypedDocumentNode<TData, TVars>;
  variables?: Partial<Record<keyof TVars & string, VariableSource>>;
  /** Picks the payload out of the operation's data. */
  result: (data: TData) => unknown;
  envelope?: Envelope;
  /** Content type of a `text` envelope, e.g. `text/csv; charset=utf-8`; `filename` makes it a download. */
  contentType?: string;
  filename?: string;
  /**
   * Accepts multipart/form-data: text fields become body keys, file parts are spooled to disk and referenced
   * from the body (`upload:<field>`, resolved through `ctx.uploads`). `limit` is the largest file in bytes,
   * or the configuration key holding it.
   */
  multipart?: { limit: number | 'server.max_upload_size' };
  /** Success status: a number, or decided from the payload (health answers 503 when degraded). */
  status?: number | ((payload: any) => number);
}

export const path = (name: string): VariableSource => ({ from: 'path', name });
export const query = (name: string): VariableSource => ({ from: 'query', name });
export const body = (): VariableSource => ({ from: 'body' });

/** Declares a route with its operation's types checked against the variable mapping and result picker. */
export function route<TData, TVars>(spec: RouteSpec<TData, TVars>): RouteSpec {
  return spec as RouteSpec;
}
