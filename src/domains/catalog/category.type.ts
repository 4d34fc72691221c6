import { Field, InputType, Int, ObjectType } from 'type-graphql';

import { PaginatedList } from '../../shared/pagination';
import { JsonScalar, UuidScalar } from '../../shared/scalars';
import { TRANSLATION_LOCALE } from '../../shared/translations';
import { LIST_LIMITS } from '../../shared/validation/limits';
import { Clearable, Rules } from '../../shared/validation/rules';

@ObjectType()
export class CategoryTranslation {
  @Field() locale!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() slug!: string;
}

@ObjectType({ description: 'A node of the category tree.' })
export class Category {
  @Field(() => UuidScalar) id!: string;
  @Field(() => UuidScalar, { nullable: true }) parentId!: string | null;
  @Field(() => Int) position!: number;
  @Field() active!: boolean;
  @Field(() => JsonScalar) customFields!: unknown;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
  /** Filled by the store tree query; other reads leave it unset. */
  children?: Category[];
}

export const CategoryList = PaginatedList(Category, 'CategoryList');

@InputType()
export class CategoryTranslationInput {
  @Field() @Rules(TRANSLATION_LOCALE) locale!: string;
  @Field() @Rules({ minLength: 1, maxLength: 255 }) name!: string;
  @Clearable() @Field({ nullable: true }) description?: string;
  @Field() @Rules({ minLength: 1, maxLength: 255 }) slug!: string;
}

@InputType({ description: 'A category; at least one translation.' })
export class CategoryCreateInput {
  @Clearable() @Field(() => UuidScalar, { nullable: true }) parentId?: string;
  @Field(() => Int, { nullable: true }) position?: number;
  @Field({ nullable: true, description: 'Default true.' }) active?: boolean;
  @Field(() => JsonScalar, { nullable: true }) customFields?: Record<string, unknown>;
  @Field(() => [CategoryTranslationInput])
  @Rules({ minItems: 1, maxItems: LIST_LIMITS.translations })
  translations!: CategoryTranslationInput[];
}

@InputType({
  description:
    'Changes to a category: only given fields change; translations are upserted by locale; `parentId: null` makes it a root.',
})
export class CategoryUpdateInput {
  @Clearable() @Field(() => UuidScalar, { nullable: true }) parentId?: string | null;
  @Field(() => Int, { nullable: true }) position?: number;
  @Field({ nullable: true }) active?: boolean;
  @Field(() => JsonScalar, { nullable: true }) customFields?: Record<string, unknown>;
  @Field(() => [CategoryTranslationInput], { nullable: true })
  @Rules({ maxItems: LIST_LIMITS.translations })
  translations?: CategoryTranslationInput[];
}

@ObjectType()
export class Tag {
  @Field(() => UuidScalar) id!: string;
  @Field() name!: string;
  @Field() slug!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

export const TagList = PaginatedList(Tag, 'TagList');

@InputType({ description: 'A tag; the slug defaults to the name, lower-cased with dashes.' })
export class TagCreateInput {
  @Field() @Rules({ minLength: 1, maxLength: 255 }) name!: string;
  @Field({ nullable: true }) @Rules({ minLength: 1, maxLength: 255, pattern: '^[a-z0-9][a-z0-9_-]*$' }) slug?: string;
}

@InputType()
export class TagUpdateInput {
  @Field({ nullable: true }) @Rules({ minLength: 1, maxLength: 255 }) name?: string;
  @Field({ nullable: true }) @Rules({ minLength: 1, maxLength: 255, pattern: '^[a-z0-9][a-z0-9_-]*$' }) slug?: string;
}
