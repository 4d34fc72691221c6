import { Arg, Ctx, Field, Int, Mutation, ObjectType, Query, registerEnumType, Resolver } from 'type-graphql';

import {
  admin,
  AppError,
  assertPluginActive,
  JsonScalar,
  PaginatedList,
  pluginDatabaseFor,
  Raises,
  UuidScalar,
} from '../../src/plugin-api';
import { type DeliveryStatus, getDelivery, listDeliveries, MAX_REPLAY_IDS, replayDeliveries } from './deliveries';
import type { AutomationTables } from './relay';

const MAX_EVENT_FILTER = 100;

enum AutomationDeliveryStatus {
  PENDING = 'pending',
  DELIVERED = 'delivered',
  DEAD = 'dead',
}
registerEnumType(AutomationDeliveryStatus, {
  name: 'AutomationDeliveryStatus',
  description: '`PENDING` (due at `nextAttemptAt`), `DELIVERED`, or `DEAD` (max attempts reached; replay it).',
});

@ObjectType({ description: 'One delivery attempt of an automation event.' })
class AutomationAttempt {
  @Field(() => Int) attempt!: number;
  @Field(() => Int, { nullable: true, description: 'Null when no answer arrived (network error, timeout).' })
  statusCode!: number | null;
  @Field(() => Int) durationMs!: number;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => String, { nullable: true, description: 'The first 512 characters of the answer.' })
  responseBody!: string | null;
  @Field(() => Date, { nullable: true, description: 'When the next attempt was due after this one.' })
  nextAttemptAt!: Date | null;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({ description: 'An event the automation plugin forwards, with its delivery attempts.' })
class AutomationDelivery {
  @Field(() => UuidScalar, { description: 'Also the `X-Svc-Event-Id` / `webhook-id` of every attempt.' }) id!: string;
  @Field({ description: 'The hook name, e.g. `product.after_create`.' }) event!: string;
  @Field(() => AutomationDeliveryStatus) status!: AutomationDeliveryStatus;
  @Field(() => Int) attemptCount!: number;
  @Field(() => Date, { nullable: true }) nextAttemptAt!: Date | null;
  @Field(() => Int, { nullable: true }) lastStatusCode!: number | null;
  @Field(() => String, { nullable: true }) lastError!: string | null;
  @Field(() => Date, { nullable: true }) deliveredAt!: Date | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => JsonScalar, { description: 'The body as sent: `{ event, timestamp, entity, changes, metadata }`.' })
  payload!: unknown;
  @Field(() => [AutomationAttempt]) attempts!: AutomationAttempt[];
}

const AutomationDeliveryList = PaginatedList(AutomationDelivery, 'AutomationDeliveryList');

const TABLES: AutomationTables[] = ['automationEvent', 'automationAttempt'];
const dbOf = (context: unknown) => {
  assertPluginActive(context, 'automation');
  return pluginDatabaseFor(context, TABLES);
};

@Resolver()
export class AutomationResolver {
  @Query(() => AutomationDeliveryList, {
    description: 'Automation deliveries, newest first, with their attempts.',
  })
  automationDeliveries(
    @Ctx() context: unknown,
    @Arg('status', () => AutomationDeliveryStatus, { nullable: true }) status?: DeliveryStatus,
    @Arg('event', () => String, { nullable: true }) event?: string,
    @Arg('page', () => Int, { nullable: true }) page?: number,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
  ) {
    if ((page ?? 1) < 1) throw AppError.validation([{ field: 'page', detail: 'min' }]);
    if ((limit ?? 20) < 1) throw AppError.validation([{ field: 'limit', detail: 'min' }]);
    // Event names are short (`product.after_create`): a longer filter is a mistake, not a search.
    if (event && event.length > MAX_EVENT_FILTER) throw AppError.validation([{ field: 'event', detail: 'max_length' }]);
    return listDeliveries(dbOf(context), { status, event: event ?? undefined, page: page ?? 1, limit: limit ?? 20 });
  }

  @Query(() => AutomationDelivery, { description: 'One delivery with its attempts.' })
  @Raises('not_found')
  automationDelivery(@Ctx() context: unknown, @Arg('id', () => UuidScalar) id: string) {
    return getDelivery(dbOf(context), id);
  }

  @Mutation(() => Int, {
    description:
      'Makes deliveries due again now (same event id): the given `ids` (at most 100; all or nothing) or every delivery in `status`. Returns how many.',
  })
  automationReplay(
    @Ctx() context: unknown,
    @Arg('ids', () => [UuidScalar], { nullable: true }) ids?: string[],
    @Arg('status', () => AutomationDeliveryStatus, { nullable: true }) status?: AutomationDeliveryStatus,
  ) {
    if (!ids === !status) throw AppError.validation([{ field: 'ids', detail: 'required' }]);
    if (ids && (ids.length === 0 || ids.length > MAX_REPLAY_IDS))
      throw AppError.validation([{ field: 'ids', detail: ids.length ? 'max_items' : 'required' }]);
    if (status === AutomationDeliveryStatus.DELIVERED)
      throw AppError.validation([{ field: 'status', detail: 'oneof' }]);
    return replayDeliveries(dbOf(context), ids ? { ids } : { status: status as 'dead' | 'pending' });
  }
}

export const automationGraphql = {
  resolvers: [AutomationResolver],
  access: {
    Query: { automationDeliveries: admin('plugins.manage'), automationDelivery: admin('plugins.manage') },
    Mutation: { automationReplay: admin('plugins.manage') },
  },
};
