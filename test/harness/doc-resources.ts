/**
 * Real resources for the routes of the OpenAPI document, made with the document's own create routes and bodies
 * sampled from its schemas: a generated request with real path ids reaches the use case and the database
 * instead of stopping at 404. Used by the null test and the document fuzz.
 */
import { randomUUID } from 'node:crypto';

import fc from 'fast-check';

import type { Client } from './client';
import { type DocOperation, type Schema, validArb, withoutNull } from './openapi-arbitrary';
import type { TestServer } from './server';

/** Keys the service keeps unique: sampled values get a fresh suffix, so two creates do not collide (409). */
const UNIQUE = new Set(['code', 'identifier', 'slug', 'sku', 'name', 'email']);
let serial = 0;
export function uniquify(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => uniquify(v, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, uniquify(v, k)]));
  if (typeof value !== 'string' || !key || !UNIQUE.has(key)) return value;
  const suffix = (++serial).toString(36) + Math.random().toString(36).slice(2, 6);
  return key === 'email' ? `u${suffix}@example.com` : `u${suffix}`;
}

/** A body with only the required fields, sampled from the document (a fixed seed per attempt), unique keys fresh. */
export function minimalBody(schema: Schema, attempt: number): Record<string, any> {
  const required = (s: Schema): Schema => {
    const base = withoutNull(s);
    if (base.type === 'object' && base.properties) {
      const keep = base.required ?? [];
      return {
        ...base,
        properties: Object.fromEntries(
          Object.entries(base.properties as Record<string, Schema>)
            .filter(([k]) => keep.includes(k))
            .map(([k, v]) => [k, required(v)]),
        ),
      };
    }
    if (base.type === 'array') return { ...base, items: required(base.items ?? {}), maxItems: base.minItems ?? 0 };
    return base;
  };
  const sampled = fc.sample(validArb(required(schema)), { numRuns: 1, seed: 1000 + attempt })[0];
  return uniquify(sampled) as Record<string, any>;
}

export class DocResources {
  /** Headers a resource needs besides the login (an anonymous cart's token), by id. */
  private readonly headersFor = new Map<string, Record<string, string>>();
  private readonly made = new Map<string, Promise<string>>();

  constructor(
    private readonly t: TestServer,
    private readonly operations: DocOperation[],
    private readonly clientFor: (path: string) => Client,
  ) {}

  /**
   * A real id for the last path parameter of `prefix` (`/api/v1/admin/tags`), made with the document's create
   * route (`POST prefix`); a random id (the route then answers 404) when there is none or it keeps refusing.
   */
  private realId(prefix: string, params: Record<string, string>): Promise<string> {
    const key = prefix.replace(/\{(\w+)\}/g, (_m, n: string) => params[n]);
    let id = this.made.get(key);
    if (!id) {
      id = this.create(prefix, key);
      this.made.set(key, id);
    }
    return id;
  }

  private async create(prefix: string, url: string): Promise<string> {
    const create = this.operations.find((op) => op.method === 'POST' && op.path === prefix && op.body);
    if (!create) return randomUUID();
    for (let attempt = 0; attempt < 5; attempt++) {
      const client = prefix === '/api/v1/store/cart' ? this.t.asGuest() : this.clientFor(prefix);
      const res = await client.post(url, minimalBody(create.body!, attempt));
      const data = Array.isArray(res.body?.data) ? res.body.data[0] : res.body?.data;
      if (res.status < 300 && data?.id) {
        if (data.session_token) this.headersFor.set(data.id, { 'x-cart-token': data.session_token });
        return data.id as string;
      }
    }
    return randomUUID();
  }

  /** The route's path parameters filled with real resources (parents first), and the headers they need. */
  async fill(path: string): Promise<{ url: string; params: Record<string, string>; headers: Record<string, string> }> {
    const params: Record<string, string> = {};
    const segments = path.split('/');
    let headers: Record<string, string> = {};
    for (const [i, seg] of segments.entries()) {
      const m = /^\{(\w+)\}$/.exec(seg);
      if (!m) continue;
      params[m[1]] = await this.realId(segments.slice(0, i).join('/'), params);
      headers = { ...headers, ...this.headersFor.get(params[m[1]]) };
    }
    return { url: path.replace(/\{(\w+)\}/g, (_m, n: string) => params[n]), params, headers };
  }
}
