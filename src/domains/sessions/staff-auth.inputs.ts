import { Field, InputType } from 'type-graphql';

import { Rules } from '../../shared/validation/rules';

@InputType({ description: 'The token of an invite email (the part after `#token=`), the password and optional names.' })
export class AcceptInviteInput {
  @Field() @Rules({ minLength: 1, maxLength: 256 }) token!: string;
  @Field({ description: '8 to 128 characters, not one of the most common passwords.' })
  @Rules({ minLength: 8, maxLength: 128 })
  password!: string;
  @Field({ nullable: true }) @Rules({ maxLength: 255 }) firstName?: string;
  @Field({ nullable: true }) @Rules({ maxLength: 255 }) lastName?: string;
}
