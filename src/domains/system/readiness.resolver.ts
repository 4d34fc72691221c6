import { Ctx as Context, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { pendingMigrations, type SqlExecutor } from '../../platform/db/migrator';

@ObjectType({ description: 'A read replica (`database.replica_urls`) as this instance sees it.' })
export class ReplicaReadiness {
  @Field({ description: '`host:port/database` of the replica.' }) name!: string;
  @Field({
    description:
      '`ok` (in rotation), `lagging` (further behind than `database.replica_max_lag_ms`), `unreachable`, or `not_a_replica` (not in recovery: promoted or misconfigured); only `ok` replicas receive reads.',
  })
  status!: string;
  @Field(() => Int, { nullable: true, description: 'How far behind the primary it was at the last check (ms).' })
  lagMs!: number | null;
}

@ObjectType({ description: 'Whether this instance should receive traffic, and why not.' })
export class Readiness {
  @Field({
    description:
      '`ready`; `degraded` when only Redis is unreachable (served, with limits, locks and the blacklist kept per instance) or no configured read replica is in rotation (reads go to the primary); `not_ready` when the database is unreachable, migrations are pending or the instance is draining.',
  })
  status!: string;
  @Field({ description: '`ok` or `unreachable`.' }) database!: string;
  @Field({ description: '`ok`, `unreachable`, or `not_configured` (limits kept in memory).' }) redis!: string;
  @Field(() => Int, { description: 'Migrations in the code that the database has not applied.' })
  pendingMigrations!: number;
  @Field({ description: 'True while shutting down (in-flight requests finish; no new ones should come).' })
  draining!: boolean;
  @Field(() => [ReplicaReadiness], {
    description:
      'The read replicas (empty without `database.replica_urls`). None in rotation is `degraded`: reads go to the primary.',
  })
  replicas!: ReplicaReadiness[];
}

/** Runs raw SQL through Prisma for the migration check (read-only statements). */
const prismaExecutor = (ctx: Ctx): SqlExecutor => ({
  exec: async (sql) => void (await ctx.prisma.$executeRawUnsafe(sql)),
  query: (sql, params = []) => ctx.prisma.$queryRawUnsafe(sql, ...params),
});

@Resolver()
export class ReadinessResolver {
  @Query(() => Readiness, {
    description:
      'Public. Readiness for load balancers: database, Redis (when configured), pending migrations and draining. REST answers 503 when not ready (200 when ready or degraded).',
  })
  async readiness(@Context() ctx: Ctx): Promise<Readiness> {
    const [database, pending, redis] = await Promise.all([
      ctx.prisma.$queryRaw`SELECT 1`.then(
        () => true,
        () => false,
      ),
      pendingMigrations(prismaExecutor(ctx)).then(
        (names) => names.length,
        () => -1,
      ),
      ctx.security.ping(),
    ]);
    const draining = ctx.lifecycle?.stopping ?? false;
    const ready = database && pending === 0 && !draining;
    const replicas = ctx.readRouting?.replicas() ?? [];
    const noReplica = replicas.length > 0 && !replicas.some((r) => r.status === 'ok');
    return {
      status: !ready ? 'not_ready' : redis === false || noReplica ? 'degraded' : 'ready',
      database: database ? 'ok' : 'unreachable',
      redis: redis === null ? 'not_configured' : redis ? 'ok' : 'unreachable',
      pendingMigrations: Math.max(pending, 0),
      draining,
      replicas,
    };
  }
}
