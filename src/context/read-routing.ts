import type { Ctx, ReadRouting } from './ctx';

/** The session a write belongs to: the signed-in actor (staff, customer, or an API key's owner). */
function sessionKey(ctx: Ctx): string | undefined {
  const { actor } = ctx;
  return actor.kind === 'anonymous' ? undefined : `${actor.kind}:${actor.id}`;
}

/**
 * A session that signed in within the window (its access token is that young) may read rows written just before
 * by a request that had no session yet: its registration, its guest checkout. Its `iat` is `exp` minus the
 * access-token lifetime; a second is added for the claims' whole-second rounding.
 */
function freshlySignedIn(ctx: Ctx, routing: ReadRouting): boolean {
  const { actor } = ctx;
  if (actor.kind === 'anonymous' || actor.kind === 'api_key' || actor.exp === undefined) return false;
  const issuedAtMs = (actor.exp - routing.accessTokenSeconds) * 1000;
  return issuedAtMs > Date.now() - routing.recentWrites.windowMs - 1000;
}

/** Carts and guest orders are read through their tokens right after the writes that made them: primary. */
function carriesSessionToken(ctx: Ctx): boolean {
  return !!(ctx.request.cartToken || ctx.request.guestToken);
}

/** Whether no store write was heard of within the window (checking the shared generation first). */
async function storeSettled(routing: ReadRouting): Promise<boolean> {
  await routing.refreshStoreWrites();
  return Date.now() - routing.lastStoreWriteAt >= routing.recentWrites.windowMs;
}

/**
 * Runs one GraphQL operation (GraphQL, REST, MCP: every operation passes here) reading from a replica when it
 * may. Queries do, through the replica-routing client (plain reads go to a replica; anything else still goes
 * to the primary), unless the request carries a cart or guest-order token, its session wrote within the
 * read-your-writes window or signed in within it, or (anonymous requests) store data changed within that
 * window (a cached page filled from a replica that had not replayed the change would outlive it). Mutations read and write on the primary and open their
 * session's window once they ran.
 */
export async function routeOperation<T>(ctx: Ctx, kind: string, run: () => Promise<T>): Promise<T> {
  const routing = ctx.readRouting;
  if (!routing) return run();
  const key = sessionKey(ctx);
  if (kind !== 'query') {
    try {
      return await run();
    } finally {
      if (key) await routing.recentWrites.wrote(key);
    }
  }
  if (carriesSessionToken(ctx) || freshlySignedIn(ctx, routing)) return run();
  // Only anonymous answers are cached, so only they wait out a store write (signed-in reads see a replica's
  // bounded lag for other sessions' writes, and their own writes from the primary).
  if (key ? !(await routing.recentWrites.recent(key)) : await storeSettled(routing)) {
    ctx.db = routing.prisma;
    ctx.loaders = ctx.createLoaders(routing.prisma);
  }
  return run();
}
