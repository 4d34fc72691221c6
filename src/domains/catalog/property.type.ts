import { Field, InputType, Int, ObjectType } from 'type-graphql';

import { UuidScalar } from '../../shared/scalars';
import { TRANSLATION_LOCALE } from '../../shared/translations';
import { LIST_LIMITS } from '../../shared/validation/limits';
import { Clearable, Rules } from '../../shared/validation/rules';
import { NameTranslation } from './product.type';

@ObjectType()
export class PropertyOption {
  @Field(() => UuidScalar) id!: string;
  @Field(() => UuidScalar) propertyGroupId!: string;
  @Field(() => Int) position!: number;
  @Field(() => String, { nullable: true }) colorHex!: string | null;
  @Field(() => [NameTranslation]) translations!: NameTranslation[];
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

@ObjectType({ description: 'A variant axis (size, colour) with its options.' })
export class PropertyGroup {
  @Field(() => UuidScalar) id!: string;
  @Field() identifier!: string;
  @Field(() => Int) position!: number;
  @Field(() => [NameTranslation]) translations!: NameTranslation[];
  @Field(() => [PropertyOption]) options!: PropertyOption[];
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

@InputType()
export class NameTranslationInput {
  @Field() @Rules(TRANSLATION_LOCALE) locale!: string;
  @Field() @Rules({ minLength: 1, maxLength: 255 }) name!: string;
}

/** What an identifier of a property group or attribute looks like (else 422 `invalid_identifier`, spec). */
export const IDENTIFIER_PATTERN = '^[a-z0-9][a-z0-9_-]*$';
/** The attribute types (else 422 `invalid_attribute_type`, spec). */
export const ATTRIBUTE_TYPES = ['text', 'number', 'select', 'multi_select', 'boolean'] as const;
const IDENTIFIER_RULE = { pattern: IDENTIFIER_PATTERN, code: 'invalid_identifier' };

@InputType({ description: 'A property group; PUT takes the same body, all of it (identifier included).' })
export class PropertyGroupInput {
  @Field({
    description: 'Pattern `^[a-z0-9][a-z0-9_-]*$` (422 `invalid_identifier`), unique (409 `duplicate_identifier`).',
  })
  @Rules({ maxLength: 255, checkedByUseCase: IDENTIFIER_RULE })
  identifier!: string;
  @Field(() => Int, { nullable: true }) position?: number;
  @Field(() => [NameTranslationInput])
  @Rules({ minItems: 1, maxItems: LIST_LIMITS.translations })
  translations!: NameTranslationInput[];
}

@InputType({ description: 'A property option; on update the translations given replace the stored ones.' })
export class PropertyOptionInput {
  @Field(() => Int, { nullable: true }) position?: number;
  @Clearable()
  @Field(() => String, { nullable: true })
  @Rules({ pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$' })
  colorHex?: string | null;
  @Field(() => [NameTranslationInput])
  @Rules({ minItems: 1, maxItems: LIST_LIMITS.translations })
  translations!: NameTranslationInput[];
}

@ObjectType()
export class AttributeTranslation {
  @Field() locale!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
}

@ObjectType()
export class AttributeOption {
  @Field(() => UuidScalar) id!: string;
  @Field(() => UuidScalar) attributeId!: string;
  @Field(() => Int) position!: number;
  @Field(() => [NameTranslation]) translations!: NameTranslation[];
}

@ObjectType({ description: 'A descriptive attribute definition.' })
export class Attribute {
  @Field(() => UuidScalar) id!: string;
  @Field() identifier!: string;
  @Field({ description: 'text, number, select, multi_select or boolean.' }) type!: string;
  @Field(() => String, { nullable: true }) unit!: string | null;
  @Field(() => Int) position!: number;
  @Field() filterable!: boolean;
  @Field() required!: boolean;
  @Field(() => [AttributeTranslation]) translations!: AttributeTranslation[];
  @Field(() => [AttributeOption]) options!: AttributeOption[];
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

@InputType()
export class AttributeTranslationInput {
  @Field() @Rules(TRANSLATION_LOCALE) locale!: string;
  @Field() @Rules({ minLength: 1, maxLength: 255 }) name!: string;
  @Clearable() @Field({ nullable: true }) description?: string;
}

@InputType({ description: 'An attribute; PUT is a full replacement (omitted optional fields take their defaults).' })
export class AttributeInput {
  @Field({ description: 'Pattern `^[a-z0-9][a-z0-9_-]*$` (422 `invalid_identifier`).' })
  @Rules({ maxLength: 255, checkedByUseCase: IDENTIFIER_RULE })
  identifier!: string;
  @Field({ description: 'One of text, number, select, multi_select, boolean (422 `invalid_attribute_type`).' })
  @Rules({ checkedByUseCase: { oneOf: ATTRIBUTE_TYPES, code: 'invalid_attribute_type' } })
  type!: string;
  @Clearable() @Field(() => String, { nullable: true }) @Rules({ maxLength: 20 }) unit?: string | null;
  @Field(() => Int, { nullable: true }) position?: number;
  @Field({ nullable: true }) filterable?: boolean;
  @Field({ nullable: true }) required?: boolean;
  @Field(() => [AttributeTranslationInput])
  @Rules({ minItems: 1, maxItems: LIST_LIMITS.translations })
  translations!: AttributeTranslationInput[];
}

@InputType()
export class AttributeOptionInput {
  @Field(() => Int, { nullable: true }) position?: number;
  @Field(() => [NameTranslationInput])
  @Rules({ minItems: 1, maxItems: LIST_LIMITS.translations })
  translations!: NameTranslationInput[];
}
