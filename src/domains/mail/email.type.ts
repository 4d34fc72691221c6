import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';

import { PaginatedList } from '../../shared/pagination';
import { UuidScalar } from '../../shared/scalars';

export enum EmailStatus {
  PENDING = 'pending',
  SENT = 'sent',
  KEPT = 'kept',
  FAILED = 'failed',
}
registerEnumType(EmailStatus, {
  name: 'EmailStatus',
  description:
    'PENDING: waiting for the background jobs (or a retry); SENT: the SMTP server accepted it; KEPT: no `mail.smtp_url`, kept here and never sent; FAILED: refused for good, or out of attempts (see `lastError`).',
});

@ObjectType({
  description: 'A transactional email, rendered when it was written (what the recipient gets is what is shown here).',
})
export class Email {
  @Field(() => UuidScalar) id!: string;
  @Field({ description: 'The template it was made from, e.g. `order_confirmation`.' }) kind!: string;
  @Field() recipient!: string;
  @Field() subject!: string;
  @Field(() => EmailStatus) status!: EmailStatus;
  @Field(() => Int, { description: 'SMTP attempts so far.' }) attempts!: number;
  @Field(() => String, { nullable: true, description: "The SMTP server's answer to the last failed attempt." })
  lastError!: string | null;
  @Field({ description: 'The HTML part; every value in it is escaped. Show it in a sandboxed frame.' }) html!: string;
  @Field({ description: 'The plain-text part.' }) text!: string;
  @Field() locale!: string;
  @Field(() => UuidScalar, { nullable: true, description: 'The order it concerns, if any.' }) orderId!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) sentAt!: Date | null;
}

export const EmailList = PaginatedList(Email, 'EmailList');

@ObjectType({
  description: 'An email kind rendered with sample data, through the same templates (and overrides) as real emails.',
})
export class EmailPreview {
  @Field({ description: 'The template, e.g. `order_confirmation`.' }) kind!: string;
  @Field() locale!: string;
  @Field() subject!: string;
  @Field({ description: 'Show it in a sandboxed frame.' }) html!: string;
  @Field() text!: string;
}
