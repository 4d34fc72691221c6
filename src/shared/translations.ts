import { Field, InputType, ObjectType } from 'type-graphql';

import { Clearable, type FieldRules, Rules } from './validation/rules';

/** BCP 47 language tag as the spec uses it (`en`, `de`, `pt-BR`). */
export const LOCALE_PATTERN = '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$';

/** The `locale` of a catalog translation (products, categories, property groups and options, attributes). */
export const TRANSLATION_LOCALE: FieldRules = { minLength: 1, maxLength: 35, pattern: LOCALE_PATTERN };

@ObjectType({ description: 'A name (and description) in one locale.' })
export class LocalizedText {
  @Field() locale!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
}

@InputType({ description: 'A name (and description) in one locale.' })
export class LocalizedTextInput {
  @Field() @Rules({ pattern: LOCALE_PATTERN, maxLength: 35 }) locale!: string;
  @Field() @Rules({ minLength: 1, maxLength: 255 }) name!: string;
  @Clearable() @Field({ nullable: true }) description?: string;
}

/** Translation rows as Prisma's nested `create` wants them, one per locale (the last one given wins). */
export function translationRows(
  list: LocalizedTextInput[],
): Array<{ locale: string; name: string; description: string | null }> {
  const byLocale = new Map(
    list.map((t) => [t.locale, { locale: t.locale, name: t.name, description: t.description ?? null }]),
  );
  return [...byLocale.values()];
}
