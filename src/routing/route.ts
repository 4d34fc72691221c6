import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { Kind } from 'graphql';

import type { ErrorCode } from '../shared/errors';

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
  /**
   * Which part of the operation's data is the payload: a dotted path (`'cartCreate'`, `'orders'`), or the
   * first non-null of several (`{ firstOf: [...] }`). Declarative so the OpenAPI generator can read the
   * payload's schema off the operation's selection set.
   */
  result: ResultPath<TData>;
  envelope?: Envelope;
  /** Content type of a `text` envelope, e.g. `text/csv; charset=utf-8`; `filename` makes it a download. */
  contentType?: string;
  filename?: string;
  /**
   * Accepts multipart/form-data: text fields become body keys, file parts are spooled to disk and referenced
   * from the body (`upload:<field>`, resolved through `ctx.uploads`). `limit` is the largest file in bytes,
   * or the configuration key holding it.
   */
  multipart?: { limit: number | 'server.max_upload_size'; files: string[] };
  /** Success status: a number, or decided by one field of the payload (health answers 503 when degraded). */
  status?: number | StatusByField;
  /**
   * Capability tokens the route accepts instead of a login: an anonymous cart's `X-Cart-Token`, a guest
   * order's `X-Guest-Token` (or `svc_guest_token` cookie). Documented as security schemes.
   */
  tokens?: Array<'cart_token' | 'guest_token'>;
  /** Request headers the operation reads (documented as parameters). */
  headers?: Array<'idempotency-key'>;
  /**
   * The status this route answers a code with where the contract gives it another one than the shared table
   * (contract §11: a reset link's unknown token is 400 `invalid_token`, where a refresh token's is 401). REST and
   * its OpenAPI responses follow it; GraphQL's `extensions.status` keeps the table's.
   */
  errorStatus?: Partial<Record<ErrorCode, number>>;
}

/** A top-level key of the data, or a dotted path below one (the generated operation types check the first key). */
export type ResultKey<TData> = (keyof TData & string) | `${keyof TData & string}.${string}`;
export type ResultPath<TData = any> = ResultKey<TData> | { firstOf: Array<ResultKey<TData>> };

/** The status is `map[payload[field]]`, else `otherwise`. */
export interface StatusByField {
  field: string;
  map: Record<string, number>;
  otherwise: number;
}

function at(data: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((v, key) => (v == null ? v : (v as Record<string, unknown>)[key]), data);
}

/** The payload the route's `result` names inside the operation's data. */
export function pickResult(result: ResultPath, data: unknown): unknown {
  if (typeof result === 'string') return at(data, result);
  for (const p of result.firstOf) {
    const value = at(data, p);
    if (value != null) return value;
  }
  return null;
}

/** The success status of one answer. */
export function successStatus(status: RouteSpec['status'], payload: unknown): number {
  if (status === undefined) return 200;
  if (typeof status === 'number') return status;
  const value = String((payload as Record<string, unknown> | null)?.[status.field]);
  return status.map[value] ?? status.otherwise;
}

export const path = (name: string): VariableSource => ({ from: 'path', name });
export const query = (name: string): VariableSource => ({ from: 'query', name });
export const body = (): VariableSource => ({ from: 'body' });

/** Declares a route with its operation's types checked against the variable mapping and result picker. */
export function route<TData, TVars>(spec: RouteSpec<TData, TVars>): RouteSpec {
  return spec as RouteSpec;
}

/** The root field an operation answers under (its alias, else its name): what a plain route's `result` names. */
export function rootField(operation: TypedDocumentNode<any, any>): string {
  for (const def of operation.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    const first = def.selectionSet.selections[0];
    if (first?.kind === Kind.FIELD) return (first.alias ?? first.name).value;
  }
  throw new Error('rootField: the operation selects no field');
}

/** The operations of a resource's plain five routes. */
export interface CrudOperations {
  list: TypedDocumentNode<any, any>;
  create: TypedDocumentNode<any, any>;
  read: TypedDocumentNode<any, any>;
  update: TypedDocumentNode<any, any>;
  delete: TypedDocumentNode<any, any>;
}

/**
 * The plain five routes of an admin resource at `base`: `GET base` (a paged list; `filters` maps more query
 * parameters), `POST base` (201), `GET`, `PUT` and `DELETE base/{id}` (the delete answers 204). Each answers its
 * operation's root field; the domain errors each may answer are the field's `@Raises`.
 */
export function crud(
  base: string,
  ops: CrudOperations,
  opts: { filters?: Record<string, VariableSource> } = {},
): RouteSpec[] {
  const id = { id: path('id') };
  const rows: Array<[keyof CrudOperations, Omit<RouteSpec, 'operation' | 'result'>]> = [
    [
      'list',
      {
        method: 'GET',
        path: base,
        variables: { page: query('page'), limit: query('limit'), ...opts.filters },
        envelope: 'list',
      },
    ],
    ['create', { method: 'POST', path: base, variables: { input: body() }, status: 201 }],
    ['read', { method: 'GET', path: `${base}/{id}`, variables: id }],
    ['update', { method: 'PUT', path: `${base}/{id}`, variables: { ...id, input: body() } }],
    ['delete', { method: 'DELETE', path: `${base}/{id}`, variables: id, envelope: 'none' }],
  ];
  return rows.map(([kind, row]) => ({ ...row, operation: ops[kind], result: rootField(ops[kind]) }));
}
