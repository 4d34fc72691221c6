import { Field, InputType, ObjectType } from 'type-graphql';

import { PaginatedList } from '../../shared/pagination';
import { UuidScalar } from '../../shared/scalars';
import { Rules } from '../../shared/validation/rules';

@ObjectType({ description: 'An API key. Only its SHA-256 is stored; the key itself is shown once, at creation.' })
export class ApiKey {
  @Field(() => UuidScalar) id!: string;
  @Field() name!: string;
  @Field(() => [String], {
    description: "As granted (`products.*` wildcards kept); at use time they are cut to what the owner's role allows.",
  })
  permissions!: string[];
  @Field(() => Date, { nullable: true, description: 'Updated at most once a minute per instance.' })
  lastUsedAt!: Date | null;
  @Field(() => Date) createdAt!: Date;
}

export const ApiKeyList = PaginatedList(ApiKey, 'ApiKeyList');

@ObjectType({ description: 'A new API key with its raw value, which is never shown again.' })
export class ApiKeyCreated extends ApiKey {
  @Field({ description: '`ck_<64 hex>` (staff) or `sk_<64 hex>` (customer); send as `Authorization: ApiKey <key>`.' })
  key!: string;
}

@InputType()
export class ApiKeyCreateInput {
  @Field() @Rules({ minLength: 1, maxLength: 255 }) name!: string;
  @Field(() => [String], {
    description: "Permission names or `<resource>.*` wildcards, within the creator's own permissions.",
  })
  permissions!: string[];
}
