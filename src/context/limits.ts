import { Extensions } from 'type-graphql';

import type { LimitPolicy } from '../platform/security-store';
import { recordRateLimited } from '../platform/telemetry';
import { AppError } from '../shared/errors';
import type { Ctx } from './ctx';

export type EndpointLimit = Exclude<LimitPolicy, 'global'>;

/** The GraphQL field extension naming a root field's endpoint budget (read by REST, GraphQL and MCP). */
export const RATE_LIMIT_EXTENSION = 'rateLimit';

/**
 * Declares the endpoint budget of a root field (`@RateLimit('checkout')`). Adapters take it from the
 * caller's IP before they validate the input, so eleven empty checkout bodies in a minute still get a 429.
 */
export const RateLimit = (policy: EndpointLimit) => Extensions({ [RATE_LIMIT_EXTENSION]: policy });

/** The 429 of contract §2: `rate_limited` with `Retry-After` in seconds until a request is allowed again. */
export function rateLimited(retryAfter: number): AppError {
  return new AppError('rate_limited', 'too many requests', { headers: { 'Retry-After': String(retryAfter) } });
}

/**
 * Takes the endpoint budgets of an operation's root fields (one per field, so two aliased checkouts count
 * twice) for the caller's IP, throwing the 429 when one is empty. The only place a budget is taken: every
 * surface (the route runner for REST and MCP, Apollo for GraphQL, the plugin checkout function) passes the
 * budgets `@RateLimit` declared on the fields it runs, so they all share one counter per IP.
 */
export async function takeLimits(ctx: Ctx, policies: readonly EndpointLimit[]): Promise<void> {
  for (const policy of policies) {
    const verdict = await ctx.security.consume(policy, ctx.request.ip);
    if (!verdict.allowed) {
      recordRateLimited(policy);
      throw rateLimited(verdict.retryAfter);
    }
  }
}
