import type { Ctx } from '../../../context/ctx';
import type { PrismaClient } from '../../../generated/prisma/client';
import type { RetirementFeed } from '../../../platform/cache/retirements';
import type { Logger } from '../../../platform/logger';
import { FacetIndex } from './facet-index';

/**
 * The process's facet index, found by the database client it reads (the services' primary client, which every
 * request context carries): the composition root starts it beside the response cache, and the catalog's list
 * reads find it without the request context knowing the catalog.
 */
const indexes = new WeakMap<PrismaClient, FacetIndex>();

/** Starts the facet index of `prisma` (built on the first faceted read), when `cache.facet_index` is on. */
export function startFacetIndex(opts: {
  prisma: PrismaClient;
  feed: RetirementFeed;
  log: Logger;
  enabled: boolean;
}): FacetIndex | undefined {
  if (!opts.enabled) return undefined;
  const index = new FacetIndex(opts.prisma, opts.feed, opts.log);
  indexes.set(opts.prisma, index);
  return index;
}

/** The request's facet index, if the process runs one. */
export function facetIndexOf(ctx: Pick<Ctx, 'prisma'>): FacetIndex | undefined {
  return indexes.get(ctx.prisma);
}
