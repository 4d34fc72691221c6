import type { LimitPolicy } from '../platform/security-store';
import { AppError } from '../shared/errors';
import type { Ctx } from './ctx';

/** The 429 of contract §2: `rate_limited` with `Retry-After` in seconds until a request is allowed again. */
export function rateLimited(retryAfter: number): AppError {
  return new AppError('rate_limited', 'too many requests', { headers: { 'Retry-After': String(retryAfter) } });
}

/**
 * Takes one request from an endpoint budget (login, register, checkout…) for the caller's IP, throwing the
 * 429 when it is empty. Called by services, so the REST route and its GraphQL mutation share one counter.
 */
export async function consumeLimit(ctx: Ctx, policy: Exclude<LimitPolicy, 'global'>): Promise<void> {
  const verdict = await ctx.security.consume(policy, ctx.request.ip);
  if (!verdict.allowed) throw rateLimited(verdict.retryAfter);
}
