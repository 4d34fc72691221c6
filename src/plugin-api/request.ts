import type { Ctx } from '../context/ctx';
import type { CookieOptions } from '../context/effects';
import { guestTokensOf } from '../context/guest-tokens';

/**
 * Who calls a plugin's resolver and what its transport told: the view a plugin's GraphQL fields (and so its route
 * rows, and its MCP tools' store calls, which run the same rows) get of the request, instead of an Express request.
 * Every surface fills it the same way: REST and GraphQL from headers and cookies, MCP from tool arguments.
 */
export interface PluginCaller {
  /** The caller's id (admin, customer, or the API key's owner), or null for a guest. */
  userId: string | null;
  /** `admin`, `customer`, `api_key`, or null for a guest. */
  userType: 'admin' | 'customer' | 'api_key' | null;
  requestId: string;
  /** The client's IP (the rate-limit key of its budgets). */
  clientIp: string;
  /** An anonymous cart's token (`X-Cart-Token`). */
  cartToken?: string;
  /** A guest order's token: `X-Guest-Token`, else the newest of the `svc_guest_token` cookie's. */
  guestToken?: string;
  /**
   * Every guest order token the caller presents, newest first: the header's one, or the cookie's list (one
   * browser's guest orders all stay readable). A guest owns an order when any of them is the order's.
   */
  guestTokens: string[];
  /** The client's `Idempotency-Key`, as sent. */
  idempotencyKey?: string;
  /** `https://shop.example.com` when an HTTP request is behind the call (absolute links), else undefined. */
  origin?: string;
  cookie(name: string): string | undefined;
  /** A cookie on the answer (HTTP surfaces; elsewhere it is dropped). */
  setCookie(name: string, value: string, options: CookieOptions): void;
  /** A header on the answer (HTTP surfaces; elsewhere it is dropped). */
  setHeader(name: string, value: string): void;
}

/** The caller of a plugin's resolver (`@Ctx() context`). */
export function pluginCaller(context: unknown): PluginCaller {
  const ctx = context as Ctx;
  const { actor } = ctx;
  const guestTokens = guestTokensOf(ctx.request.guestToken);
  return {
    userId: actor.kind === 'anonymous' ? null : actor.id,
    userType: actor.kind === 'anonymous' ? null : actor.kind,
    requestId: ctx.requestId,
    clientIp: ctx.request.ip,
    cartToken: ctx.request.cartToken,
    guestToken: guestTokens[0],
    guestTokens,
    idempotencyKey: ctx.request.idempotencyKey,
    origin: ctx.request.origin,
    cookie: (name) => ctx.request.cookies[name],
    setCookie: (name, value, options) => ctx.effects.setCookie(name, value, options),
    setHeader: (name, value) => ctx.effects.header(name, value),
  };
}
