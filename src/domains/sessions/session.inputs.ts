import { Field, InputType } from 'type-graphql';
import { Rules } from '../../shared/validation/rules';

@InputType()
export class LoginInput {
  @Field() @Rules({ minLength: 1, maxLength: 320 }) email!: string;
  @Field() @Rules({ minLength: 1, maxLength: 1024 }) password!: string;
}

@InputType({ description: 'Without `refreshToken` the `svc_refresh_token` cookie is used.' })
export class RefreshInput {
  @Field({ nullable: true }) refreshToken?: string;
}

@InputType()
export class LogoutInput {
  @Field({ nullable: true, description: 'Also revokes this token\'s owner\'s sessions when no access token is presented.' }) refreshToken?: string;
}

@InputType({ description: 'A new customer account.' })
export class RegisterInput {
  @Field() @Rules({ minLength: 1, maxLength: 320, email: true }) email!: string;
  @Field({ description: '8 to 128 characters.' }) @Rules({ minLength: 8, maxLength: 128 }) password!: string;
  @Field() @Rules({ minLength: 1, maxLength: 255 }) firstName!: string;
  @Field() @Rules({ minLength: 1, maxLength: 255 }) lastName!: string;
}
