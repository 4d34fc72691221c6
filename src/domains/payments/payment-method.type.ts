import { Field, InputType, Int, ObjectType } from 'type-graphql';

import { PaginatedList } from '../../shared/pagination';
import { UuidScalar } from '../../shared/scalars';
import { LocalizedText, LocalizedTextInput } from '../../shared/translations';
import { LIST_LIMITS } from '../../shared/validation/limits';
import { Rules } from '../../shared/validation/rules';

@ObjectType({
  description:
    'A way to pay. An empty `provider` is manual payment (invoice, bank transfer): checkout needs no payment reference.',
})
export class PaymentMethod {
  @Field(() => UuidScalar) id!: string;
  @Field({ description: '`payprov` for the payment-provider plugin, empty for manual payment.' }) provider!: string;
  @Field() active!: boolean;
  @Field(() => Int) position!: number;
  @Field(() => [LocalizedText]) translations!: LocalizedText[];
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

export const PaymentMethodList = PaginatedList(PaymentMethod, 'PaymentMethodList');

const PROVIDER = { maxLength: 100, pattern: '^[a-z0-9_-]*$' };

@InputType()
export class PaymentMethodCreateInput {
  @Field({ nullable: true, description: 'Default empty (manual payment).' }) @Rules(PROVIDER) provider?: string;
  @Field({ nullable: true, description: 'Default true.' }) active?: boolean;
  @Field(() => Int, { nullable: true }) position?: number;
  @Field(() => [LocalizedTextInput])
  @Rules({ minItems: 1, maxItems: LIST_LIMITS.translations })
  translations!: LocalizedTextInput[];
}

@InputType({ description: 'Only the fields given change; `translations` replaces the whole list.' })
export class PaymentMethodUpdateInput {
  @Field({ nullable: true }) @Rules(PROVIDER) provider?: string;
  @Field({ nullable: true }) active?: boolean;
  @Field(() => Int, { nullable: true }) position?: number;
  @Field(() => [LocalizedTextInput], { nullable: true })
  @Rules({ minItems: 1, maxItems: LIST_LIMITS.translations })
  translations?: LocalizedTextInput[];
}
