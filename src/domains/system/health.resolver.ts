import { Ctx as Context, Field, ObjectType, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { SERVICE_VERSION } from '../../platform/version';

@ObjectType({ description: 'Liveness of the service and its database.' })
export class Health {
  @Field({ description: '`ok`, `degraded` (the database is unreachable) or `stopping` (shutting down).' })
  status!: string;
  @Field({ description: '`ok` or `unreachable`.' }) database!: string;
  @Field() version!: string;
}

@Resolver()
export class HealthResolver {
  @Query(() => Health, {
    description: 'Public. REST answers 503 when the database is unreachable or the service is shutting down.',
  })
  async health(@Context() ctx: Ctx): Promise<Health> {
    const up = await ctx.prisma.$queryRaw`SELECT 1`.then(
      () => true,
      () => false,
    );
    const status = ctx.lifecycle?.stopping ? 'stopping' : up ? 'ok' : 'degraded';
    return { status, database: up ? 'ok' : 'unreachable', version: SERVICE_VERSION };
  }
}
