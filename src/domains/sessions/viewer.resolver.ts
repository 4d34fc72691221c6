import { Ctx as Context, Field, ObjectType, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';

@ObjectType({
  description:
    'Who the request authenticates as. The admin dashboard reads it to tell staff from customers and to hide ' +
    'the actions a staff member lacks the permission for (the server still enforces every one).',
})
export class Viewer {
  @Field({ description: '`admin` (a staff user), `customer` or `api_key`.' }) kind!: string;
  @Field({ description: 'The user id (the key id for an API key).' }) id!: string;
  @Field(() => String, { nullable: true, description: 'Null for an API key.' }) email!: string | null;
  @Field({ description: '`super_admin`, `admin`, `manager`, `viewer`, `customer` or `api_client`.' }) role!: string;
  @Field(() => [String], { description: 'The permissions this credential holds now, sorted.' })
  permissions!: string[];
}

@Resolver()
export class ViewerResolver {
  @Query(() => Viewer, {
    nullable: true,
    description: 'The signed-in user or API key; null without (or with an expired or revoked) credential.',
  })
  viewer(@Context() ctx: Ctx): Viewer | null {
    const actor = ctx.actor;
    if (actor.kind === 'anonymous') return null;
    const permissions = [...actor.permissions].sort();
    if (actor.kind === 'api_key')
      return { kind: 'api_key', id: actor.keyId, email: null, role: actor.role, permissions };
    return { kind: actor.kind, id: actor.id, email: actor.email, role: actor.role, permissions };
  }
}
